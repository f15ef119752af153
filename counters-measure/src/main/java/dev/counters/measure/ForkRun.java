package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * One fresh JVM of a comparison of task classes, as {@link CompareResult#forkRuns()} lists them:
 * what became of it ({@link #status()}: counted, too few pairs, or stalled and killed) and why
 * ({@link #note()}); its ratios B/A (its estimate over its instances); the median time of one run
 * of A and of B on each clock; how many pairs it ran, what its own pairs show when judged alone by
 * the one verdict rule (never final), and what its noise report said of the machine.
 *
 * @param number 1 for the first fork
 * @param note why it was not counted, or how it ended when that was not by itself (asked to stop when
 *     it ran past its share); {@code ""} for a fork that ended by itself and counted
 * @param wallNanosA the median wall time of one run of A, in nanoseconds (NaN where the fork measured nothing)
 * @param verdict what this JVM's own pairs show, judged alone by the verdict rule; empty where it measured nothing
 * @param machine {@code quiet} or {@code loaded} ({@code unknown} where it measured nothing)
 * @param elapsed how long the fork took, its JVM's start and end included
 */
public record ForkRun(int number, Status status, String note, double wallRatio, double threadCpuRatio, double wallNanosA,
        double wallNanosB, double threadCpuNanosA, double threadCpuNanosB, int pairs, Optional<Verdict> verdict,
        String machine, Duration elapsed) {
    /** What became of a fork. */
    public enum Status {
        /** Its figures are counted in the verdict. */
        COUNTED,
        /** It replied with too few pairs to count. */
        TOO_FEW_PAIRS,
        /** It was still running at its stall limit, asked to stop or not, and was killed: it measured nothing. */
        STALLED;

        /** {@code counted}, {@code too_few_pairs}, {@code stalled}: the word reports and JSON use. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ForkRun {
        requireNonNull(status, "status");
        requireNonNull(note, "note");
        requireNonNull(verdict, "verdict");
        requireNonNull(machine, "machine");
        requireNonNull(elapsed, "elapsed");
    }

    /** Whether its figures are counted in the verdict. */
    public boolean counted() {
        return status == Status.COUNTED;
    }

    /** Why it was not counted, or {@code ""} when it was. */
    public String leftOutReason() {
        return counted() ? "" : note;
    }
}
