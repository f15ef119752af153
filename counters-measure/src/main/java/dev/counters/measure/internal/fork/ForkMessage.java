package dev.counters.measure.internal.fork;

import java.io.Serializable;

/** A message between a comparison and one of its forks: a {@link ForkRequest} or a {@link ForkReply}, of a {@link #VERSION}. */
public interface ForkMessage extends Serializable {
    /** The version of both messages; raised whenever a field changes meaning. */
    int VERSION = 4;

    /** The version this message was written in: a reader refuses another. */
    int version();
}
