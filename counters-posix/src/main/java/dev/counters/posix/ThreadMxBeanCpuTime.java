package dev.counters.posix;

import dev.counters.CounterException;
import dev.counters.spi.TickSource;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The calling thread's CPU time through {@link ThreadMXBean#getCurrentThreadCpuTime()}. HotSpot
 * on Linux answers it with {@code clock_gettime} on the thread's own CPU-time clock, the very
 * clock {@code CLOCK_THREAD_CPUTIME_ID} names, through a JNI call far cheaper than a JNA one.
 * {@link JvmClockCheck} confirms that before this source is used.
 */
enum ThreadMxBeanCpuTime implements TickSource {
    INSTANCE;

    static final String API = "ThreadMXBean.getCurrentThreadCpuTime()";
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Whether the JVM measures the calling thread's CPU time now. */
    static boolean isEnabled() {
        return THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    }

    @Override
    public long read() {
        long nanos = THREADS.getCurrentThreadCpuTime();
        if (nanos < 0) {
            throw CounterException.sourceFailure(API, "returned " + nanos + ": thread CPU time measurement "
                    + "was disabled (ThreadMXBean.setThreadCpuTimeEnabled(false)); enable it again");
        }
        return nanos;
    }
}
