package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.testing.FakeCounters;
import dev.counters.measure.Task;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** Each task's invocations per run, probed on a clock that a fake task moves by a known time per invocation. */
class BatchingTest {
    private static final long BUDGET = 20_000_000_000L;
    private static final long REWARM = Pairing.REWARM.toNanos();

    /** A task that takes {@code nanos} on {@code clock} each invocation. */
    private static Task taking(CostlyClock clock, long nanos) {
        return () -> {
            clock.advance(nanos);
            return nanos;
        };
    }

    private static int probe(long taskNanos, long readCost, double floor) {
        CostlyClock clock = new CostlyClock(readCost);
        Pass pass = new Pass(FakeCounters.nanoseconds(clock), FakeCounters.threadTimes(new CostlyCpuTimes(0, 0)), new Sink());
        TaskLoop loop = TaskLoops.copyFor(taking(clock, taskNanos), new Sink());
        return Batching.probe(pass, loop, "A", readCost, floor);
    }

    @Property(tries = 200)
    void theCountIsTheSmallestPowerOfTwoWhoseRunReachesTheFloorWhateverThePassCosts(
            @ForAll @LongRange(min = 1_000, max = 10_000_000) long taskNanos, @ForAll @LongRange(min = 0, max = 5_000) long readCost) {
        double floor = Batching.floorNanos(1_000, BUDGET);
        int invocations = probe(taskNanos, readCost, floor);
        assertEquals(Integer.bitCount(invocations), 1, "a power of two: " + invocations);
        assertTrue((double) invocations * taskNanos >= floor, invocations + " x " + taskNanos + " below " + floor);
        assertTrue(invocations == 1 || (double) invocations / 2 * taskNanos < floor, invocations + " is more than it needs");
    }

    @Test
    void aTaskOfTensOfNanosecondsIsBatchedToTheFloorNotToTheMost() {
        // A 30 ns task timed by a pass that costs 2 us: its warm-up's mean run, net of the pass, read near zero.
        int invocations = probe(30, 2_000, Batching.floorNanos(1_000, BUDGET));
        assertEquals(262_144, invocations, "5 ms / 30 ns, rounded up to a power of two");
    }

    @Test
    void theFloorIsAHundredClockStepsOrTheReWarmingAndAtMostA200thOfTheBudget() {
        assertEquals(REWARM, Batching.floorNanos(1_000, BUDGET), 0, "100 x 1 us is below the re-warming");
        assertEquals(10_000_000, Batching.floorNanos(100_000, BUDGET), 0, "100 steps of 100 us");
        assertEquals(1_000_000, Batching.floorNanos(100_000, 200_000_000L), 0, "a 200 ms budget: 1 ms at most");
    }

    @Test
    void aTaskLongerThanTheFloorRunsOnceAndAnEmptyOneStopsAtTheMost() {
        assertEquals(1, probe(60_000_000, 100, Batching.floorNanos(1_000, BUDGET)));
        assertEquals(Batching.MAX_INVOCATIONS, probe(0, 100, Batching.floorNanos(1_000, BUDGET)));
    }
}
