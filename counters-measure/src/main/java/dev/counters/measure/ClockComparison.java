package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import com.google.common.math.Quantiles;
import dev.counters.measure.internal.stats.Preemptions;
import dev.counters.measure.internal.stats.VerdictRule;
import java.util.Locale;

/**
 * B against A on one clock (wall time or thread CPU time): the ratio B/A of every pair in the order
 * the pairs ran, their median with its order-statistic confidence interval ({@link MedianInterval}),
 * and the {@link Verdict}. Part of a {@link CompareResult}.
 *
 * <p>On wall time, pairs in which either run was preempted ({@link #pairsSetAside()}) are left out
 * of the median and its interval: their wall time holds the time the thread waited for a CPU, which
 * says nothing about A or B. {@link #ratios()} still lists every pair.
 */
public final class ClockComparison {
    /** The name of the wall-time clock: {@code wall}. */
    public static final String WALL = "wall";
    /** The name of the thread-CPU-time clock: {@code thread CPU}. */
    public static final String THREAD_CPU = "thread CPU";

    private final String clock;
    private final double[] a;
    private final double[] b;
    private final double[] ratios;
    private final boolean[] setAside;
    private final MedianInterval interval;
    private final Verdict verdict;

    /**
     * @param setAside per pair, whether to leave it out of the interval (preempted), or null to keep every pair
     * @param equivalence the band within which an interval reads indistinguishable (see {@link Verdict})
     */
    public ClockComparison(String clock, double[] a, double[] b, boolean[] setAside, double confidence, double margin,
            double equivalence) {
        this.clock = requireNonNull(clock, "clock");
        this.a = a.clone();
        this.b = b.clone();
        this.ratios = ratios(a, b);
        this.setAside = setAside == null ? new boolean[ratios.length] : setAside.clone();
        if (this.setAside.length != ratios.length) {
            throw new IllegalArgumentException(this.setAside.length + " set-aside flags for " + ratios.length + " pairs");
        }
        this.interval = MedianInterval.of(kept(ratios, this.setAside), confidence);
        this.verdict = VerdictRule.ofClock(interval.low(), interval.high(), interval.achievedConfidence(), confidence, margin,
                equivalence);
    }

    /** What {@code VerdictRule} reads of this clock. */
    VerdictRule.Clock figures() {
        return new VerdictRule.Clock(verdict, ratio(), interval.low(), interval.high(), medianA(), medianB());
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

    /** The values whose flag is not set. */
    static double[] kept(double[] values, boolean[] setAside) {
        double[] kept = new double[values.length - Preemptions.count(setAside)];
        int next = 0;
        for (int i = 0; i < values.length; i++) {
            if (!setAside[i]) {
                kept[next++] = values[i];
            }
        }
        return kept;
    }

    /** Which clock: {@link #WALL} or {@link #THREAD_CPU}. */
    public String clock() {
        return clock;
    }

    /** The median ratio B/A of the pairs kept. */
    public double ratio() {
        return interval.median();
    }

    /** The confidence interval of the median ratio, over the pairs kept. */
    public MedianInterval interval() {
        return interval;
    }

    public Verdict verdict() {
        return verdict;
    }

    /** How many pairs the ratio and interval rest on: all pairs less those set aside. */
    public int pairs() {
        return interval.count();
    }

    /** How many pairs were left out because a run in them was preempted (wall time only; 0 on CPU time). */
    public int pairsSetAside() {
        return ratios.length - interval.count();
    }

    /** Per pair, in order, whether it was left out of the interval (a copy). */
    public boolean[] setAside() {
        return setAside.clone();
    }

    /** B/A of each pair, in the order the pairs ran, those set aside included (a copy). */
    public double[] ratios() {
        return ratios.clone();
    }

    /** A's time in each pair, nanoseconds, the clocks' own reading cost taken out (a copy). */
    public double[] timesA() {
        return a.clone();
    }

    /** B's time in each pair, nanoseconds, the clocks' own reading cost taken out (a copy). */
    public double[] timesB() {
        return b.clone();
    }

    /** The median time of A's runs kept, nanoseconds. */
    public double medianA() {
        return Quantiles.median().compute(kept(a, setAside));
    }

    /** The median time of B's runs kept, nanoseconds. */
    public double medianB() {
        return Quantiles.median().compute(kept(b, setAside));
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: B/A %.4f [%.4f, %.4f] %s (%d pairs%s, %.2f%% CI)", clock, ratio(),
                interval.low(), interval.high(), verdict, pairs(),
                pairsSetAside() == 0 ? "" : ", " + pairsSetAside() + " preempted set aside", 100 * interval.achievedConfidence());
    }
}
