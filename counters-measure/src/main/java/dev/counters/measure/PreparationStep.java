package dev.counters.measure;

import static java.util.Objects.requireNonNull;

/**
 * One thing done (or not) to prepare the measuring thread, e.g. pinning it to a CPU or raising
 * its priority, with what happened: {@code "pinned to CPU 1 (was 0-1)"}, or why not:
 * {@code "not applied: no platform module (add counters-posix or counters-windows)"}.
 *
 * @param action what was asked for, e.g. {@code "pin"} or {@code "raise priority"}
 * @param applied whether it took effect
 * @param description what was done, or why it was not
 */
public record PreparationStep(String action, boolean applied, String description) {
    public static final String PIN = "pin";
    public static final String RAISE_PRIORITY = "raise priority";
    /** A warning, never applied: threads that appeared during the repetitions, while the measuring thread was prepared. */
    public static final String INHERITED = "inherited";

    public PreparationStep {
        requireNonNull(action, "action");
        requireNonNull(description, "description");
    }

    @Override
    public String toString() {
        return action + ": " + description;
    }
}
