package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import java.util.function.Supplier;

/**
 * The start/stop state machine shared by every counter: which calls are legal in which order,
 * and, for thread-bound kinds, the same-thread rule and the refusal to measure a virtual thread
 * ({@link VirtualThreads}). Subclasses only read their sources.
 */
abstract class IntervalCounter implements Counter {
    private static final int NEW = 0;
    private static final int STARTED = 1;
    private static final int STOPPED = 2;

    private final CounterKind kind;
    private final boolean threadBound;
    private final LazyFrequency frequency;
    private final Supplier<CounterInfo> info;
    private int state = NEW;
    private Thread owner;

    IntervalCounter(CounterKind kind, LazyFrequency frequency, Supplier<CounterInfo> info) {
        this.kind = requireNonNull(kind, "kind");
        this.threadBound = kind.isThreadBound();
        this.frequency = requireNonNull(frequency, "frequency");
        this.info = requireNonNull(info, "info");
    }

    /** Reads the source(s) into the start reading. */
    abstract void readStart();

    /** Reads the source(s) into the end reading. */
    abstract void readEnd();

    /** Makes the end reading the new start reading, without reading any source. */
    abstract void endBecomesStart();

    @Override
    public final void start() {
        if (threadBound) {
            Thread current = Thread.currentThread();
            if (VirtualThreads.isVirtual(current)) {
                state = NEW;
                throw VirtualThreads.refusal(kind, current);
            }
            owner = current;
        }
        try {
            readStart();
        } catch (RuntimeException failure) {
            state = NEW;
            throw failure;
        }
        state = STARTED;
    }

    @Override
    public final void stop() {
        if (state == NEW) {
            throw CounterMisuse.calledBeforeStart("stop()");
        }
        checkOwner("stopped");
        try {
            readEnd();
        } catch (RuntimeException failure) {
            state = STARTED; // the end is unknown, and a partial read may have overwritten the last one
            throw failure;
        }
        state = STOPPED;
    }

    @Override
    public final void restartFromStop() {
        if (state != STOPPED) {
            throw CounterMisuse.restartNeedsStop();
        }
        checkOwner("restarted");
        endBecomesStart();
        state = STARTED;
    }

    /** Throws unless a start()/stop() pair has completed. */
    final void checkReadable() {
        if (state == STOPPED) {
            return;
        }
        throw CounterMisuse.notReadable(state != NEW);
    }

    private void checkOwner(String action) {
        if (threadBound && owner != Thread.currentThread()) {
            throw new IllegalStateException(String.format(
                    "This %s counter was started on %s but %s on %s; a thread's CPU "
                            + "time can only be read on that thread: use one counter per thread",
                    kind, VirtualThreads.describeThread(owner), action,
                    VirtualThreads.describeThread(Thread.currentThread())));
        }
    }

    @Override
    public final long getFrequency() {
        return frequency.get();
    }

    @Override
    public final CounterInfo getInfo() {
        return info.get();
    }

    final CounterKind kind() {
        return kind;
    }

    @Override
    public String toString() {
        return kind + " counter (" + (state == STOPPED ? getPeriodCount() + " ticks" : state == NEW ? "new" : "running") + ")";
    }
}
