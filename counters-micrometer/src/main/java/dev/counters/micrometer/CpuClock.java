package dev.counters.micrometer;

import dev.counters.CpuTimesCounter;
import dev.counters.CpuTimesReadings;

/**
 * One thread's CPU clock for one observation at a time: a THREAD_TIMES counter and the thread it
 * belongs to. Kept in that thread's {@link CpuClockPool} between observations, so starting and
 * stopping one allocates nothing.
 */
final class CpuClock {
    private final Thread owner;
    private final CpuTimesCounter counter;
    private final boolean split;
    /** The next free clock in the owner's pool, while this one is free. */
    CpuClock next;

    CpuClock(Thread owner, CpuTimesCounter counter) {
        this.owner = owner;
        this.counter = counter;
        this.split = counter.getInfo().hasKernelUserSplit();
    }

    /** Whether the clock splits kernel from user time; the JDK floor ({@code ThreadMXBean}, whose user time moves in scheduler ticks) does not. */
    boolean hasKernelUserSplit() {
        return split;
    }

    boolean isOwnedBy(Thread thread) {
        return owner == thread;
    }

    void start() {
        counter.start();
    }

    /** Stops the clock (on its owner thread) and returns its readings: total, kernel and user. */
    CpuTimesReadings stop() {
        counter.stop();
        return counter;
    }
}
