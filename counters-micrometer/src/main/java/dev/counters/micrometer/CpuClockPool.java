package dev.counters.micrometer;

import dev.counters.CpuTimesCounter;
import java.util.function.Supplier;

/**
 * The CPU clocks of one thread that no observation is using: a stack, so nested observations take
 * one clock per level and a thread's steady state allocates nothing. Confined to its thread.
 */
final class CpuClockPool {
    private final Supplier<? extends CpuTimesCounter> counters;
    private CpuClock free;

    /** A pool whose clocks read counters from {@code counters} (THREAD_TIMES counters of the pool's thread). */
    CpuClockPool(Supplier<? extends CpuTimesCounter> counters) {
        this.counters = counters;
    }

    /** A free clock of {@code owner} (the current thread), made the first time a nesting level needs it. */
    CpuClock take(Thread owner) {
        CpuClock clock = free;
        if (clock == null) {
            return new CpuClock(owner, counters.get());
        }
        free = clock.next;
        return clock;
    }

    /** Returns a stopped clock of this pool's thread for the next observation. */
    void giveBack(CpuClock clock) {
        clock.next = free;
        free = clock;
    }
}
