package dev.counters.cli;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.internal.Thrown;

/**
 * The user's {@code --task} failed while it was being measured: it threw, or overflowed its stack.
 * The message names the task, the run it failed in and what it threw; the cause is what it threw,
 * whose stack trace is shown only when asked for ({@code --stack-trace}). Exit code 2.
 */
final class TaskRunFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final boolean showStackTrace;

    /**
     * @param taskName the class the user named
     * @param run where it failed, e.g. {@code "prepared warm-up run 5"}
     * @param thrown what the task threw
     * @param showStackTrace whether the user asked for the task's stack trace
     */
    TaskRunFailure(String taskName, String run, Throwable thrown, boolean showStackTrace) {
        super("the task " + taskName + " failed in " + run + ": " + Thrown.describe(thrown), requireNonNull(thrown, "thrown"));
        this.showStackTrace = showStackTrace;
    }

    boolean showStackTrace() {
        return showStackTrace;
    }
}
