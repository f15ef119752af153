package dev.counters.measure;

/** A measured {@link Task} threw a checked exception; the cause is that exception. Unchecked ones pass through unchanged. */
public final class TaskFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TaskFailedException(String phase, Exception cause) {
        super("the measured task threw during " + phase + ": " + cause, cause);
    }
}
