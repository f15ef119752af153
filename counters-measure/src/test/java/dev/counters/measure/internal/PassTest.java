package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.testing.FakeCounters;
import org.junit.jupiter.api.Test;

/** The one place Measure and Compare check their wall counter (issue #23 item 5). */
class PassTest {

    @Test
    void aTimeOfDayCounterIsRefusedBeforeAnythingRuns() {
        long[] reads = {0};
        Counter timeOfDay = FakeCounters.timeOfDay(() -> ++reads[0]);
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> Pass.of(timeOfDay, Counters.threadTimes()));
        assertTrue(refused.getMessage().startsWith("The wall counter must be monotonic, but SYSTEM_TIME"), refused.getMessage());
        assertEquals(0, reads[0]);
    }

    @Test
    void theRealSystemTimeCounterIsRefusedToo() {
        assertThrows(IllegalArgumentException.class, () -> Pass.of(Counters.systemTime(), Counters.threadTimes()));
    }

    @Test
    void aMonotonicCounterIsTimedThrough() {
        long[] now = {0};
        Counter wall = FakeCounters.nanoseconds(() -> now[0] += 5);
        double[] figures = Pass.of(wall, Counters.threadTimes()).once(() -> 1, "run", 0);
        assertEquals(5, figures[Pass.WALL]);
    }
}
