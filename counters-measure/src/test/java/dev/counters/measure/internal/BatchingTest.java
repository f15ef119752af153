package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.WarmUpReport;
import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class BatchingTest {
    private static final long BUDGET = 20_000_000_000L;
    private static final long REWARM = Pairing.REWARM.toNanos();

    private static WarmUpReport warmedUp(long nanos, int runs) {
        return new WarmUpReport(Duration.ofNanos(nanos), runs, true, 0.001, Duration.ofSeconds(1), 5, 0.005);
    }

    /** The invocations of tasks whose warm-up runs took {@code aNanos} and {@code bNanos} each, no pass cost. */
    private static int invocations(long aNanos, long bNanos, double stepOrCost) {
        return Batching.invocations(warmedUp(aNanos * 100, 100), warmedUp(bNanos * 100, 100), 0, stepOrCost, BUDGET);
    }

    @Property
    void theShorterTaskReachesAHundredClockStepsAndTheLongerNeverPassesTheReWarmingBecauseOfIt(
            @ForAll @LongRange(min = 1, max = 10_000_000) long shorter, @ForAll @LongRange(min = 1, max = 100) long times,
            @ForAll @LongRange(min = 1, max = 100_000) long stepOrCost) {
        long longer = shorter * times;
        int n = invocations(shorter, longer, stepOrCost);
        assertEquals(0, n & (n - 1), "a power of two: " + n);
        double clockFloor = stepOrCost * 100.0;
        assertTrue((double) shorter * n >= clockFloor, n + " runs of " + shorter + " ns reach " + clockFloor);
        boolean clockNeedsIt = n > 1 && (double) shorter * n / 2 < clockFloor;
        assertTrue(clockNeedsIt || n == 1 || (double) longer * n <= REWARM,
                n + " runs of the longer task (" + longer + " ns) pass the re-warming though the clock did not need them");
        assertTrue(clockNeedsIt || n == 1 || (double) shorter * n / 2 < REWARM, "no larger than the re-warming needs: " + n);
    }

    @Test
    void equalTasksAreLiftedToTheReWarmingAndATaskFarLongerHoldsTheCountDown() {
        assertEquals(256, invocations(10_000, 10_500, 100), "10 us tasks: 2.6 ms runs; 512 would lift the longer past 5 ms");
        assertEquals(8, invocations(22_000, 1_000_000, 1_000), "the clock's 100 us floor, not 256 runs of a 1 ms task");
        assertEquals(2, invocations(190_000, 2_400_000, 100), "the longer task stays within 5 ms");
        assertEquals(1, invocations(20_000_000, 30_000_000, 100), "tasks longer than the floors run once");
    }

    @Test
    void theMeasuringPassIsNotCountedAsTheTasksOwnTime() {
        // Warm-up runs of 3 us each, 2 us of which the clocks' pass: the task takes 1 us, so 128 reach 100 us.
        WarmUpReport a = warmedUp(3_000 * 1000, 1000);
        WarmUpReport b = warmedUp(300_000 * 1000, 1000);
        assertEquals(128, Batching.invocations(a, b, 2_000, 1_000, BUDGET));
        assertEquals(64, Batching.invocations(a, b, 0, 1_000, BUDGET), "counted with the pass, the task looks three times longer");
    }

    @Test
    void aTaskThatTakesNoTimeStillEnds() {
        assertEquals(Batching.MAX_INVOCATIONS, invocations(0, 0, 1_000));
    }

    @Test
    void withoutAWarmUpEachRunIsOneInvocation() {
        assertEquals(1, Batching.invocations(WarmUpReport.skipped(), warmedUp(1, 1000), 0, 1_000, BUDGET));
    }

    @Test
    void aShortBudgetLowersBothFloors() {
        // 1 s budget: floors at most 5 ms; 100 ms budget: at most 0.5 ms, below the re-warming and the clock's 1 ms.
        assertEquals(1, Batching.invocations(warmedUp(500_000 * 100, 100), warmedUp(500_000 * 100, 100), 0, 10_000,
                100_000_000L));
    }
}
