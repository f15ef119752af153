package dev.counters.posix;

import dev.counters.spi.TickSource;
import dev.counters.toolkit.CurrentThreadCpuClock;

/**
 * The calling thread's CPU time through {@link java.lang.management.ThreadMXBean#getCurrentThreadCpuTime()}.
 * HotSpot on Linux answers it with {@code clock_gettime} on the thread's own CPU-time clock, the
 * very clock {@code CLOCK_THREAD_CPUTIME_ID} names, through a JNI call far cheaper than a JNA one.
 * {@link JvmClockCheck} confirms that before this source is used.
 */
enum ThreadMxBeanCpuTime implements TickSource {
    INSTANCE;

    @Override
    public long read() {
        return CurrentThreadCpuClock.cpuTimeNanos();
    }
}
