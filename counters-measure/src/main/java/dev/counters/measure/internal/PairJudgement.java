package dev.counters.measure.internal;

import dev.counters.measure.ClockComparison;
import dev.counters.measure.CompareTerms;
import dev.counters.measure.Conclusion;
import dev.counters.measure.MedianInterval;
import dev.counters.measure.internal.stats.Preemptions;
import dev.counters.measure.internal.stats.Ratios;
import dev.counters.measure.internal.stats.VerdictRule;
import java.util.ArrayList;
import java.util.List;
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

    /** Judges {@code pairs} at {@code confidence}, with equivalence {@code margin} and {@code band} ({@link VerdictRule#ofClock}). */
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
        return new PairJudgement(judgeClock(ClockComparison.WALL, aW, bW, setAside, confidence, margin, band),
                judgeClock(ClockComparison.THREAD_CPU, aC, bC, null, confidence, margin, band), preemptedRuns,
                List.copyOf(warnings));
    }

    /** One clock over its pairs (those {@code setAside} left out; null for none), judged by the verdict rule. */
    public static ClockComparison judgeClock(String name, double[] a, double[] b, boolean[] setAside, double confidence,
            double margin, double band) {
        double[] ratios = Ratios.of(a, b);
        MedianInterval interval = MedianInterval.of(setAside == null ? ratios : Ratios.kept(ratios, setAside), confidence);
        boolean enough = interval.achievedConfidence() >= confidence;
        return new ClockComparison(name, a, b, setAside, interval,
                VerdictRule.ofClock(interval.low(), interval.high(), enough, margin, band));
    }

    /**
     * The overall verdict of both clocks judged {@code by} ({@link VerdictRule#decide}), with its reason;
     * {@code loaded} only words it, {@code otherThreads} is as {@link VerdictRule#otherThreads}, and
     * {@code runnableShare} the share of the measuring thread's off-CPU time spent runnable (NaN: not known).
     */
    public Conclusion conclusion(boolean loaded, CompareTerms.JudgedBy by, double otherThreads, double runnableShare) {
        return conclusion(wall, cpu, loaded, by, otherThreads, runnableShare);
    }

    /**
     * The overall verdict of {@code wall} and {@code cpu}, as
     * {@link #conclusion(boolean, CompareTerms.JudgedBy, double, double)}, not knowing the thread's off-CPU time.
     */
    public static Conclusion conclusion(ClockComparison wall, ClockComparison cpu, boolean loaded, CompareTerms.JudgedBy by,
            double otherThreads) {
        return conclusion(wall, cpu, loaded, by, otherThreads, Double.NaN);
    }

    /** The same, with {@code runnableShare} the share of the measuring thread's time off the CPU spent runnable (NaN: unknown). */
    public static Conclusion conclusion(ClockComparison wall, ClockComparison cpu, boolean loaded, CompareTerms.JudgedBy by,
            double otherThreads, double runnableShare) {
        VerdictRule.Clock w = figures(wall);
        VerdictRule.Clock c = figures(cpu);
        VerdictRule.Decision decision = VerdictRule.decide(w, c, by, otherThreads, runnableShare);
        String reason = Reasons.of(decision, reasonClock(wall, w), reasonClock(cpu, c), loaded, by, otherThreads);
        ClockComparison chosen = decision.onWall() ? wall : cpu;
        return new Conclusion(decision.verdict(), chosen.clock(), chosen.ratio(), chosen.interval().low(),
                chosen.interval().high(), chosen.interval().achievedConfidence(), reason, chosen);
    }

    private static VerdictRule.Clock figures(ClockComparison clock) {
        return new VerdictRule.Clock(clock.verdict(), clock.ratio(), clock.interval().low(), clock.interval().high(),
                clock.medianA(), clock.medianB());
    }

    private static Reasons.Clock reasonClock(ClockComparison clock, VerdictRule.Clock figures) {
        return new Reasons.Clock(clock.clock(), figures, clock.interval().achievedConfidence(), clock.pairs(), false, 0);
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
