package dev.counters.measure.internal;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.math.Quantiles;
import dev.counters.Counter;
import dev.counters.internal.Durations;
import dev.counters.internal.Periods;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

/**
 * A counter's own cost, measured as STLSoft's counter examples do and then some: the ticks an empty
 * {@code start(); stop();} pair reads. Averaging 100 000 pairs once is the usual way; this first warms the
 * counter up (so the JIT has compiled both calls and the native path is resolved), then takes
 * {@link #DEFAULT_ROUNDS} rounds of pairs, ignores the first round, takes each round's mean
 * without its highest and lowest tenth (one preempted pair costs thousands of pairs' worth), and
 * keeps the median of the round means, so one disturbed round cannot move the figure.
 *
 * <pre>{@code
 * Calibration calibration = Calibration.of(Counters.performance());
 * Counter counter = CalibratedCounter.of(Counters.performance(), calibration);   // or CalibratedCounter.of(counter)
 * counter.start(); work(); counter.stop();
 * counter.getNanoseconds();                                      // the cost of the pair is gone
 * }</pre>
 *
 * <p>Subtract an overhead only from intervals measured the same way (one start, one stop, same
 * kind of counter, same thread): that is the cost it stands for.
 *
 * <p>What a pair reads is only the part of its cost between the two readings; what the caller pays
 * for the whole pair, timed by another clock, is {@link CostMeter}'s to measure.
 */
public final class Calibration {
    /** Pairs run and discarded before measuring, enough for the JIT to fully compile start(), stop() and this loop. */
    public static final int WARM_UP_PAIRS = 100_000;
    /** Rounds measured; the first is ignored, the median of the rest is kept. */
    public static final int DEFAULT_ROUNDS = 12;
    /** Empty start/stop pairs per round. */
    public static final int DEFAULT_PAIRS_PER_ROUND = 1_000;

    /** Each round drops its lowest and highest tenth of pairs. */
    private static final int TRIM_DIVISOR = 10;

    private final long overheadTicks;
    private final long frequency;
    private final double[] roundMeans;
    private final int pairsPerRound;

    private Calibration(long overheadTicks, long frequency, double[] roundMeans, int pairsPerRound) {
        this.overheadTicks = overheadTicks;
        this.frequency = frequency;
        this.roundMeans = roundMeans;
        this.pairsPerRound = pairsPerRound;
    }

    /** Measures the overhead of {@code counter} with the default rounds; leaves it stopped. */
    public static Calibration of(Counter counter) {
        return of(counter, DEFAULT_ROUNDS, DEFAULT_PAIRS_PER_ROUND);
    }

    /**
     * Measures the overhead of {@code counter}: {@link #WARM_UP_PAIRS} discarded pairs, then
     * {@code rounds} rounds of {@code pairsPerRound} empty pairs; the first round is ignored and
     * the overhead is the median of the other rounds' means (each without its highest and lowest
     * tenth of pairs), rounded to the nearest tick.
     *
     * @throws IllegalArgumentException if {@code rounds < 2} (one is ignored) or {@code pairsPerRound < 1}
     */
    public static Calibration of(Counter counter, int rounds, int pairsPerRound) {
        requireNonNull(counter, "counter");
        checkArgument(rounds >= 2, "need at least 2 rounds (the first is ignored), was %s", rounds);
        checkArgument(pairsPerRound >= 1, "need at least 1 pair per round, was %s", pairsPerRound);
        EmptyPairs.run(counter, WARM_UP_PAIRS);
        double[] means = new double[rounds - 1];
        long[] pairs = new long[pairsPerRound];
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < pairsPerRound; i++) {
                counter.start();
                counter.stop();
                pairs[i] = counter.getPeriodCount();
            }
            if (round > 0) {
                means[round - 1] = trimmedMean(pairs);
            }
        }
        double median = Quantiles.median().compute(means);
        return new Calibration(Math.max(0, Math.round(median)), counter.getFrequency(), means, pairsPerRound);
    }

    /**
     * The mean of the middle 80% of {@code pairs}: an interrupt or preemption inside one pair costs
     * thousands of times the overhead and would otherwise dominate the round (corrected benchmark
     * means drop the extremes for the same reason).
     */
    static double trimmedMean(long[] pairs) {
        long[] sorted = pairs.clone();
        Arrays.sort(sorted);
        int drop = sorted.length / TRIM_DIVISOR;
        double total = 0;
        for (int i = drop; i < sorted.length - drop; i++) {
            total += sorted[i];
        }
        return total / (sorted.length - 2 * drop);
    }

    /** A calibration with a known overhead, for counters whose cost was measured elsewhere. */
    public static Calibration ofKnownOverhead(long overheadTicks, long frequency) {
        checkArgument(overheadTicks >= 0, "overhead must not be negative, was %s ticks", overheadTicks);
        checkArgument(frequency > 0, "frequency must be positive, was %s", frequency);
        return new Calibration(overheadTicks, frequency, new double[0], 0);
    }

    /** The overhead in the counter's native ticks: what {@link #subtractFrom} takes off. */
    public long overheadTicks() {
        return overheadTicks;
    }

    /** The overhead as a duration. */
    public Duration overhead() {
        return Periods.toDuration(overheadTicks, frequency);
    }

    /** The (trimmed) mean ticks per pair of each round kept (the first round is not among them), in order. */
    public double[] roundMeans() {
        return roundMeans.clone();
    }

    /** {@code periodCount} less the overhead, never below zero. */
    public long subtractFrom(long periodCount) {
        return Math.max(0, periodCount - overheadTicks);
    }

    @Override
    public String toString() {
        if (roundMeans.length == 0) {
            return "overhead " + overheadTicks + " ticks (" + overhead() + ", given)";
        }
        double[] sorted = roundMeans.clone();
        Arrays.sort(sorted);
        return String.format(Locale.ROOT, "overhead %d ticks (%s), median of %d rounds of %d pairs (round means %.1f..%.1f ticks)",
                overheadTicks, Durations.formatNanos(overhead().toNanos()), roundMeans.length, pairsPerRound,
                sorted[0], sorted[sorted.length - 1]);
    }
}
