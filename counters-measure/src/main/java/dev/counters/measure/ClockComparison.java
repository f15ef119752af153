package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import com.google.common.math.Quantiles;
import java.util.Locale;

/**
 * B against A on one clock (wall time or thread CPU time): the ratio B/A of every pair in the order
 * the pairs ran, their median with its order-statistic confidence interval ({@link MedianInterval}),
 * and the {@link Verdict}. Part of a {@link CompareResult}.
 */
public final class ClockComparison {
    private final String clock;
    private final double[] a;
    private final double[] b;
    private final double[] ratios;
    private final MedianInterval interval;
    private final Verdict verdict;

    ClockComparison(String clock, double[] a, double[] b, double confidence, double margin) {
        this.clock = requireNonNull(clock, "clock");
        this.a = a.clone();
        this.b = b.clone();
        this.ratios = ratios(a, b);
        this.interval = MedianInterval.of(ratios, confidence);
        this.verdict = Verdict.of(interval, margin);
    }

    /**
     * B/A of each pair; a pair whose A took no measurable time (a counter step coarser than the task)
     * has no ratio.
     *
     * @throws IllegalArgumentException if the series differ in length or an A time is not positive
     */
    static double[] ratios(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("A has " + a.length + " runs but B has " + b.length + "; a pair needs one of each");
        }
        double[] ratios = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] > 0)) {
                throw new IllegalArgumentException("run " + (i + 1) + " of A took " + a[i] + " ns on this clock: no ratio "
                        + "can be taken; the task is shorter than the clock's step, so make it do more work per run");
            }
            ratios[i] = b[i] / a[i];
        }
        return ratios;
    }

    /** Which clock: {@code wall} or {@code thread CPU}. */
    public String clock() {
        return clock;
    }

    /** The median ratio B/A. */
    public double ratio() {
        return interval.median();
    }

    /** The confidence interval of the median ratio. */
    public MedianInterval interval() {
        return interval;
    }

    public Verdict verdict() {
        return verdict;
    }

    /** How many pairs the figures rest on. */
    public int pairs() {
        return ratios.length;
    }

    /** B/A of each pair, in the order the pairs ran (a copy). */
    public double[] ratios() {
        return ratios.clone();
    }

    /** A's time in each pair, nanoseconds (a copy). */
    public double[] timesA() {
        return a.clone();
    }

    /** B's time in each pair, nanoseconds (a copy). */
    public double[] timesB() {
        return b.clone();
    }

    /** The median time of A's runs, nanoseconds. */
    public double medianA() {
        return Quantiles.median().compute(a);
    }

    /** The median time of B's runs, nanoseconds. */
    public double medianB() {
        return Quantiles.median().compute(b);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: B/A %.4f [%.4f, %.4f] %s (%d pairs, %.2f%% CI)", clock, ratio(),
                interval.low(), interval.high(), verdict, pairs(), 100 * interval.achievedConfidence());
    }
}
