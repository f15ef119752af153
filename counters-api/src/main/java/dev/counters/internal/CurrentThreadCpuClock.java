package dev.counters.internal;

import dev.counters.CounterException;
import dev.counters.CounterKind;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;

/**
 * The calling thread's CPU and user time from the platform {@link ThreadMXBean}, failing with the
 * true reason when it has none. {@code ThreadMXBean} answers -1 in two cases that call for
 * different remedies: on a virtual thread, which has no CPU clock of its own
 * ({@link VirtualThreads#refusal}), and when CPU-time measurement was switched off with
 * {@link ThreadMXBean#setThreadCpuTimeEnabled(boolean)}. It also refuses a reading the clock
 * cannot have produced: HotSpot passes on garbage when the clock itself fails.
 */
public final class CurrentThreadCpuClock {
    /** The API that reads the total, as named in {@link dev.counters.CounterInfo} and failures. */
    public static final String CPU_TIME_API = "ThreadMXBean.getCurrentThreadCpuTime()";
    /** The API that reads the user time. */
    public static final String USER_TIME_API = "ThreadMXBean.getCurrentThreadUserTime()";
    /**
     * What a thread's CPU time may exceed the JVM's uptime by: the launcher's work on the thread
     * before the JVM started counting, a millisecond uptime's rounding. Generous, so that no true
     * reading is ever refused.
     */
    static final long UPTIME_SLACK_NANOS = 1_000_000_000L;

    private static final String HOTSPOT_GIVES_NO_ERROR =
            " (HotSpot does not check clock_gettime's result, and gives no error code)";

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** When the JVM started, on {@link System#nanoTime()}'s scale, so that the uptime costs no allocation to ask. */
    private static final long JVM_START_NANOS =
            System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(ManagementFactory.getRuntimeMXBean().getUptime());
    /** Readings up to this were checked against the uptime; raised, never lowered, as the JVM runs. */
    private static volatile long plausibleCeiling;

    private CurrentThreadCpuClock() {}

    /** The calling thread's CPU time in nanoseconds. */
    public static long cpuTimeNanos() {
        return checked(CPU_TIME_API, THREADS.getCurrentThreadCpuTime());
    }

    /** The calling thread's user-mode CPU time in nanoseconds (in scheduler ticks on Linux HotSpot before JDK 26). */
    public static long userTimeNanos() {
        return checked(USER_TIME_API, THREADS.getCurrentThreadUserTime());
    }

    /** Whether the JVM measures the calling thread's CPU time now. */
    public static boolean isEnabled() {
        return THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    }

    /**
     * {@code nanos}, which {@code api} returned, if the thread's CPU clock can have produced it.
     * HotSpot on Linux does not check {@code clock_gettime}'s result: when the clock fails it
     * returns whatever the result buffer held, often a huge or negative number. A thread cannot
     * have run for longer than the JVM has, so a reading above the uptime (plus
     * {@link #UPTIME_SLACK_NANOS}) is refused like a negative one. Costs one comparison unless
     * the reading passes the last ceiling (at most about once a second on a busy thread), and then
     * a {@link System#nanoTime()}; allocates nothing unless it throws.
     *
     * @throws CounterException if the reading is negative or beyond the uptime
     */
    private static long checked(String api, long nanos) {
        if (nanos >= 0 && nanos <= plausibleCeiling) {
            return nanos;
        }
        return checked(api, nanos, System.nanoTime() - JVM_START_NANOS);
    }

    /** {@link #checked(String, long)} against an uptime of {@code uptime} nanoseconds. */
    static long checked(String api, long nanos, long uptime) {
        if (nanos < 0) {
            throw unmeasured(api, nanos);
        }
        long ceiling = uptime + UPTIME_SLACK_NANOS;
        if (nanos > ceiling) {
            throw CounterException.sourceFailure(api, "returned " + nanos + " ns, more than the "
                    + Durations.formatNanos(uptime) + " this JVM has run, a reading the clock cannot have produced: the "
                    + "thread's CPU clock failed" + HOTSPOT_GIVES_NO_ERROR);
        }
        if (ceiling > plausibleCeiling) {
            plausibleCeiling = ceiling;
        }
        return nanos;
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
        if (returned != -1) {
            return CounterException.sourceFailure(api, "returned " + returned + ", a reading the clock cannot have "
                    + "produced: the thread's CPU clock failed" + HOTSPOT_GIVES_NO_ERROR);
        }
        return CounterException.sourceFailure(api, "returned " + returned + ": this JVM cannot measure the CPU time of "
                + VirtualThreads.describeThread(current));
    }
}
