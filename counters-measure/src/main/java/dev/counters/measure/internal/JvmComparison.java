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
 * @param invocationsPerRun how many invocations of A one timed run held
 * @param invocationsPerRunB how many invocations of B one timed run held
 * @param otherThreadShareA the share of this JVM's CPU time other threads spent while A ran (NaN: not read)
 * @param collectedRunsA how many of A's timed runs paid for a garbage collection (-1: not read)
 * @param runnableShare the share of the measuring thread's time off the CPU during the pairs that it
 *     spent runnable, waiting for a CPU (NaN: not read, or a duet, whose pairs run on other threads)
 */
public record JvmComparison(CompareSettings settings, Conclusion conclusion, ClockComparison wall, ClockComparison threadCpu,
        CompareTerms.StopReason stoppedBy, WarmUpReport warmUpA, WarmUpReport warmUpB, NoiseReport noise, boolean[] aFirst,
        Overhead overhead, List<String> warnings, Duration elapsed, String counters, List<PreparationStep> preparation,
        int invocationsPerRun, int invocationsPerRunB, double otherThreadShareA, double otherThreadShareB, int collectedRunsA, int collectedRunsB,
        double runnableShare) {
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
