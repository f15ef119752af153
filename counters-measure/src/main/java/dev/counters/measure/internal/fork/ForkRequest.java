package dev.counters.measure.internal.fork;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.internal.CompareSettings;

/**
 * What the parent asks of one fork, the one message it sends (on the fork's standard input): the
 * settings, its share of the budget among them, the two tasks, the seed of its random draws,
 * which task warms up first, and the file to write its {@link ForkReply} to.
 *
 * @param version {@link ForkMessage#VERSION}: a fork refuses a request of another version
 * @param bFirst whether B warms up before A ({@link dev.counters.measure.internal.WarmUpOrder})
 */
public record ForkRequest(int version, CompareSettings settings, TaskSpec a, TaskSpec b, long seed, boolean bFirst,
        String replyFile)
        implements ForkMessage {
    private static final long serialVersionUID = 1L;

    public ForkRequest {
        requireNonNull(settings, "settings");
        requireNonNull(a, "a");
        requireNonNull(b, "b");
        requireNonNull(replyFile, "replyFile");
    }

    /** A request of this version. */
    public ForkRequest(CompareSettings settings, TaskSpec a, TaskSpec b, long seed, boolean bFirst, String replyFile) {
        this(VERSION, settings, a, b, seed, bFirst, replyFile);
    }

    /** The task labelled {@code label}: {@code A} or {@code B}. */
    TaskSpec task(String label) {
        return label.equals(a.label()) ? a : b;
    }
}
