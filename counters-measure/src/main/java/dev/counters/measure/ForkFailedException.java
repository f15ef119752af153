package dev.counters.measure;

import static java.util.Objects.requireNonNull;

/**
 * A fork of a comparison of task classes could not measure: a task's constructor or {@code run()}
 * threw, it called {@code System.exit}, the instances did not fit in the fork's heap, or the fork's
 * JVM did not start. The message says which task, in which call, and what happened in a few lines,
 * as a comparison in this JVM would ({@code forks(0)}); {@link #forkOutputTail()} holds the last
 * lines the fork printed.
 */
public final class ForkFailedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final String task;
    private final String call;
    private final String forkOutputTail;

    /**
     * @param task {@code A}, {@code B}, or {@code ""} when no one task is to blame
     * @param call what failed: {@code its constructor}, {@code run()}, {@code System.exit}, ...
     */
    public ForkFailedException(String message, String task, String call, String forkOutputTail) {
        super(requireNonNull(message, "message"));
        this.task = requireNonNull(task, "task");
        this.call = requireNonNull(call, "call");
        this.forkOutputTail = requireNonNull(forkOutputTail, "forkOutputTail");
    }

    /** {@code A} or {@code B}, the task that failed; {@code ""} when the fork failed otherwise. */
    public String task() {
        return task;
    }

    /** The call that failed: {@code its constructor}, {@code run()}, {@code System.exit}, {@code making its instances}, ... */
    public String call() {
        return call;
    }

    /** The last lines the fork printed (at most 8 KiB), for what the message does not say. */
    public String forkOutputTail() {
        return forkOutputTail;
    }
}
