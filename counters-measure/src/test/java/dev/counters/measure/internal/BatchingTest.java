package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.MeasureResult.WarmUpReport;
import dev.counters.measure.Task;
import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class BatchingTest {
    private static WarmUpReport warmedUp(long nanos, int runs) {
        return new WarmUpReport(Duration.ofNanos(nanos), runs, true, 0.001, Duration.ofSeconds(1), 5, 0.005);
    }

    @Property
    void theSmallestPowerOfTwoLiftsTheShorterTaskToTheFloor(@ForAll @LongRange(min = 1, max = 10_000_000) long runNanos,
            @ForAll @LongRange(min = 1, max = 10_000_000) long floorNanos) {
        int n = Batching.invocations(warmedUp(runNanos * 100, 100), warmedUp(runNanos * 300, 100), floorNanos);
        assertEquals(0, n & (n - 1), "a power of two: " + n);
        assertTrue((double) runNanos * n >= floorNanos, n + " runs of " + runNanos + " ns reach " + floorNanos);
        assertTrue(n == 1 || (double) runNanos * n / 2 < floorNanos, "no larger than needed: " + n);
    }

    @Test
    void aTaskThatTakesNoTimeStillEnds() {
        assertEquals(Batching.MAX_INVOCATIONS, Batching.invocations(warmedUp(0, 1000), warmedUp(0, 1000), 100_000));
    }

    @Test
    void withoutAWarmUpEachRunIsOneInvocation() {
        assertEquals(1, Batching.invocations(WarmUpReport.skipped(), warmedUp(1, 1000), 100_000));
    }

    @Test
    void aBatchRunsTheTaskThatManyTimesAndFeedsEveryResult() throws Exception {
        int[] calls = {0};
        Sink sink = new Sink();
        Task batch = Batching.of(() -> ++calls[0], 8, sink);
        assertEquals(8, batch.run());
        assertEquals(8, calls[0]);
    }

    @Test
    void theFloorIsAHundredStepsAtMostAFractionOfTheBudget() {
        assertEquals(100_000, Batching.floorNanos(1_000, 1_000_000_000L), 1e-9);
        assertEquals(1_000_000_000L / 200.0, Batching.floorNanos(1e9, 1_000_000_000L), 1e-9);
    }
}
