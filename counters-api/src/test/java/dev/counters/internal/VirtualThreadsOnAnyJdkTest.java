package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.CounterKind;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The parts of the virtual-thread handling that run on every JDK, 17 included: the refusal's
 * words, the hand-off to a new platform thread, and ThreadMXBean's "disabled" answer.
 * {@code dev.counters.VirtualThreadsTest} drives them from real virtual threads on JDK 21+.
 */
class VirtualThreadsOnAnyJdkTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @SuppressWarnings("deprecation")
    @Test
    void aThreadIsDescribedByItsNameOrItsId() {
        Thread named = new Thread(() -> {}, "worker-7");
        Thread unnamed = new Thread(() -> {}, "");
        assertEquals("thread 'worker-7'", VirtualThreads.describeThread(named));
        assertEquals("thread #" + unnamed.getId(), VirtualThreads.describeThread(unnamed));
    }

    @Test
    void theRefusalNamesTheKindTheThreadTheReasonAndTheAlternatives() {
        Thread named = new Thread(() -> {}, "worker-7");
        IllegalStateException refusal = VirtualThreads.refusal(CounterKind.THREAD_CYCLES, named);
        assertEquals("THREAD_CYCLES cannot measure virtual thread 'worker-7' (" + named + "): a virtual thread has no CPU "
                + "clock of its own. It runs on carrier threads that change whenever it blocks, so any CPU figure read "
                + "here would be a carrier thread's. Measure on a platform thread (new Thread(...), Thread.ofPlatform(), "
                + "a fixed thread pool), use PROCESS_TIMES for the CPU time of the whole process, or a wall-clock kind "
                + "(PERFORMANCE) for elapsed time", refusal.getMessage());
        Thread unnamed = new Thread(() -> {}, "");
        assertTrue(VirtualThreads.refusal(CounterKind.THREAD_TIMES, unnamed).getMessage()
                .startsWith("THREAD_TIMES cannot measure virtual thread (" + unnamed + "): "));
    }

    @Test
    void workHandedOffRunsOnANewPlatformThreadAndReturnsItsResult() {
        Thread caller = Thread.currentThread();
        Thread ranOn = VirtualThreads.onNewPlatformThread(Thread::currentThread);
        assertNotEquals(caller, ranOn);
        assertFalse(VirtualThreads.isVirtual(ranOn));
        assertTrue(ranOn.isDaemon(), "a probe thread never keeps the JVM alive");
        assertEquals("counters-platform-probe", ranOn.getName());
        assertFalse(ranOn.isAlive(), "waited for");
    }

    @Test
    void failuresOfHandedOffWorkReachTheCaller() {
        IllegalArgumentException runtime = new IllegalArgumentException("bad");
        assertSame(runtime, assertThrows(IllegalArgumentException.class, () -> VirtualThreads.onNewPlatformThread(() -> {
            throw runtime;
        })));
        StackOverflowError error = new StackOverflowError("deep");
        assertSame(error, assertThrows(StackOverflowError.class, () -> VirtualThreads.onNewPlatformThread(() -> {
            throw error;
        })));
    }

    @Test
    void anInterruptWhileWaitingIsKeptForTheCaller() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean interruptKept = new AtomicBoolean();
        Thread caller = new Thread(() -> {
            String result = VirtualThreads.onNewPlatformThread(() -> {
                started.countDown();
                awaitUninterruptibly(release);
                return "done";
            });
            interruptKept.set("done".equals(result) && Thread.currentThread().isInterrupted());
        });
        caller.start();
        started.await();
        caller.interrupt();
        Thread.sleep(20);
        release.countDown();
        caller.join();
        assertTrue(interruptKept.get(), "the work finished and the caller is still interrupted");
    }

    @Test
    void theClockIsEnabledUnlessSwitchedOffAndSaysSoWhenItIs() {
        assertTrue(CurrentThreadCpuClock.isEnabled());
        assertTrue(CurrentThreadCpuClock.cpuTimeNanos() > 0);
        assertTrue(CurrentThreadCpuClock.userTimeNanos() >= 0);
        boolean wasEnabled = THREADS.isThreadCpuTimeEnabled();
        THREADS.setThreadCpuTimeEnabled(false);
        try {
            assertFalse(CurrentThreadCpuClock.isEnabled());
            CounterException disabled = assertThrows(CounterException.class, CurrentThreadCpuClock::cpuTimeNanos);
            assertEquals("ThreadMXBean.getCurrentThreadCpuTime() failed: returned -1: thread CPU time measurement is "
                    + "disabled (ThreadMXBean.setThreadCpuTimeEnabled(false) was called); enable it again", disabled.getMessage());
            assertTrue(assertThrows(CounterException.class, CurrentThreadCpuClock::userTimeNanos).getMessage()
                    .startsWith("ThreadMXBean.getCurrentThreadUserTime() failed: returned -1"));
        } finally {
            THREADS.setThreadCpuTimeEnabled(wasEnabled);
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        while (true) {
            try {
                latch.await();
                return;
            } catch (InterruptedException e) {
                // keep waiting: the test interrupts the caller, not this thread
            }
        }
    }
}
