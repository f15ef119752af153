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
        return Batching.probe(pass, loop, "A", readCost, floor).invocations();
    }

    @Property(tries = 200)
    void theCountIsTheSmallestPowerOfTwoWhoseRunReachesTheFloorWhateverThePassCosts(
            @ForAll @LongRange(min = 1_000, max = 10_000_000) long taskNanos, @ForAll @LongRange(min = 0, max = 5_000) long readCost) {
        double floor = Batching.clockFloorNanos(100_000, BUDGET);
        int invocations = probe(taskNanos, readCost, floor);
        assertEquals(Integer.bitCount(invocations), 1, "a power of two: " + invocations);
        assertTrue((double) invocations * taskNanos >= floor, invocations + " x " + taskNanos + " below " + floor);
        assertTrue(invocations == 1 || (double) invocations / 2 * taskNanos < floor, invocations + " is more than it needs");
    }

    @Test
    void aTaskOfTensOfNanosecondsIsBatchedToTheFloorNotToTheMost() {
        // A 30 ns task timed by a pass that costs 2 us: its warm-up's mean run, net of the pass, read near zero.
        int invocations = probe(30, 2_000, Batching.clockFloorNanos(1_000, BUDGET));
        assertEquals(4_096, invocations, "100 us / 30 ns, rounded up to a power of two");
    }

    @Test
    void theClockFloorIsAHundredStepsAndAtMostA200thOfTheBudget() {
        assertEquals(100_000, Batching.clockFloorNanos(1_000, BUDGET), 0, "100 steps of 1 us");
        assertEquals(1_000_000, Batching.clockFloorNanos(100_000, 200_000_000L), 0, "a 200 ms budget: 1 ms at most");
    }

    @Test
    void aTaskLongerThanTheFloorRunsOnceAndAnEmptyOneStopsAtTheMost() {
        assertEquals(1, probe(60_000_000, 100, Batching.clockFloorNanos(1_000, BUDGET)));
        assertEquals(Batching.MAX_INVOCATIONS, probe(0, 100, Batching.clockFloorNanos(1_000, BUDGET)));
    }

    @Test
    void bothGrowTogetherTowardTheReWarmingWhileTheLongerStaysWithinIt() {
        Batching.Batch[] alike = Batching.grown(new Batching.Batch(1, 100_000), new Batching.Batch(1, 110_000), REWARM);
        assertEquals(32, alike[0].invocations(), "3.2 ms and 3.5 ms: one more doubling would take B past 5 ms");
        assertEquals(32, alike[1].invocations());
        Batching.Batch[] apart = Batching.grown(new Batching.Batch(1, 100_000), new Batching.Batch(1, 4_500_000), REWARM);
        assertEquals(1, apart[0].invocations(), "B 45 times slower: lifting A would take B far past the re-warming");
        // Tasks 10,000 times apart, each batched to its clocks' floor on its own: neither run is far from the floor.
        Batching.Batch[] farApart = Batching.grown(new Batching.Batch(4_096, 122_880), new Batching.Batch(2, 140_000), REWARM);
        assertEquals(4_096 * 32, farApart[0].invocations());
        assertEquals(2 * 32, farApart[1].invocations());
    }
}
