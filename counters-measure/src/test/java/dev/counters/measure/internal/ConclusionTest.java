package dev.counters.measure.internal;

import dev.counters.measure.CompareTerms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Compare;
import dev.counters.measure.ClockComparison;
import dev.counters.measure.Conclusion;
import dev.counters.measure.CompareResult;
import dev.counters.measure.FakeCompare;
import dev.counters.measure.Task;
import dev.counters.measure.Verdict;
import dev.counters.testing.FakeCounters;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

/**
 * Each rule of the overall verdict, over fake clocks: A always takes 100 µs of wall and CPU time,
 * B's wall and CPU times are scripted per run, so each clock's verdict is known and the rule that
 * joins them is the only thing under test.
 */
class ConclusionTest {
    private static final long A_NANOS = 100_000;
    private final CostlyClock wall = new CostlyClock(0);
    private final CostlyCpuTimes cpu = new CostlyCpuTimes(0, 0);

    private CompareResult compare(IntToLongFunction bWall, IntToLongFunction bCpu) {
        Task a = () -> {
            wall.advance(A_NANOS);
            cpu.advance(0, A_NANOS);
            return null;
        };
        int[] runs = {0};
        Task b = () -> {
            int n = runs[0]++;
            wall.advance(bWall.applyAsLong(n));
            cpu.advance(0, bCpu.applyAsLong(n));
            return null;
        };
        // A 1 s budget on the fake clock: about 5,000 pairs where no rule stops it earlier (the default
        // 20 s made 100,000, and the test took minutes).
        return FakeCompare.of(a, b, wall, cpu).minPairs(40).budget(java.time.Duration.ofSeconds(1)).run();
    }

    private static IntToLongFunction times(double ratio) {
        return n -> Math.round(A_NANOS * ratio);
    }

    /** {@code low} and {@code high} in turn, timed run by timed run (each follows its re-warming run: calls 2k and 2k + 1). */
    private static IntToLongFunction alternating(double low, double high) {
        return n -> Math.round(A_NANOS * (n / 2 % 2 == 0 ? low : high));
    }

    private static ClockComparison clock(String name, int pairs, double ratio) {
        double[] a = new double[pairs];
        double[] b = new double[pairs];
        for (int i = 0; i < pairs; i++) {
            a[i] = A_NANOS;
            b[i] = A_NANOS * ratio * (1 + 0.001 * (i % 3));
        }
        return PairJudgement.judgeClock(name, a, b, null, 0.99, 0, 0.01);
    }

    @Test
    void tooFewPairsForTheConfidenceAskedIsNeverDecisive() {
        // 7 pairs all 5% slower: their [min, max] holds the median at 98.4%, short of 99%
        ClockComparison wall = clock(CompareResult.WALL, 7, 1.05);
        ClockComparison cpu = clock(CompareResult.THREAD_CPU, 7, 1.05);
        assertEquals(Verdict.TOO_FEW, wall.verdict());
        Conclusion conclusion = PairJudgement.conclusion(wall, cpu, false, CompareTerms.JudgedBy.AUTO, 0);
        assertEquals(Verdict.TOO_FEW, conclusion.verdict());
        assertTrue(conclusion.reason().startsWith("too few measurements to tell in thread CPU time: 7 pairs, whose widest "
                + "interval holds the median at only 98.43%"), conclusion.reason());
        assertEquals(Verdict.SLOWER, PairJudgement.conclusion(clock(CompareResult.WALL, 8, 1.05), cpu, false, CompareTerms.JudgedBy.AUTO, 0).verdict(),
                "8 pairs reach 99%");
    }

