package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import dev.counters.internal.Durations;
import dev.counters.measure.internal.Conclusion;
import dev.counters.measure.internal.NoiseReport;
import dev.counters.measure.internal.Overhead;
import dev.counters.measure.internal.PreparationStep;
import dev.counters.measure.internal.WarmUpReport;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of a {@link Compare}: one overall {@link #verdict()} with the ratio, interval and
 * clock it rests on and a sentence saying why ({@link #conclusion()}); per clock (wall time, thread
 * CPU time) the median ratio B/A with its confidence interval and verdict; what ended the
 * comparison; the clocks' reading cost taken out of every run; warnings (a task too short for a
 * clock, too many preempted pairs to set aside); how the warm-ups went; and how much the machine
 * itself drifted meanwhile, quiet or loaded ({@link #noise()}).
 */
public final class CompareResult {
    /** The name of the wall-time clock in {@link #clocks()}. */
    public static final String WALL = "wall";
    /** The name of the thread-CPU-time clock in {@link #clocks()}. */
    public static final String THREAD_CPU = "thread CPU";

    private final Conclusion conclusion;
    private final ImmutableList<ClockComparison> clocks;
    private final Compare.StopReason stoppedBy;
    private final Compare.Order order;
    private final int minPairs;
    private final double target;
    private final double confidence;
    private final double margin;
    private final WarmUpReport warmUpA;
    private final WarmUpReport warmUpB;
    private final NoiseReport noise;
    private final boolean[] aFirst;
    private final Overhead overhead;
    private final ImmutableList<String> warnings;
    private final Duration elapsed;
    private final String counters;
    private final ImmutableList<PreparationStep> preparation;
    private final int invocationsPerRun;
    private final double otherThreadShareA;
    private final double otherThreadShareB;

    CompareResult(Conclusion conclusion, List<ClockComparison> clocks, Compare.StopReason stoppedBy, Compare.Order order,
            int minPairs, double target, double confidence, double margin, WarmUpReport warmUpA, WarmUpReport warmUpB,
            NoiseReport noise, boolean[] aFirst, Overhead overhead, List<String> warnings, Duration elapsed, String counters,
            List<PreparationStep> preparation, int invocationsPerRun, double otherThreadShareA, double otherThreadShareB) {
        this.conclusion = requireNonNull(conclusion, "conclusion");
        this.clocks = ImmutableList.copyOf(clocks);
        this.stoppedBy = requireNonNull(stoppedBy, "stoppedBy");
        this.order = requireNonNull(order, "order");
        this.minPairs = minPairs;
        this.target = target;
        this.confidence = confidence;
        this.margin = margin;
        this.warmUpA = requireNonNull(warmUpA, "warmUpA");
        this.warmUpB = requireNonNull(warmUpB, "warmUpB");
        this.noise = requireNonNull(noise, "noise");
        this.aFirst = aFirst.clone();
        this.overhead = requireNonNull(overhead, "overhead");
        this.warnings = ImmutableList.copyOf(warnings);
        this.elapsed = requireNonNull(elapsed, "elapsed");
        this.counters = requireNonNull(counters, "counters");
        this.preparation = ImmutableList.copyOf(preparation);
        this.invocationsPerRun = invocationsPerRun;
        this.otherThreadShareA = otherThreadShareA;
        this.otherThreadShareB = otherThreadShareB;
    }

    /** The one answer: see {@link Verdict} for each outcome and {@link Conclusion} for the rules. */
    public Verdict verdict() {
        return conclusion.verdict();
    }

    /** The overall verdict with the ratio, interval and clock it rests on, and why. */
    public Conclusion conclusion() {
        return conclusion;
    }

    /**
     * How many invocations of each task one timed run held: 1, or more for a task too short for
     * its clocks (so that each run lasts at least 100 times the clocks' step and reading cost).
     * Every time and ratio is per invocation.
     */
    public int invocationsPerRun() {
        return invocationsPerRun;
    }

    /**
     * The share of this JVM's CPU time, while A ran, that other threads spent (its process CPU time
     * less its thread CPU time, over its process CPU time): near 0 for a single-threaded task, large
     * when A's work runs on a pool. NaN where process CPU time was not read (the duet, no process clock).
     */
    public double otherThreadShareA() {
        return otherThreadShareA;
    }

    /** As {@link #otherThreadShareA()}, for B. */
    public double otherThreadShareB() {
        return otherThreadShareB;
    }

    /** What the clocks' reading cost was, taken out of every run before the ratios. */
    public Overhead overhead() {
        return overhead;
    }

    /** Sentences a reader must see: a task too short for a clock (and how long it should be), preemptions not set aside. */
    public List<String> warnings() {
        return warnings;
    }

    /** Wall time, then thread CPU time. */
    public List<ClockComparison> clocks() {
        return clocks;
    }

    /** B against A on wall time. */
    public ClockComparison wall() {
        return clocks.get(0);
    }

    /** B against A on the measuring thread's CPU time. */
    public ClockComparison threadCpu() {
        return clocks.get(1);
    }

    /** How many pairs were run. */
    public int pairs() {
        return aFirst.length;
    }

    /**
     * Whether A ran first in each pair, in order (alternating: true, false, true, ...); in a
     * {@linkplain Compare.Order#DUET duet}, where both start together, whether A ran on worker 1.
     */
    public boolean[] aRanFirst() {
        return aFirst.clone();
    }

    /**
     * How the {@linkplain Compare.Order#DUET duet}'s workers were prepared: each one's pinning to a
     * CPU, or why it was not applied ({@code "pin worker 1: pinned to CPU 0 (was 0-1)"}); empty for
     * the other orders, which prepare nothing.
     */
    public List<PreparationStep> preparation() {
        return preparation;
    }

    /** Whether the target width or the budget ended the comparison. */
    public Compare.StopReason stoppedBy() {
        return stoppedBy;
    }

    public Compare.Order order() {
        return order;
    }

    /** The fewest pairs the target could stop at. */
    public int minPairs() {
        return minPairs;
    }

    /** The relative half-width, a share, at which an undecided comparison stops. */
    public double target() {
        return target;
    }

    /** The confidence asked of the intervals. */
    public double confidence() {
        return confidence;
    }

    /** The equivalence margin of the verdicts (0 for none). */
    public double margin() {
        return margin;
    }

    public WarmUpReport warmUpA() {
        return warmUpA;
    }

    public WarmUpReport warmUpB() {
        return warmUpB;
    }

    /** How much the machine drifted during the pairs. */
    public NoiseReport noise() {
        return noise;
    }

    /** How long the whole comparison took, warm-up included. */
    public Duration elapsed() {
        return elapsed;
    }

    /** The verdict first, then one sentence per clock, what ended it, the warnings, the noise, the warm-ups. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        text.append(conclusion).append(System.lineSeparator());
        text.append(String.format(Locale.ROOT, "B against A, %d pairs (%s order) in %s, stopped by %s; counters: %s%n",
                pairs(), order.name().toLowerCase(Locale.ROOT), Durations.formatNanos(elapsed.toNanos()), stoppedBy.label(),
                counters));
        for (ClockComparison clock : clocks) {
            text.append(clock).append(System.lineSeparator());
        }
        for (String warning : warnings) {
            text.append("warning: ").append(warning).append(System.lineSeparator());
        }
        for (PreparationStep step : preparation) {
            text.append(step).append(System.lineSeparator());
        }
        text.append(overhead).append(System.lineSeparator());
        text.append(noise).append(System.lineSeparator());
        text.append("warm-up of A: ").append(warmUpA).append(System.lineSeparator());
        text.append("warm-up of B: ").append(warmUpB);
        return text.toString();
    }
}
