package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.testing.FakeCounters;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How {@link Compare.Order#DUET} ends when something goes wrong on a worker, over the fake clocks of
 * {@link CompareDuetFixture}: a task's checked or unchecked failure, an assertion or a stack overflow
 * (named with its run, both workers ended), a worker whose counters cannot be created (before any
 * pair), and an interrupt of the calling thread or of a task blocked on a worker.
 */
@Timeout(60)
class CompareDuetFailuresTest extends CompareDuetFixture {
    @Test
    void aCheckedFailureOnAWorkerIsNamedWithItsRunAndEndsBothWorkers() {
        AtomicInteger bRuns = new AtomicInteger();
        Task b = () -> {
            bThreads.add(Thread.currentThread());
            if (bRuns.incrementAndGet() == 3) {
                throw new IOException("disk gone");
            }
            work(1000);
            return null;
        };
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> duet(task(aThreads, 1000), b).run());
        assertEquals("run of B in pair 3", e.phase());
        assertInstanceOf(IOException.class, e.getCause());
        assertEquals(3, aThreads.size(), "A's run of that pair ended too");
        for (Thread thread : aThreads) {
            assertFalse(thread.isAlive());
        }
    }

    @Test
    void uncheckedFailuresAssertionsAndStackOverflowsAreWrappedAndOtherErrorsPassThrough() {
        IllegalStateException unchecked = new IllegalStateException("bad state");
        AssertionError assertion = new AssertionError("broken");
        StackOverflowError overflow = new StackOverflowError();
        InternalError jvm = new InternalError("the JVM's own");
        NoClassDefFoundError linkage = new NoClassDefFoundError("com/example/Missing");
        assertSame(unchecked, assertThrows(TaskFailedException.class, () -> duet(failing(unchecked), task(bThreads, 1)).run())
                .getCause());
        TaskFailedException b = assertThrows(TaskFailedException.class, () -> duet(task(aThreads, 1), failing(assertion)).run());
        assertSame(assertion, b.getCause());
        assertTrue(b.phase().contains(" of B"), b.phase());
        assertSame(overflow, assertThrows(TaskFailedException.class, () -> duet(failing(overflow), task(bThreads, 1)).run())
                .getCause());
        assertSame(linkage, assertThrows(TaskFailedException.class, () -> duet(failing(linkage), task(bThreads, 1)).run())
                .getCause(), "a class the task cannot link is its failure too");
        assertSame(jvm, assertThrows(InternalError.class, () -> duet(task(aThreads, 1), failing(jvm)).run()));
        TaskFailedException both = assertThrows(TaskFailedException.class,
                () -> duet(failing(unchecked), failing(new IllegalArgumentException("also"))).run());
        assertEquals(1, both.getSuppressed().length, "the other worker's failure is not lost");
    }

    private static Task failing(Throwable thrown) {
        return () -> {
            if (thrown instanceof Error e) {
                throw e;
            }
            throw (RuntimeException) thrown;
        };
    }

    @Test
    void aFailureToCreateAWorkersCountersEndsTheDuetBeforeAnyPair() {
        for (int failing = 1; failing <= 2; failing++) {
            List<Thread> creators = Collections.synchronizedList(new ArrayList<>());
            IllegalStateException refused = new IllegalStateException("no thread CPU clock here");
            // the calibration's, the noise probe's, then worker 1's and worker 2's
            int failingCall = 2 + failing;
            Compare compare = duet(task(aThreads, 1000), task(bThreads, 1000)).threadCounter(() -> {
                creators.add(Thread.currentThread());
                if (creators.size() == failingCall) {
                    throw refused;
                }
                return FakeCounters.threadTimes(cpu.get());
            });
            control.log.clear();
            control.affinity = new int[] {0, 1, 2, 3};
            assertSame(refused, assertThrows(IllegalStateException.class, compare::run));
            assertEquals(List.of(), aThreads);
            assertEquals(failing == 1 ? List.of("pin 2") : List.of("pin 2", "pin 3"), control.log);
            assertEquals(failingCall, creators.size());
            for (Thread creator : creators.subList(2, failingCall)) {
                assertFalse(creator.isAlive(), "worker " + worker(creator) + " was ended and joined");
            }
        }
    }

    @Test
    void anInterruptOfTheCallingThreadEndsTheDuetAndStaysSet() {
        Thread caller = Thread.currentThread();
        AtomicInteger bRuns = new AtomicInteger();
        Task b = () -> {
            bThreads.add(Thread.currentThread());
            work(1000);
            if (bRuns.incrementAndGet() == 10) {
                caller.interrupt();
            }
            return null;
        };
        CompareResult result = duet(task(aThreads, 1000), b).run();
        assertTrue(Thread.interrupted(), "the interrupt is left set for the caller");
        assertEquals(Compare.StopReason.INTERRUPTED, result.stoppedBy());
        assertEquals(12, result.pairs(), "the round of the interrupt (four pairs) is finished");
        assertEquals(12, bRuns.get());
    }

    @Test
    void anInterruptReachesATaskBlockedOnAWorker() {
        Thread caller = Thread.currentThread();
        AtomicInteger runs = new AtomicInteger();
        Task a = () -> {
            if (runs.incrementAndGet() == 3) {
                Thread.sleep(Duration.ofMinutes(1).toMillis());
            }
            work(1000);
            return null;
        };
        AtomicInteger bRuns = new AtomicInteger();
        Task b = () -> {
            if (bRuns.incrementAndGet() == 3) {
                caller.interrupt();
            }
            work(1000);
            return null;
        };
        long start = System.nanoTime();
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> duet(a, b).run());
        assertTrue(Thread.interrupted(), "the caller's interrupt is left set");
        assertInstanceOf(InterruptedException.class, e.getCause(), "as the task would see it on the calling thread");
        assertEquals("run of A in pair 3", e.phase());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(30).toNanos());
    }
}
