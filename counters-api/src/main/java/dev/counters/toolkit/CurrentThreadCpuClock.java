package dev.counters.toolkit;

import dev.counters.CounterException;
import dev.counters.CounterKind;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The calling thread's CPU and user time from the platform {@link ThreadMXBean}, failing with the
 * true reason when it has none. {@code ThreadMXBean} answers -1 in two cases that call for
 * different remedies: on a virtual thread, which has no CPU clock of its own
 * ({@link VirtualThreads#refusal}), and when CPU-time measurement was switched off with
 * {@link ThreadMXBean#setThreadCpuTimeEnabled(boolean)}.
 */
public final class CurrentThreadCpuClock {
    /** The API that reads the total, as named in {@link dev.counters.CounterInfo} and failures. */
    public static final String CPU_TIME_API = "ThreadMXBean.getCurrentThreadCpuTime()";
    /** The API that reads the user time. */
    public static final String USER_TIME_API = "ThreadMXBean.getCurrentThreadUserTime()";

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CurrentThreadCpuClock() {}

    /** The calling thread's CPU time in nanoseconds. */
    public static long cpuTimeNanos() {
        long nanos = THREADS.getCurrentThreadCpuTime();
        if (nanos < 0) {
            throw unmeasured(CPU_TIME_API, nanos);
        }
        return nanos;
    }

    /** The calling thread's user-mode CPU time in nanoseconds (in scheduler ticks on Linux HotSpot before JDK 26). */
    public static long userTimeNanos() {
        long nanos = THREADS.getCurrentThreadUserTime();
        if (nanos < 0) {
            throw unmeasured(USER_TIME_API, nanos);
        }
        return nanos;
    }

    /** Whether the JVM measures the calling thread's CPU time now. */
    public static boolean isEnabled() {
        return THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    }

    private static RuntimeException unmeasured(String api, long returned) {
        Thread current = Thread.currentThread();
        if (VirtualThreads.isVirtual(current)) {
            return VirtualThreads.refusal(CounterKind.THREAD_TIMES, current);
        }
        if (!THREADS.isThreadCpuTimeEnabled()) {
            return CounterException.sourceFailure(api, "returned " + returned + ": thread CPU time measurement is "
                    + "disabled (ThreadMXBean.setThreadCpuTimeEnabled(false) was called); enable it again");
        }
        return CounterException.sourceFailure(api, "returned " + returned + ": this JVM cannot measure the CPU time of "
                + "thread '" + current.getName() + "'");
    }
}
