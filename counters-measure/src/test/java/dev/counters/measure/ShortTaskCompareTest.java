package dev.counters.measure;

import dev.counters.measure.internal.PairJudgement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.ClockComparison;
import dev.counters.measure.internal.CostlyClock;
import dev.counters.measure.internal.CostlyCpuTimes;
import dev.counters.measure.internal.ShortTasks;
import dev.counters.testing.FakeCounters;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Short tasks: each clock's reading cost is taken out of every run, so that wall time and thread
 * CPU time agree on a 20 µs task, and a task too short for a clock is warned of.
 */
class ShortTaskCompareTest {

    @Test
    void theReadingCostIsTakenOutOfEveryRunOnEachClock() {
        // every read of the wall clock costs 300 ns, every CPU sample 200 ns (100 kernel, 100 user)
        CostlyClock wall = new CostlyClock(300);
        CostlyCpuTimes cpu = new CostlyCpuTimes(100, 100);
        Task a = () -> {
            wall.advance(20_000);
            cpu.advance(0, 20_000);
            return null;
        };
        Task b = () -> {
            wall.advance(50_000);
            cpu.advance(0, 50_000);
            return null;
        };
        CompareResult result = FakeCompare.of(a, b, wall, cpu).run();
        // the gross figures would be 2.5 plus the costs: (50,000 + c) / (20,000 + c)
        assertEquals(2.5, result.wall().ratio(), 1e-12, result.toString());
        assertEquals(2.5, result.threadCpu().ratio(), 1e-12, result.toString());
        assertEquals(20_000, result.wall().medianA(), 1e-9);
        assertEquals(20_000, result.threadCpu().medianA(), 1e-9);
        assertTrue(result.overhead().wallNanos() > 0 && result.overhead().threadCpuNanos() > 0, result.overhead().toString());
    }

    @Test
    void aTaskTooShortForAClockIsWarnedOfWithTheLengthItNeeds() {
        List<String> warnings = new ArrayList<>();
        ClockComparison twentyMicros = PairJudgement.judgeClock(CompareResult.THREAD_CPU, new double[] {20_000, 20_000},
                new double[] {50_000, 50_000}, null, 0.5, 0, 0.01);
        ShortTasks.warning(twentyMicros, 1_400, 1_000, 1, 1, warnings);
        assertEquals(List.of("the tasks are too short for thread CPU time: a run takes 20 us, and the clock's step (1 us) "
                + "and reading cost (1.4 us, taken out of each run) are more than 1% of that; make each run take at least "
                + "140 us"), warnings);
        ShortTasks.warning(twentyMicros, 100, 10, 1, 1, warnings);
        assertEquals(1, warnings.size(), "100 ns is 0.5% of 20 µs: no warning");
        ShortTasks.warning(twentyMicros, 10, 1_000, 1, 1, warnings);
        assertTrue(warnings.get(1).contains("at least 100 us"), "the coarser step decides: " + warnings.get(1));
    }

    /**
     * Real clocks, 20 µs against 50 µs of a CPU-bound loop. The truth comes from elsewhere: the
     * thread CPU time of 400-run batches of each (where one reading cost is nothing), in rounds, the
     * spread of the rounds' ratios widened by 2%. Both clocks' intervals, each widened by 2% of the
     * ratio, must overlap one another and that truth. Without the reading cost taken out, wall time
     * read about 4% below thread CPU time here: this catches that, and tolerates a loaded machine.
     */
    @Test
    void onTwentyMicrosecondTasksWallAndCpuAgreeWithinTheirIntervalsAndHoldTheTrueRatio() {
        long n = CpuBound.iterationsFor(Duration.ofNanos(20_000));
        long m = Math.round(2.5 * n);
        double[] truth = trueRatio(n, m);
        CompareResult result = Compare.of(() -> CpuBound.run(n), () -> CpuBound.run(m))
                .budget(Duration.ofSeconds(6)).warmUp(Duration.ofMillis(300)).run();
        double slack = 0.02 * 2.5;
        ClockComparison wall = result.wall();
        ClockComparison cpu = result.threadCpu();
        String report = result + System.lineSeparator() + "true ratio " + truth[0] + " to " + truth[1];
        assertTrue(wall.interval().low() - slack <= cpu.interval().high() + slack
                && cpu.interval().low() - slack <= wall.interval().high() + slack, report);
        for (ClockComparison clock : List.of(wall, cpu)) {
            assertTrue(clock.interval().low() - slack <= truth[1] * 1.02 && truth[0] / 1.02 <= clock.interval().high() + slack,
                    clock.clock() + ": " + report);
        }
    }

    /** The lowest and highest ratio of B's to A's thread CPU time over rounds of 400-run batches. */
    private static double[] trueRatio(long n, long m) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long sink = 0;
        double low = Double.MAX_VALUE;
        double high = 0;
        for (int round = 0; round < 6; round++) {
            long start = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < 400; i++) {
                sink += CpuBound.run(n);
            }
            long middle = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < 400; i++) {
                sink += CpuBound.run(m);
            }
            long end = threads.getCurrentThreadCpuTime();
            if (round > 0) {
                double ratio = (double) (end - middle) / (middle - start);
                low = Math.min(low, ratio);
                high = Math.max(high, ratio);
            }
        }
        if (sink == 42) {
            System.out.print("");
        }
        return new double[] {low, high};
    }
}
