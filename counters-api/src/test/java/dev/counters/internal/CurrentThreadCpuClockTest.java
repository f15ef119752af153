package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * Issue #23 item 3: what ThreadMXBean returns when the thread's CPU clock fails (HotSpot passes on
 * an uninitialised timespec: 4.7e18 ns, or a negative number) is refused, never passed on. The JVM
 * is faked by the reading and the uptime handed in; the real failure is injected with a seccomp
 * filter in counters-posix's ThreadCpuClockFailureTest.
 */
class CurrentThreadCpuClockTest {
    private static final long UPTIME = 12_000_000_000L;

    @Test
    void aReadingBeyondTheJvmsUptimeIsRefused() {
        CounterException refused = assertThrows(CounterException.class,
                () -> CurrentThreadCpuClock.checked(CurrentThreadCpuClock.CPU_TIME_API, 4_700_000_000_000_000_000L, UPTIME));
        assertEquals("ThreadMXBean.getCurrentThreadCpuTime() failed: returned 4700000000000000000 ns, more than the 12 s "
                + "this JVM has run, a reading the clock cannot have produced: the thread's CPU clock failed (HotSpot does "
                + "not check clock_gettime's result, and gives no error code)", refused.getMessage());
        assertEquals(CurrentThreadCpuClock.CPU_TIME_API, refused.api());
    }

    @Test
    void aNegativeReadingIsRefused() {
        CounterException refused = assertThrows(CounterException.class,
                () -> CurrentThreadCpuClock.checked(CurrentThreadCpuClock.USER_TIME_API, -7424, UPTIME));
        assertEquals("ThreadMXBean.getCurrentThreadUserTime() failed: returned -7424, a reading the clock cannot have "
                + "produced: the thread's CPU clock failed (HotSpot does not check clock_gettime's result, and gives no "
                + "error code)", refused.getMessage());
    }

    @Test
    void everyReadingUpToTheUptimeAndItsSlackPasses() {
        long ceiling = UPTIME + CurrentThreadCpuClock.UPTIME_SLACK_NANOS;
        for (long nanos : new long[] {0, 1, UPTIME, ceiling}) {
            assertEquals(nanos, CurrentThreadCpuClock.checked(CurrentThreadCpuClock.CPU_TIME_API, nanos, UPTIME));
        }
        assertThrows(CounterException.class,
                () -> CurrentThreadCpuClock.checked(CurrentThreadCpuClock.CPU_TIME_API, ceiling + 1, UPTIME));
    }

    @Test
    void theRealClockStaysWithinTheRealUptime() {
        long cpu = CurrentThreadCpuClock.cpuTimeNanos();
        long uptime = ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000L;
        assertTrue(cpu >= 0 && cpu <= uptime + CurrentThreadCpuClock.UPTIME_SLACK_NANOS, cpu + " ns after " + uptime + " ns");
        assertTrue(CurrentThreadCpuClock.userTimeNanos() >= 0);
    }
}