    @Test
    void theClockAskedForDecidesAndTheOtherIsNamed() {
        ClockComparison wall = clock(CompareResult.WALL, 40, 0.8);
        ClockComparison cpu = clock(CompareResult.THREAD_CPU, 40, 1.2);
        assertEquals(Verdict.CLOCKS_DISAGREE, PairJudgement.conclusion(wall, cpu, false, Compare.JudgedBy.AUTO, 0).verdict());
        Conclusion byWall = PairJudgement.conclusion(wall, cpu, false, Compare.JudgedBy.WALL, 0);
        assertEquals(Verdict.FASTER, byWall.verdict());
        assertSame(wall, byWall.decidedBy());
        assertTrue(byWall.reason().contains("(judged on wall time, as asked); thread CPU time: slower"), byWall.reason());
        assertEquals(Verdict.SLOWER, PairJudgement.conclusion(wall, cpu, false, Compare.JudgedBy.CPU, 0).verdict());
    }

    @Test
    void aTaskThatMostlyWaitsIsJudgedOnWallTimeByDefault() {
        // sleep(2 ms) against sleep(3 ms): the same few microseconds of CPU, 1.5 x the wall time
        double[] aWall = new double[40];
        double[] bWall = new double[40];
        double[] cpuTimes = new double[40];
        for (int i = 0; i < 40; i++) {
            aWall[i] = 2_000_000 + i;
            bWall[i] = 3_000_000 + i;
            cpuTimes[i] = 20_000 + i;
        }
        ClockComparison wall = PairJudgement.judgeClock(CompareResult.WALL, aWall, bWall, null, 0.99, 0, 0.01);
        ClockComparison cpu = PairJudgement.judgeClock(CompareResult.THREAD_CPU, cpuTimes, cpuTimes, null, 0.99, 0, 0.01);
        Conclusion conclusion = PairJudgement.conclusion(wall, cpu, false, CompareTerms.JudgedBy.AUTO, 0);
        assertEquals(Verdict.SLOWER, conclusion.verdict());
        assertSame(wall, conclusion.decidedBy());
        assertTrue(conclusion.reason().contains("judged on wall time: the tasks mostly wait"), conclusion.reason());
    }

    @Test
    void aCpuBoundTaskThatTheMachinePreemptsIsNotTakenForOneThatWaits() {
        // Issue #50 item 10: on a loaded machine a CPU-bound pair spends a third of its wall time on the CPU; its thread
        // was runnable (in the run queue) for most of the rest. Wall time is too noisy; thread CPU time decides.
        double[] aWall = new double[40];
        double[] bWall = new double[40];
        double[] aCpu = new double[40];
        double[] bCpu = new double[40];
        for (int i = 0; i < 40; i++) {
            aWall[i] = 3_000_000 * (i % 2 == 0 ? 0.8 : 1.3);
            bWall[i] = 3_300_000 * (i % 3 == 0 ? 1.3 : 0.8);
            aCpu[i] = 1_000_000 + i;
            bCpu[i] = 1_100_000 + i;
        }
        ClockComparison wall = PairJudgement.judgeClock(CompareResult.WALL, aWall, bWall, null, 0.99, 0, 0.01);
        ClockComparison cpu = PairJudgement.judgeClock(CompareResult.THREAD_CPU, aCpu, bCpu, null, 0.99, 0, 0.01);
        Conclusion preempted = PairJudgement.conclusion(wall, cpu, true, CompareTerms.JudgedBy.AUTO, 0, 0.9);
        assertEquals(Verdict.SLOWER, preempted.verdict(), preempted.reason());
        assertSame(cpu, preempted.decidedBy());
        Conclusion waiting = PairJudgement.conclusion(wall, cpu, true, CompareTerms.JudgedBy.AUTO, 0, 0.1);
        assertSame(wall, waiting.decidedBy(), "blocked, not runnable: it waits, and wall time is what matters");
        assertTrue(waiting.reason().contains("the tasks mostly wait"), waiting.reason());
        assertSame(wall, PairJudgement.conclusion(wall, cpu, true, CompareTerms.JudgedBy.AUTO, 0, Double.NaN).decidedBy(),
                "not known: read as waiting, as before");
    }

