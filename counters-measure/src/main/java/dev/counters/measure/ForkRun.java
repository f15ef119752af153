package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * One fresh JVM of a comparison of task classes, as {@link CompareResult#forkRuns()} lists them:
 * whether its figures were counted, and if not why; its ratios B/A (its estimate over its
 * instances); the median time of one run of A and of B on each clock; how many pairs it ran, what
 * it alone concluded (never final), and what its noise report said of the machine.
 *
 * @param number 1 for the first fork
 * @param leftOutReason why it was not counted, or {@code ""} when it was
 * @param wallNanosA the median wall time of one run of A, in nanoseconds (NaN where the fork measured nothing)
 * @param verdict what this JVM alone concluded ({@link Verdict#TOO_FEW} where it measured nothing)
 * @param machine {@code quiet} or {@code loaded} ({@code unknown} where it measured nothing)
 * @param elapsed how long the fork took, its JVM's start and end included
 */
public record ForkRun(int number, boolean counted, String leftOutReason, double wallRatio, double threadCpuRatio,
        double wallNanosA, double wallNanosB, double threadCpuNanosA, double threadCpuNanosB, int pairs, Verdict verdict,
        String machine, Duration elapsed) {
    public ForkRun {
        requireNonNull(leftOutReason, "leftOutReason");
        requireNonNull(verdict, "verdict");
        requireNonNull(machine, "machine");
        requireNonNull(elapsed, "elapsed");
    }
}
