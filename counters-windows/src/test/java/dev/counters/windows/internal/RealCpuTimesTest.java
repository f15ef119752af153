package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.OperatingSystemMXBean;
import dev.counters.CounterInfo;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.testing.Bracket;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** GetThreadTimes and GetProcessTimes through the real layer, against the JVM's own accounting. */
@RealWindowsCalls
class RealCpuTimesTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean OS = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final Duration BUSY = Duration.ofMillis(200);


    /**
     * Spins until the calling thread has spent {@code cpu} of CPU time, by the JVM's account. The
     * account is read only every few milliseconds of arithmetic: reading it is a system call (under
     * Wine a wineserver round trip), and reading it often would make the loop mostly kernel time.
     */
    /**
     * Burns {@code cpu} of this thread's CPU time. {@link dev.counters.testing.Work#burnCpu} reads the CPU clock only
     * every few milliseconds of wall time: under Wine each read is a wineserver round trip, charged as kernel time,
     * and reading after every short batch made a busy loop on a loaded machine half kernel time.
     */
    private static void spin(Duration cpu) {
        dev.counters.testing.Work.burnCpu(cpu);
    }

    @Test
    void threadTimesOfABusyLoopAgreeWithThreadMxBean() {
        CpuTimesCounter counter = Counters.threadTimes();
        CounterInfo info = counter.getInfo();

        Bracket bracket = Bracket.time(counter, THREADS::getCurrentThreadCpuTime, () -> spin(BUSY));

        bracket.assertContains(counter.getElapsed(), Slack.of(info.measureResolution()), "THREAD_TIMES of a busy loop");
        assertTrue(counter.getElapsed().compareTo(BUSY.minus(info.measureResolution().typical().multipliedBy(2))) >= 0,
                "a " + BUSY + " busy loop measured " + counter.getElapsed());
        assertEquals("GetThreadTimes(GetCurrentThread())", info.source());
    }

    @Test
    void kernelPlusUserIsTheTotalAndABusyLoopIsMostlyUserTime() {
        CpuTimesCounter counter = Counters.threadTimes();
        counter.start();
        spin(BUSY);
        counter.stop();

        assertEquals(counter.getPeriodCount(), counter.getKernelPeriodCount() + counter.getUserPeriodCount());
        assertEquals(counter.getMicroseconds(), counter.getKernelMicroseconds() + counter.getUserMicroseconds());
        assertEquals(counter.getMilliseconds(), counter.getKernelMilliseconds() + counter.getUserMilliseconds());
        assertTrue(counter.getUserPeriodCount() > counter.getKernelPeriodCount(),
                "user " + counter.getUserMilliseconds() + " ms, kernel " + counter.getKernelMilliseconds() + " ms");
    }

    @Test
    void threadTimesDoNotCountABusySecondThreadButProcessTimesDo() throws InterruptedException {
        CpuTimesCounter mine = Counters.threadTimes();
        CpuTimesCounter process = Counters.processTimes();
        AtomicLong othersCpuNanos = new AtomicLong();
        Thread busy = new Thread(() -> {
            CpuTimesCounter own = Counters.threadTimes();
            own.start();
            spin(BUSY);
            own.stop();
            othersCpuNanos.set(own.getNanoseconds());
        }, "busy-second-thread");

        process.start();
        mine.start();
        busy.start();
        busy.join();
        mine.stop();
        process.stop();

        Duration step = mine.getInfo().measureResolution().typical();
        Duration others = Duration.ofNanos(othersCpuNanos.get());
        assertTrue(others.compareTo(BUSY.minus(step.multipliedBy(2))) >= 0, "the busy thread spent " + others);
        assertTrue(mine.getElapsed().compareTo(step.multipliedBy(2).plusMillis(20)) <= 0,
                "the waiting thread was charged " + mine.getElapsed() + " while the other spun " + others);
        assertTrue(process.getElapsed().compareTo(others.minus(step.multipliedBy(2))) >= 0,
                "the process was charged " + process.getElapsed() + ", less than its busy thread's " + others);
    }

    @Test
    void processTimesAreAtLeastTheThreadTimesOfTheSameInterval() {
        CpuTimesCounter process = Counters.processTimes();
        CpuTimesCounter thread = Counters.threadTimes();
        process.start();
        thread.start();
        spin(BUSY);
        thread.stop();
        process.stop();

        Duration step = process.getInfo().measureResolution().typical();
        assertTrue(process.getElapsed().plus(step.multipliedBy(2)).compareTo(thread.getElapsed()) >= 0,
                "process " + process.getElapsed() + " < thread " + thread.getElapsed());
        assertEquals(process.getPeriodCount(), process.getKernelPeriodCount() + process.getUserPeriodCount());
    }

    @Test
    void processTimesAgreeWithOperatingSystemMxBean() {
        CpuTimesCounter counter = Counters.processTimes();
        CounterInfo info = counter.getInfo();

        Bracket bracket = Bracket.time(counter, OS::getProcessCpuTime, () -> spin(BUSY));

        // Other JVM threads (JIT, GC) also run between the paired reads; the bracket allows exactly that.
        bracket.assertContains(counter.getElapsed(), Slack.of(info.measureResolution()), "PROCESS_TIMES");
        assertEquals("GetProcessTimes(GetCurrentProcess())", info.source());
    }
}