    @Test
    void bothDecisiveAndAgreeing() {
        CompareResult slower = compare(times(1.05), times(1.05));
        assertEquals(Verdict.SLOWER, slower.verdict());
        assertSame(slower.threadCpu(), slower.conclusion().decidedBy(), "a tie goes to thread CPU time");
        assertTrue(slower.conclusion().reason().matches("B takes 5\\.00% more time than A in thread CPU time \\(B/A 1\\.0500 "
                + "\\[1\\.0500, 1\\.0500\\] at 99\\.[0-9]+%\\); wall time agrees: B/A 1\\.0500 \\[1\\.0500, 1\\.0500\\]"),
                slower.conclusion().reason());
        CompareResult faster = compare(times(0.9), times(0.8));
        assertEquals(Verdict.FASTER, faster.verdict());
        assertSame(faster.threadCpu(), faster.conclusion().decidedBy());
        assertEquals(0.8, faster.conclusion().ratio(), 1e-12);
        assertTrue(faster.conclusion().reason().startsWith("B takes 20.0% less time than A in thread CPU time (B/A 0.8000 "
                + "[0.8000, 0.8000] at 99."), faster.conclusion().reason());
    }

    @Test
    void oneDecisiveAndTheOtherTooNoisy() {
        // wall swings ±8% around 1.05 (under the preemption threshold): it holds 1 and is wide
        CompareResult result = compare(alternating(0.97, 1.13), times(1.05));
        assertEquals(Verdict.TOO_NOISY, result.wall().verdict());
        assertEquals(Verdict.SLOWER, result.threadCpu().verdict());
        assertEquals(Verdict.SLOWER, result.verdict());
        assertSame(result.threadCpu(), result.conclusion().decidedBy());
        assertEquals(1.05, result.conclusion().low(), 1e-12);
        assertEquals(1.05, result.conclusion().high(), 1e-12);
        assertTrue(result.conclusion().reason().endsWith("; wall time could not tell (too_noisy): B/A 1.0500 [0.9700, "
                + "1.1300]"), result.conclusion().reason());
        assertEquals(0, result.wall().pairsSetAside());
    }

    @Test
    void oneDecisiveAndTheOtherAlikeButOverlapping() {
        CompareResult result = compare(alternating(0.995, 1.008), times(1.005));
        assertEquals(Verdict.INDISTINGUISHABLE, result.wall().verdict());
        assertEquals(Verdict.SLOWER, result.verdict());
        assertTrue(result.conclusion().reason().endsWith("wall time's wider interval B/A 1.0015 [0.9950, 1.0080] holds this ratio too"),
                result.conclusion().reason());
    }

    @Test
    void oneDecisiveAndTheOtherPositivelyAlikeIsADisagreement() {
        CompareResult result = compare(times(1.0), times(1.05));
        assertEquals(Verdict.INDISTINGUISHABLE, result.wall().verdict());
        assertEquals(Verdict.SLOWER, result.threadCpu().verdict());
        assertEquals(Verdict.CLOCKS_DISAGREE, result.verdict());
        assertSame(result.wall(), result.conclusion().decidedBy());
        assertTrue(result.conclusion().reason().startsWith("the clocks disagree: B takes 5.00% more time than A in thread CPU "
                + "time (B/A 1.0500 [1.0500, 1.0500] at 99."), result.conclusion().reason());
        assertTrue(result.conclusion().reason().contains("but wall time shows no such difference: B/A 1.0000 [1.0000, 1.0000]"),
                result.conclusion().reason());
    }

