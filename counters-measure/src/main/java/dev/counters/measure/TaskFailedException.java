package dev.counters.measure;

/**
 * A measured {@link Task} threw; the cause is what it threw. One rule for {@link Measure} and
 * {@link Compare}: every exception a task throws, checked or unchecked, arrives wrapped in this one,
 * naming the run it ended ({@link #phase()}), so a caller can tell the task's failure from a refusal
 * of the library's own (an {@link IllegalArgumentException} about a setting stays unwrapped). A
 * {@link StackOverflowError} (its recursion went too deep; the stack is whole again once it has
 * unwound), an {@link AssertionError} (its own checks failed) and a {@link LinkageError} (a class it
 * needs cannot be loaded, linked or initialised) are the task's too, so they arrive wrapped the same
 * way, naming the run. Other errors
 * ({@link OutOfMemoryError} and the JVM's own) pass through unchanged: they say more about the JVM
 * than about the run they happened in.
 */
public final class TaskFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String phase;

    public TaskFailedException(String phase, Exception cause) {
        this(phase, (Throwable) cause);
    }

    /**
     * For a throwable that is not an exception but still the task's: a {@link StackOverflowError}, an
     * {@link AssertionError} from the task's own checks, a {@link LinkageError}.
     */
    public TaskFailedException(String phase, Throwable cause) {
        super("the measured task threw during " + phase + ": " + cause, cause);
        this.phase = phase;
    }

    /** The run that failed, numbered from 1: {@code "repetition 3"}, {@code "warm-up run 12"}, {@code "calibration 5"}. */
    public String phase() {
        return phase;
    }
}
