package dev.counters.measure.internal;

/**
 * How a task's failure is named wherever it is reported (a fork's reply, the command line): the
 * throwable as {@link Throwable#toString()} says it, and, for a stack overflow, what it usually means.
 */
public final class Thrown {
    private Thrown() {}

    /** {@code "java.lang.StackOverflowError (its recursion went too deep: does it end?)"}, or {@code thrown.toString()}. */
    public static String describe(Throwable thrown) {
        if (thrown instanceof StackOverflowError) {
            return thrown + " (its recursion went too deep: does it end?)";
        }
        return thrown.toString();
    }
}
