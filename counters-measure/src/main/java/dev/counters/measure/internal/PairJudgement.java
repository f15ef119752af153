package dev.counters.measure.internal;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult.ClockComparison;
import dev.counters.measure.CompareResult;
import dev.counters.measure.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Both clocks of a {@link Compare} judged over the pairs so far, at one confidence: thread CPU time
 * over every pair, wall time over the pairs in which neither run was preempted ({@link Preemptions};
 * every pair, with a warning, when fewer than {@link #MIN_KEPT_PAIRS} would be left).
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
        List<String> warnings = new ArrayList<>();
        if (count - Preemptions.count(setAside) < MIN_KEPT_PAIRS) {
            warnings.add(String.format(Locale.ROOT, "%d of %d pairs had a preempted run, too many to set aside: the wall "
                    + "interval rests on every pair and holds the waits", Preemptions.count(setAside), count));
            setAside = null;
        }
        return new PairJudgement(
                new ClockComparison(CompareResult.WALL, aW, bW, setAside, confidence, margin, band),
                new ClockComparison(CompareResult.THREAD_CPU, aC, bC, null, confidence, margin, band),
                preemptedRuns, List.copyOf(warnings));
    }
}