    @Test
    void bothDecisiveInOppositeDirectionsIsADisagreementNamingBoth() {
        // B spends more CPU time but less wall time: work on other threads, less waiting
        CompareResult result = compare(times(0.8), times(1.2));
        assertEquals(Verdict.FASTER, result.wall().verdict());
        assertEquals(Verdict.SLOWER, result.threadCpu().verdict());
        assertEquals(Verdict.CLOCKS_DISAGREE, result.verdict());
        String reason = result.conclusion().reason();
        assertTrue(reason.startsWith("the clocks disagree: B takes 20.0% more time than A in thread CPU time (B/A 1.2000"), reason);
        assertTrue(reason.contains(", but B takes 20.0% less time than A in wall time (B/A 0.8000"), reason);
        assertTrue(reason.endsWith("say which time matters (by wall or by cpu)"), reason);
        assertEquals("clocks_disagree: " + result.conclusion().reason(), result.conclusion().toString());
    }

    @Test
    void neitherDecisiveAndOneAlikeIsIndistinguishable() {
        CompareResult same = compare(times(1.0), times(1.0));
        assertEquals(Verdict.INDISTINGUISHABLE, same.verdict());
        assertEquals("A and B cannot be told apart in thread CPU time: B/A 1.0000 [1.0000, 1.0000], no difference above "
                + "0% either way; wall time agrees: B/A 1.0000 [1.0000, 1.0000]", same.conclusion().reason());
        CompareResult noisyWall = compare(alternating(0.9, 1.1), alternating(0.998, 1.002));
        assertEquals(Verdict.TOO_NOISY, noisyWall.wall().verdict());
        assertEquals(Verdict.INDISTINGUISHABLE, noisyWall.verdict());
        assertSame(noisyWall.threadCpu(), noisyWall.conclusion().decidedBy());
        assertTrue(noisyWall.conclusion().reason().endsWith("wall time could not tell (too_noisy): B/A 1.0000 [0.9000, 1.1000]"),
                noisyWall.conclusion().reason());
        CompareResult noisyCpu = compare(alternating(0.998, 1.002), alternating(0.9, 1.1));
        assertSame(noisyCpu.wall(), noisyCpu.conclusion().decidedBy());
    }

    @Test
    void neitherDecisiveAndBothTooNoisyIsInconclusive() {
        CompareResult result = compare(alternating(0.9, 1.1), alternating(0.95, 1.05));
        assertEquals(Verdict.TOO_NOISY, result.verdict());
        assertSame(result.threadCpu(), result.conclusion().decidedBy(), "the narrower of the two");
        assertEquals("neither clock could tell: thread CPU time B/A 1.0000 [0.9500, 1.0500] and wall time B/A 1.0000 [0.9000, "
                + "1.1000] are too wide to say that A and B differ or are alike; give it a longer budget or a quieter machine",
                result.conclusion().reason());
    }

    @Test
    void aLoadedMachineIsNamedInTheSentence() {
        ClockComparison noisyWall = PairJudgement.judgeClock(CompareResult.WALL, new double[] {1, 1, 1, 1},
                new double[] {0.9, 1.1, 0.9, 1.1}, null, 0.5, 0, 0.01);
        ClockComparison cpu = PairJudgement.judgeClock(CompareResult.THREAD_CPU, new double[] {1, 1, 1, 1},
                new double[] {1.05, 1.05, 1.05, 1.05}, null, 0.5, 0, 0.01);
        assertTrue(PairJudgement.conclusion(noisyWall, cpu, true, CompareTerms.JudgedBy.AUTO, 0).reason().contains("wall time could not tell on this loaded "
                + "machine (too_noisy): B/A 1.0000 [0.9000, 1.1000]"), PairJudgement.conclusion(noisyWall, cpu, true, CompareTerms.JudgedBy.AUTO, 0).reason());
        ClockComparison noisyCpu = PairJudgement.judgeClock(CompareResult.THREAD_CPU, new double[] {1, 1, 1, 1},
                new double[] {0.95, 1.05, 0.95, 1.05}, null, 0.5, 0, 0.01);
        assertTrue(PairJudgement.conclusion(noisyWall, noisyCpu, true, CompareTerms.JudgedBy.AUTO, 0).reason().startsWith("neither clock could tell on this loaded "
                + "machine"));
    }
}
