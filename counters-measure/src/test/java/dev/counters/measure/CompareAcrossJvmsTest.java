package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Conclusion;
import dev.counters.measure.internal.CostlyClock;
import dev.counters.measure.internal.CostlyCpuTimes;
import dev.counters.measure.internal.CompareSettings;
import dev.counters.measure.internal.fork.ForkedOutcome;
import dev.counters.measure.internal.stats.ForkInterval;
import dev.counters.testing.FakeCounters;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Compare of task classes without starting a JVM: the result of forks as the API returns it (built
 * from a forks' judgement as {@code ForkedCompare} gives it), the builder's refusals, and task
 * classes run in this JVM on several instances ({@code forks(0)}) over fake clocks.
 */
class CompareAcrossJvmsTest {
    private static final CostlyClock WALL = new CostlyClock(0);
    private static final CostlyCpuTimes CPU = new CostlyCpuTimes(0, 0);
    private static int made;

    /** 10 µs on the fake clocks; counts its instances. */
    public static final class TenMicros implements Task {
        public TenMicros() {
            made++;
        }

        @Override
        public Object run() {
            WALL.advance(10_000);
            CPU.advance(0, 10_000);
            return null;
        }
    }

    /** 20 µs on the fake clocks. */
    public static final class TwentyMicros implements Task {
        public TwentyMicros() {
            made++;
        }

        @Override
        public Object run() {
            WALL.advance(20_000);
            CPU.advance(0, 20_000);
            return null;
        }
    }

    private static ForkRun fork(int number, double wall, double cpu, Verdict verdict, String leftOut) {
        return new ForkRun(number, leftOut.isEmpty() ? ForkRun.Status.COUNTED : ForkRun.Status.TOO_FEW_PAIRS, leftOut, wall, cpu,
                1000, 1000 * wall, 900, 900 * cpu, 40, Optional.of(verdict), "quiet", Duration.ofSeconds(3));
    }

    private static CompareResult forked(Compare.StopReason stoppedBy) {
        ForkInterval interval = ForkInterval.of(new double[] {1.9, 2.0, 2.1}, 0.9975);
        List<ForkRun> runs = List.of(fork(1, 1.8, 1.9, Verdict.SLOWER, ""), fork(2, 2.0, 2.0, Verdict.TOO_NOISY, ""),
                fork(3, 2.5, 2.5, Verdict.TOO_FEW, "2 pairs in its share of 1 s, fewer than 3"), fork(4, 2.2, 2.1, Verdict.SLOWER, ""));
        ForkedOutcome forks = new ForkedOutcome(Verdict.SLOWER, CompareResult.THREAD_CPU, interval.ratio(), interval.low(),
                interval.high(), 0.9975, "slower over 3 JVMs", "quiet", stoppedBy, runs, List.of(),
                List.of("-Xmx1g", "-XX:CompileCommand=quiet"), 1000, 2000, Optional.empty(), 0, 5, "");
        CompareSettings settings = new CompareSettings(Duration.ofSeconds(20), 0.0025, 0.99, 0, 32, Duration.ofMillis(1200),
                Compare.Order.ALTERNATING, Compare.JudgedBy.AUTO);
        return CompareResult.acrossJvms(forks, settings, Duration.ofSeconds(12));
    }

    @Test
    void aResultAcrossJvmsCarriesTheirJudgementAndEachJvmsRatios() {
        CompareResult result = forked(Compare.StopReason.DECIDED);
        assertEquals(3, result.jvms());
        assertEquals(Verdict.SLOWER, result.verdict());
        Conclusion conclusion = result.conclusion();
        assertEquals(CompareResult.THREAD_CPU, conclusion.clock());
        assertEquals(Math.cbrt(1.9 * 2.0 * 2.1), conclusion.ratio(), 1e-12);
        assertTrue(conclusion.low() < conclusion.ratio() && conclusion.ratio() < conclusion.high(), conclusion.toString());
        assertEquals(0.9975, conclusion.confidence(), 1e-12);
        assertEquals("slower over 3 JVMs", conclusion.reason());
        assertArrayEquals(new double[] {1.8, 2.0, 2.2}, result.jvmWallRatios(), "the counted forks");
        assertArrayEquals(new double[] {1.9, 2.0, 2.1}, result.jvmThreadCpuRatios());
        assertEquals(4, result.forkRuns().size(), "every fork, the one left out included");
        assertEquals("2 pairs in its share of 1 s, fewer than 3", result.forkRuns().get(2).leftOutReason());
        assertEquals(1000, result.nanosPerRunA());
        assertEquals(2000, result.nanosPerRunB());
        assertEquals(List.of("-Xmx1g", "-XX:CompileCommand=quiet"), result.forkJvmOptions());
        assertEquals(List.of(Verdict.SLOWER, Verdict.TOO_NOISY, Verdict.SLOWER), result.jvmVerdicts());
        assertEquals("quiet", result.machine());
        assertEquals(Compare.StopReason.DECIDED, result.stoppedBy());
        assertEquals(Duration.ofSeconds(12), result.elapsed());
        assertEquals(0.99, result.confidence());
        assertEquals(0.0025, result.target());
        assertEquals(List.of(), result.warnings());
        assertTrue(result.toString().contains("B against A in 3 fresh JVMs in 12 s, stopped by decided"), result.toString());
        // The sentence speaks of the very figures the result carries: B/A 1.9983 reads "99.8% more time".
        assertTrue(result.summary().startsWith(String.format(java.util.Locale.ROOT, "B takes %.1f%% more time than A: B/A %.4f [",
                100 * (interval().ratio() - 1), interval().ratio())), result.summary());
        assertTrue(result.summary().contains("in thread CPU time (99.75% interval over 3 JVMs)"), result.summary());
        assertTrue(result.toString().startsWith(result.summary()), result.toString());
        assertEquals(Compare.StopReason.FORKS, forked(Compare.StopReason.FORKS).stoppedBy());
    }

    private static ForkInterval interval() {
        return ForkInterval.of(new double[] {1.9, 2.0, 2.1}, 0.9975);
    }

    @Test
    void whatStayedInTheForksIsRefusedSayingSo() {
        CompareResult result = forked(Compare.StopReason.DECIDED);
        List<org.junit.jupiter.api.function.Executable> local = List.of(result::wall, result::threadCpu, result::clocks,
                result::pairs, result::aRanFirst, result::noise, result::warmUpA, result::warmUpB, result::overhead,
                result::invocationsPerRun, result::otherThreadShareA, result::otherThreadShareB, result::collectedRunsA,
                result::collectedRunsB, result::minPairs, result.conclusion()::decidedBy);
        for (org.junit.jupiter.api.function.Executable call : local) {
            IllegalStateException e = assertThrows(IllegalStateException.class, call);
            assertTrue(e.getMessage().contains("fresh JVMs") || e.getMessage().contains("across JVMs"), e.getMessage());
        }
    }

    @Test
    void taskClassesInThisJvmRunOnFourInstancesOfEach() {
        made = 0;
        CompareResult result = Compare.of(TenMicros.class, TwentyMicros.class).forks(0).noWarmUp()
                .wallCounter(() -> FakeCounters.nanoseconds(WALL))
                .threadCounter(() -> FakeCounters.threadTimes(CPU))
                .processCounter(() -> null)
                .instruments(i -> i.withNanoClock(WALL::read).withProc(path -> List.of()).withCompilationMillis(null))
                .minPairs(8)
                .run();
        assertEquals(8, made, "four instances of each class");
        assertEquals(0, result.jvms());
        assertEquals(Verdict.SLOWER, result.verdict());
        assertEquals(2, result.threadCpu().ratio(), 1e-12);
        assertEquals(CompareResult.THREAD_CPU, result.conclusion().clock());
        assertEquals(result.noise().machine(), result.machine());
        assertEquals(List.of(), result.jvmVerdicts());
    }

    @Test
    void onlyTaskClassesForkAndOneForkIsRefused() {
        assertThrows(IllegalStateException.class, () -> Compare.of(() -> 1, () -> 2).forks(2));
        Compare lambdas = Compare.of(() -> 1, () -> 2).forks(0);
        assertEquals(lambdas, lambdas.forks(0), "0 is this JVM, which lambdas always are");
        assertThrows(IllegalArgumentException.class, () -> Compare.of(TenMicros.class, TwentyMicros.class).forks(1));
        assertThrows(IllegalArgumentException.class, () -> Compare.of(TenMicros.class, TwentyMicros.class).forks(-1));
        assertThrows(NullPointerException.class, () -> Compare.of((Class<? extends Task>) null, TwentyMicros.class));
        assertThrows(NullPointerException.class, () -> Compare.of(TenMicros.class, (Class<? extends Task>) null));
        assertThrows(NullPointerException.class, () -> Compare.of(TenMicros.class, TwentyMicros.class).jvmOptions(null));
        assertThrows(NullPointerException.class, () -> Compare.of(TenMicros.class, TwentyMicros.class).classPath(null));
        assertThrows(NullPointerException.class, () -> Compare.of(TenMicros.class, TwentyMicros.class).systemProperty(null, "1"));
        IllegalStateException sequential = assertThrows(IllegalStateException.class,
                () -> Compare.of(TenMicros.class, TwentyMicros.class).order(Compare.Order.SEQUENTIAL).forks(2).run());
        assertTrue(sequential.getMessage().contains("forks(0)"), sequential.getMessage());
        assertThrows(IllegalStateException.class, () -> Compare.of(TenMicros.class, TwentyMicros.class)
                .order(Compare.Order.DUET).instruments(i -> i.withProcessors(() -> 1)).forks(2).run(), "a duet needs 2 CPUs in every fork");
    }
}
