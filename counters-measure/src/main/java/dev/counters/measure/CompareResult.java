package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import dev.counters.Durations;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of a {@link Compare}: per clock (wall time, thread CPU time) the median ratio B/A
 * with its confidence interval and verdict; what ended the comparison; how the warm-ups went; and
 * how much the machine itself drifted meanwhile ({@link #noise()}). {@link #toString()} prints it
 * as a table.
 */
public final class CompareResult {
    /** The name of the wall-time clock in {@link #clocks()}. */
    public static final String WALL = "wall";
    /** The name of the thread-CPU-time clock in {@link #clocks()}. */
    public static final String THREAD_CPU = "thread CPU";

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
    private final Duration elapsed;
    private final String counters;

    CompareResult(List<ClockComparison> clocks, Compare.StopReason stoppedBy, Compare.Order order, int minPairs,
            double target, double confidence, double margin, WarmUpReport warmUpA, WarmUpReport warmUpB,
            NoiseReport noise, boolean[] aFirst, Duration elapsed, String counters) {
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
        this.elapsed = requireNonNull(elapsed, "elapsed");
        this.counters = requireNonNull(counters, "counters");
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

    /** Whether A ran first in each pair, in order (alternating: true, false, true, ...). */
    public boolean[] aRanFirst() {
        return aFirst.clone();
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

    /** The relative half-width the intervals were to reach. */
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

    /** One sentence per clock, what ended it, the noise, the warm-ups. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "B against A, %d pairs (%s order) in %s, stopped by %s; counters: %s%n",
                pairs(), order.name().toLowerCase(Locale.ROOT), Durations.formatNanos(elapsed.toNanos()), stoppedBy.label(),
                counters));
        for (ClockComparison clock : clocks) {
            text.append(clock).append(System.lineSeparator());
        }
        text.append(noise).append(System.lineSeparator());
        text.append("warm-up of A: ").append(warmUpA).append(System.lineSeparator());
        text.append("warm-up of B: ").append(warmUpB);
        return text.toString();
    }
}
