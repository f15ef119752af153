package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import com.google.common.math.Quantiles;
import dev.counters.measure.internal.stats.Ratios;
import java.util.Locale;

/**
 * B against A on one clock (wall time or thread CPU time): the ratio B/A of every pair in the order
 * the pairs ran, their median with its order-statistic confidence interval ({@link MedianInterval}),
 * and the {@link Verdict} the one verdict rule gave it. Part of a {@link CompareResult}: data, which
 * decides nothing.
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
     * What one clock measured and what the verdict rule decided of it: data, carried as given.
     *
     * @param a A's time in each pair (nanoseconds, above 0)
     * @param b B's time in each pair
     * @param setAside per pair, whether it was left out of the interval (preempted), or null for none
     * @param interval the interval of the median ratio over the pairs kept
     * @param verdict what the verdict rule decided of that interval
     * @throws IllegalArgumentException if the series differ in length or an A time is not positive
     */
    public ClockComparison(String clock, double[] a, double[] b, boolean[] setAside, MedianInterval interval, Verdict verdict) {
        this.clock = requireNonNull(clock, "clock");
        this.a = a.clone();
        this.b = b.clone();
        this.ratios = Ratios.of(a, b);
        this.setAside = setAside == null ? new boolean[ratios.length] : setAside.clone();
        if (this.setAside.length != ratios.length) {
            throw new IllegalArgumentException(this.setAside.length + " set-aside flags for " + ratios.length + " pairs");
        }
        this.interval = requireNonNull(interval, "interval");
        this.verdict = requireNonNull(verdict, "verdict");
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

    /** What the verdict rule decided of this clock's interval. */
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
        return Quantiles.median().compute(Ratios.kept(a, setAside));
    }

    /** The median time of B's runs kept, nanoseconds. */
    public double medianB() {
        return Quantiles.median().compute(Ratios.kept(b, setAside));
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: B/A %.4f [%.4f, %.4f] %s (%d pairs%s, %.2f%% CI)", clock, ratio(),
                interval.low(), interval.high(), verdict, pairs(),
                pairsSetAside() == 0 ? "" : ", " + pairsSetAside() + " preempted set aside", 100 * interval.achievedConfidence());
    }
}
