package dev.counters.measure.internal;

import dev.counters.measure.ClockComparison;
import dev.counters.measure.CompareTerms;
import dev.counters.measure.Conclusion;
import dev.counters.measure.NoiseReport;
import dev.counters.measure.Overhead;
import dev.counters.measure.PreparationStep;
import dev.counters.measure.WarmUpReport;
import java.time.Duration;
import java.util.List;

/**
 * What a comparison in one JVM measured and concluded: the figures {@code CompareResult} shows for
 * a comparison in this JVM, and what a fork sends back of its own.
 *
 * @param wall B against A on wall time
 * @param threadCpu B against A on thread CPU time
 * @param aFirst per pair, whether A ran first (in a duet, on worker 1)
 * @param counters the clocks, in words
 * @param invocationsPerRun how many invocations of each task one timed run held
 * @param otherThreadShareA the share of this JVM's CPU time other threads spent while A ran (NaN: not read)
 * @param collectedRunsA how many of A's timed runs paid for a garbage collection (-1: not read)
 */
public record JvmComparison(CompareSettings settings, Conclusion conclusion, ClockComparison wall, ClockComparison threadCpu,
        CompareTerms.StopReason stoppedBy, WarmUpReport warmUpA, WarmUpReport warmUpB, NoiseReport noise, boolean[] aFirst,
        Overhead overhead, List<String> warnings, Duration elapsed, String counters, List<PreparationStep> preparation,
        int invocationsPerRun, double otherThreadShareA, double otherThreadShareB, int collectedRunsA, int collectedRunsB) {
    public JvmComparison {
        aFirst = aFirst.clone();
        warnings = List.copyOf(warnings);
        preparation = List.copyOf(preparation);
    }

    @Override
    public boolean[] aFirst() {
        return aFirst.clone();
    }

    /** How many pairs ran. */
    public int pairs() {
        return aFirst.length;
    }
}
