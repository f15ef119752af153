package dev.counters.measure;

/** A measured {@link Task} threw a checked exception; the cause is that exception. Unchecked ones pass through unchanged. */
public final class TaskFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String phase;

    TaskFailedException(String phase, Exception cause) {
        super("the measured task threw during " + phase + ": " + cause, cause);
        this.phase = phase;
    }

    /** The run that failed, numbered from 1: {@code "repetition 3"}, {@code "warm-up run 12"}, {@code "calibration 5"}. */
    public String phase() {
        return phase;
    }
}
