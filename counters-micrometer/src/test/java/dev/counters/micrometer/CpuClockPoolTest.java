package dev.counters.micrometer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A thread's clocks are reused, one per nesting level, last given back first taken. */
class CpuClockPoolTest {
    private final CpuClockPool pool = new CpuClockPool(dev.counters.Counters::threadTimes);
    private final Thread self = Thread.currentThread();

    @Test
    void aClockGivenBackIsTheNextOneTaken() {
        CpuClock first = pool.take(self);
        pool.giveBack(first);
        assertSame(first, pool.take(self));
    }

    @Test
    void nestedLevelsTakeDifferentClocksAndAreReusedInOrder() {
        CpuClock outer = pool.take(self);
        CpuClock inner = pool.take(self);
        assertNotSame(outer, inner);
        pool.giveBack(inner);
        pool.giveBack(outer);
        assertSame(outer, pool.take(self));
        assertSame(inner, pool.take(self));
        assertNotSame(outer, pool.take(self), "a third level gets a new clock");
    }

    @Test
    void aClockBelongsToTheThreadThatTookIt() {
        CpuClock clock = pool.take(self);
        assertTrue(clock.isOwnedBy(self));
        assertFalse(clock.isOwnedBy(new Thread(() -> {})));
    }
}
