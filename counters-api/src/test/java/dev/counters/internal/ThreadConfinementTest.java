package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.Counters;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeCpuTimesSource;
import dev.counters.testing.FakeTickSource;
import dev.counters.testing.VirtualThreadRunner;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Issue 44, item 10: a counter belongs to the thread that first starts it, whatever its kind. Before,
 * only THREAD_TIMES checked: a second thread restarting a PERFORMANCE counter made the first one's
 * 100 ms interval read 49 ms, and readings taken while another thread restarted were negative.
 */
class ThreadConfinementTest {
    private final FakeTickSource clock = FakeTickSource.at(0);
    private final SourceCounter performance = FakeCounters.over(CounterKind.PERFORMANCE, clock, 1_000_000_000L);

    /** What {@code call} threw on a new thread named {@code name}, which has ended when this returns; null if nothing. */
    private static Throwable onAnotherThread(String name, Runnable call) throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                call.run();
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, name);
        other.start();
        other.join();
        return thrown.get();
    }

    private static String me() {
        return "thread '" + Thread.currentThread().getName() + "'";
    }

    @Test
    void aSecondThreadStartingARunningCounterIsRefusedAndTheOwnersIntervalStaysWhole() throws Exception {
        performance.start();
        clock.advance(50);
        Throwable refused = onAnotherThread("intruder", performance::start);
        clock.advance(50);
        performance.stop();

        assertEquals(100, performance.getPeriodCount(), "the owner's interval, not the intruder's half of it");
        IllegalStateException e = assertInstanceOf(IllegalStateException.class, refused);
        assertTrue(e.getMessage().startsWith("This PERFORMANCE counter was started on " + me() + ", which is still running, "
                + "but started again on thread 'intruder'; a counter is confined to one thread"), e.getMessage());
        assertTrue(e.getMessage().contains("Use one counter per thread"), e.getMessage());
    }

    @Test
    void anotherThreadCannotRestartAStoppedCounterUnderItsReader() throws Exception {
        performance.start();
        clock.advance(100);
        performance.stop();
        clock.advance(30);

        assertInstanceOf(IllegalStateException.class, onAnotherThread("restarter", performance::start));
        assertInstanceOf(IllegalStateException.class, onAnotherThread("restarter", performance::restartFromStop));
        assertEquals(100, performance.getPeriodCount(), "never negative, never another thread's interval");
    }

    @Test
    void everyKindIsStoppedAndRestartedOnlyOnTheThreadThatStartedIt() throws Exception {
        FakeCpuTimesSource times = new FakeCpuTimesSource();
        Counter[] counters = {
            performance,
            FakeCounters.over(CounterKind.TICK, clock, 1000),
            new SampledCpuTimesCounter(CounterKind.PROCESS_TIMES, times, true, LazyFrequency.fixed(1_000_000_000L),
                    FakeCounters.info(CounterKind.PROCESS_TIMES, 1_000_000_000L)),
            FakeCounters.threadTimes(times),
        };
        for (Counter counter : counters) {
            counter.start();
            Throwable stopped = onAnotherThread("worker-3", counter::stop);
            String kind = counter.getInfo().kind().toString();
            assertTrue(assertInstanceOf(IllegalStateException.class, stopped, kind).getMessage()
                    .startsWith("This " + kind + " counter was started on " + me() + " but stopped on thread 'worker-3'; "),
                    stopped.getMessage());
            counter.stop();
            Throwable restarted = onAnotherThread("worker-4", counter::restartFromStop);
            assertTrue(assertInstanceOf(IllegalStateException.class, restarted, kind).getMessage()
                    .contains(" but restarted on thread 'worker-4'; "), restarted.getMessage());
            counter.restartFromStop();
            counter.stop();
        }
    }

    @Test
    void aCounterPassesToAnotherThreadOnceItsOwnerHasEnded() throws Exception {
        Counter made = FakeCounters.over(CounterKind.PERFORMANCE, clock, 1_000_000_000L);
        assertNull(onAnotherThread("first user", () -> {
            made.start();
            clock.advance(7);
            made.stop();
        }), "a counter made on one thread may be started on another");
        assertEquals(7, made.getPeriodCount(), "and read on a third once its owner has ended");

        made.start();
        clock.advance(3);
        made.stop();
        assertEquals(3, made.getPeriodCount());
    }

    @Test
    void aVirtualThreadMayNotTakeOverAThreadBoundCounterEvenFromAnEndedOwner() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        Counter threadTimes = FakeCounters.threadTimes(new FakeCpuTimesSource());
        assertNull(onAnotherThread("ended", threadTimes::start));
        Throwable refused = VirtualThreadRunner.thrownBy(threadTimes::start);
        assertTrue(assertInstanceOf(IllegalStateException.class, refused).getMessage()
                .contains("a virtual thread has no CPU clock of its own"), refused.getMessage());
    }

    @Test
    void aLockMayHandAProcessWideCounterFromThreadToThread() throws Exception {
        performance.start();
        clock.advance(5);
        assertNull(onAnotherThread("scraper", () -> {
            CounterHandover.toCurrentThread(performance);
            performance.stop();
        }));
        assertEquals(5, performance.getPeriodCount());
        CounterHandover.toCurrentThread(new ForwardingCounter(performance) { });
        clock.advance(1);
        performance.stop();
        assertEquals(6, performance.getPeriodCount());

        IllegalArgumentException threadBound = assertThrows(IllegalArgumentException.class,
                () -> CounterHandover.toCurrentThread(FakeCounters.threadTimes(new FakeCpuTimesSource())));
        assertTrue(threadBound.getMessage().contains("cannot be handed to another thread"), threadBound.getMessage());
    }

    /** The case on a real clock: a 100 ms interval that a second thread tried to restart halfway reads 100 ms. */
    @Test
    void aRealPerformanceCounterKeepsItsIntervalWhenAnotherThreadTriesToRestartIt() throws Exception {
        Counter counter = Counters.performance();
        CountDownLatch halfway = new CountDownLatch(1);
        AtomicReference<Throwable> intruder = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                halfway.await();
                counter.start();
            } catch (Throwable t) {
                intruder.set(t);
            }
        }, "intruder");
        other.start();
        counter.start();
        long from = System.nanoTime();
        Thread.sleep(50);
        halfway.countDown();
        other.join();
        Thread.sleep(50);
        long to = System.nanoTime();
        counter.stop();

        assertInstanceOf(IllegalStateException.class, intruder.get());
        assertTrue(counter.getElapsed().compareTo(Duration.ofNanos(to - from)) >= 0,
                counter.getElapsed() + " holds the " + Duration.ofNanos(to - from) + " that System.nanoTime saw inside it");
    }
}
