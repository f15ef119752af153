package dev.counters.measure.internal;

import dev.counters.measure.ClockComparison;
import dev.counters.measure.Verdict;
import java.util.ArrayList;
import java.util.List;
import dev.counters.measure.internal.stats.Preemptions;
import java.util.Locale;

/**
 * Both clocks of a {@code Compare} judged over the pairs so far, at one confidence: thread CPU time
 * over every pair, wall time over the pairs in which neither run was preempted ({@link Preemptions};
 * every pair, with a warning, when fewer than {@link #MIN_KEPT_PAIRS} would be left).
 *
 * <p>Pairs {@linkplain Pairs#coupled() coupled} (a duet: A once on each worker) are judged
 * a couple at a time: each couple's runs are taken as their geometric mean, so its ratio is the
 * geometric mean of its two pairs' ratios, in which a difference between the two workers' CPUs
 * cancels exactly. Judged pair by pair, the median of a mixture of the two sides lies nearer the
 * side whose ratios scatter less: A against A, one worker's steady 1.003 and the other's wider
 * 0.997 gave medians of 0.997 and "faster" verdicts in 3 of 10 processes.
 *
 * @param preemptedRuns how many runs (of A and of B) were found preempted
 * @param warnings what to warn of (too many preempted pairs to set aside)
 */
public record PairJudgement(ClockComparison wall, ClockComparison cpu, int preemptedRuns, List<String> warnings) {
    /** Wall time sets preempted pairs aside only while at least this many are left: a 99% interval needs 8. */
    static final int MIN_KEPT_PAIRS = 8;

    /** Judges {@code pairs} at {@code confidence}, with equivalence {@code margin} and {@code band} (see {@link Verdict}). */
    public static PairJudgement of(Pairs pairs, double confidence, double margin, double band) {
        double[] aW = pairs.aWall();
        double[] bW = pairs.bWall();
        double[] aC = pairs.aCpu();
        double[] bC = pairs.bCpu();
        int count = pairs.count();
        boolean[] aPreempted = Preemptions.of(aW, aC);
        boolean[] bPreempted = Preemptions.of(bW, bC);
        boolean[] setAside = new boolean[count];
        for (int i = 0; i < count; i++) {
            setAside[i] = aPreempted[i] || bPreempted[i];
        }
        int preemptedRuns = Preemptions.count(aPreempted) + Preemptions.count(bPreempted);
        if (pairs.coupled()) {
            aW = couples(aW);
            bW = couples(bW);
            aC = couples(aC);
            bC = couples(bC);
            setAside = couples(setAside);
            count = aW.length;
        }
        List<String> warnings = new ArrayList<>();
        if (count - Preemptions.count(setAside) < MIN_KEPT_PAIRS) {
            warnings.add(String.format(Locale.ROOT, "%d of %d pairs had a preempted run, too many to set aside: the wall "
                    + "interval rests on every pair and holds the waits", Preemptions.count(setAside), count));
            setAside = null;
        }
        return new PairJudgement(
                new ClockComparison(ClockComparison.WALL, aW, bW, setAside, confidence, margin, band),
                new ClockComparison(ClockComparison.THREAD_CPU, aC, bC, null, confidence, margin, band),
                preemptedRuns, List.copyOf(warnings));
    }

    /** The geometric mean of each couple of runs, 2k and 2k + 1 (a last run without its couple left out). */
    private static double[] couples(double[] runs) {
        double[] couples = new double[runs.length / 2];
        for (int k = 0; k < couples.length; k++) {
            couples[k] = Math.sqrt(runs[2 * k] * runs[2 * k + 1]);
        }
        return couples;
    }

    /** A couple is set aside when either of its pairs is. */
    private static boolean[] couples(boolean[] pairs) {
        boolean[] couples = new boolean[pairs.length / 2];
        for (int k = 0; k < couples.length; k++) {
            couples[k] = pairs[2 * k] || pairs[2 * k + 1];
        }
        return couples;
    }
}
