package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.CompareResult;
import dev.counters.measure.FakeCompare;
import dev.counters.measure.Task;
import dev.counters.measure.internal.stats.Preemptions;
import dev.counters.testing.FakeCounters;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The preemption filter on synthetic runs whose preemptions are known. */
class PreemptionsTest {

    @Property(tries = 200)
    void findsExactlyTheRunsThatWaited(@ForAll @LongRange(min = 20_000, max = 50_000_000) long cpuNanos,
            @ForAll @IntRange(min = 8, max = 200) int runs, @ForAll @IntRange(min = 2, max = 9) int every,
            @ForAll @LongRange(min = 0, max = 5_000) long gapNanos) {
        // every run waits the clocks' fixed gap and up to 3 µs of jitter; every 'every'-th run also
        // lost a time slice of 1 ms plus a share of its own length
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        boolean[] expected = new boolean[runs];
        for (int i = 0; i < runs; i++) {
            cpu[i] = cpuNanos + (i % 3) * 100;
            wall[i] = cpu[i] + gapNanos + (i % 4) * 1000;
            if (i % every == 1) {
                wall[i] += 1_000_000 + cpuNanos / 100;
                expected[i] = true;
            }
        }
        assertArrayEquals(expected, Preemptions.of(wall, cpu));
        assertEquals((runs + every - 2) / every, Preemptions.count(Preemptions.of(wall, cpu)));
    }

    @Test
    void aWaitMustPassBothTheAbsoluteAndTheRelativeThreshold() {
        // 100 ms runs: a 100 µs excess is 0.1%, under the 0.2% share; 300 µs is over both
        double[] cpu = {1e8, 1e8, 1e8, 1e8, 1e8};
        assertArrayEquals(new boolean[] {false, false, false, false, true},
                Preemptions.of(new double[] {1e8, 1e8, 1e8, 1e8 + 100_000, 1e8 + 300_000}, cpu));
        // 1 ms runs: 15 µs (1.5%) is under the 20 µs floor, 25 µs is over both
        double[] shortCpu = {1e6, 1e6, 1e6, 1e6};
        assertArrayEquals(new boolean[] {false, false, false, true},
                Preemptions.of(new double[] {1e6, 1e6, 1e6 + 15_000, 1e6 + 25_000}, shortCpu));
    }

    @Test
    void theUsualGapHoldsEvenWhenMostRunsWerePreempted() {
        double[] cpu = {1e6, 1e6, 1e6, 1e6, 1e6, 1e6, 1e6, 1e6};
        double[] wall = {1e6, 1e6, 3e6, 3e6, 3e6, 3e6, 3e6, 3e6};
        assertEquals(6, Preemptions.count(Preemptions.of(wall, cpu)), "the lower quartile is an unpreempted run's gap");
    }

    @Test
    void refusesMismatchedOrEmptySeries() {
        assertThrows(IllegalArgumentException.class, () -> Preemptions.of(new double[2], new double[3]));
        assertThrows(IllegalArgumentException.class, () -> Preemptions.of(new double[0], new double[0]));
    }

    @Test
    void compareSetsThePreemptedPairsAsideOnWallTimeOnly() {
        CostlyClock wall = new CostlyClock(0);
        CostlyCpuTimes cpu = new CostlyCpuTimes(0, 0);
        int[] runsOfB = {0};
        Task a = () -> {
            wall.advance(1_000_000);
            cpu.advance(0, 1_000_000);
            return null;
        };
        // B takes 1.05 x A; every 5th run of B (re-warming runs included) was preempted for 2 ms, which wall time alone sees
        Task b = () -> {
            int n = runsOfB[0]++;
            wall.advance(1_050_000 + (n % 5 == 2 ? 2_000_000 : 0));
            cpu.advance(0, 1_050_000);
            return null;
        };
        CompareResult result = FakeCompare.of(a, b, wall, cpu).minPairs(40).run();
        int pairs = result.pairs();
        boolean[] preempted = new boolean[pairs];
        int preemptedPairs = 0;
        for (int i = 0; i < pairs; i++) {
            preempted[i] = result.wall().timesB()[i] - result.threadCpu().timesB()[i] > 1_000_000;
            preemptedPairs += preempted[i] ? 1 : 0;
        }
        assertTrue(preemptedPairs > 0 && preemptedPairs < pairs / 2, preemptedPairs + " of " + pairs);
        assertArrayEquals(preempted, result.wall().setAside(), "exactly the pairs whose B waited");
        assertEquals(preemptedPairs, result.wall().pairsSetAside());
        assertEquals(pairs - result.wall().pairsSetAside(), result.wall().pairs());
        assertEquals(1.05, result.wall().interval().low(), 1e-12, "the preempted pairs are out of the interval");
        assertEquals(1.05, result.wall().interval().high(), 1e-12);
        assertEquals(1.05, result.wall().medianB() / result.wall().medianA(), 1e-12);
        assertEquals(0, result.threadCpu().pairsSetAside());
        assertEquals(pairs, result.threadCpu().pairs());
        assertEquals(result.wall().pairsSetAside(), result.noise().load().preemptedRuns());
        assertEquals(2 * pairs, result.noise().load().runs());
        assertTrue(result.toString().contains(result.wall().pairsSetAside() + " preempted set aside"), result.toString());
        assertTrue(result.warnings().isEmpty(), result.warnings().toString());
    }

    @Test
    void whenAlmostEveryPairWasPreemptedWallTimeKeepsThemAllAndSaysSo() {
        CostlyClock wall = new CostlyClock(0);
        CostlyCpuTimes cpu = new CostlyCpuTimes(0, 0);
        int[] runs = {0};
        Task a = () -> {
            // two runs in three of A (re-warming runs included) wait 2 ms
            wall.advance(1_000_000 + (runs[0]++ % 3 != 0 ? 2_000_000 : 0));
            cpu.advance(0, 1_000_000);
            return null;
        };
        Task b = () -> {
            wall.advance(1_000_000);
            cpu.advance(0, 1_000_000);
            return null;
        };
        CompareResult result = FakeCompare.of(a, b, wall, cpu).minPairs(16).budget(java.time.Duration.ofMillis(100)).run();
        assertEquals(0, result.wall().pairsSetAside());
        assertEquals(1, result.warnings().size());
        assertTrue(result.warnings().get(0).contains("too many to set aside"), result.warnings().get(0));
        assertTrue(result.toString().contains("warning: "), result.toString());
    }
}
