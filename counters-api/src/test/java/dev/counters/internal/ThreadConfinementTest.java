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
 * Which thread may call what. Issue 44, item 10: a second thread restarting a running PERFORMANCE
 * counter made the first one's 100 ms interval read 49 ms, so overlapping use is refused for every
 * kind. Issue 50, item 2: a clock not bound to a thread may be handed over (started on one thread,
 * stopped or restarted on another once the first's use is done); a thread's CPU clock stays confined.
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
        assertEquals("start() on thread 'intruder', but this PERFORMANCE counter's interval started on " + me()
                + ", which is still alive, is still running: a second start() would move the start that interval "
                + "measures from. Stop it first (stop() may come from any thread the counter was handed to, e.g. in a "
                + "CompletableFuture's callback), then start() again; for intervals that overlap, use one counter each",
                e.getMessage());
    }

    @Test
    void aRunningIntervalHandedToAnotherThreadIsStillRefusedASecondStartThere() throws Exception {
        performance.start();
        clock.advance(10);
        assertInstanceOf(IllegalStateException.class, onAnotherThread("handed", performance::restartFromStop),
                "restartFromStop() needs a stopped counter, on any thread");
        assertInstanceOf(IllegalStateException.class, onAnotherThread("handed", performance::start));
        assertNull(onAnotherThread("handed", performance::stop), "but it may stop it");
        assertEquals(10, performance.getPeriodCount());
    }

    /** Issue 50, item 2: the counter a pool thread stopped can be restarted there while its first thread lives. */
    @Test
    void aClockNotBoundToAThreadIsStoppedAndRestartedOnAnotherThreadWhileTheFirstLives() throws Exception {
        FakeCpuTimesSource times = new FakeCpuTimesSource();
        Counter[] counters = {
            performance,
            FakeCounters.over(CounterKind.TICK, clock, 1000),
            new SampledCpuTimesCounter(CounterKind.PROCESS_TIMES, times, true, LazyFrequency.fixed(1_000_000_000L),
                    FakeCounters.info(CounterKind.PROCESS_TIMES, 1_000_000_000L)),
            FakeCounters.over(CounterKind.CPU_CYCLES, clock, 3_000_000_000L),
        };
        for (Counter counter : counters) {
            String kind = counter.getInfo().kind().toString();
            counter.start();
            advance(times, 7);
            assertNull(onAnotherThread("callback", counter::stop), kind + " stopped in a callback");
            assertEquals(7, counter.getPeriodCount(), kind);

            assertNull(onAnotherThread("pool-1", () -> {
                counter.restartFromStop();
                advance(times, 5);
                counter.stop();
                assertEquals(5, counter.getPeriodCount(), kind + " restarted from its stop on the pool");
                counter.restartFromStop();
                counter.start(); // the running interval is this thread's own since restartFromStop()
                advance(times, 4);
                counter.stop();
            }), kind + " restarted on a pool thread while its first thread lives");
            assertEquals(4, counter.getPeriodCount(), kind + " read back on the first thread");

            counter.start();
            advance(times, 3);
            counter.stop();
            assertEquals(3, counter.getPeriodCount(), kind + " taken back");
        }
    }

    private void advance(FakeCpuTimesSource times, long ticks) {
        clock.advance(ticks);
        times.advance(ticks, 0, ticks);
    }

    @Test
    void aThreadsCpuClockIsStoppedAndRestartedOnlyOnTheThreadThatStartedIt() throws Exception {
        Counter threadTimes = FakeCounters.threadTimes(new FakeCpuTimesSource());
        threadTimes.start();
        Throwable stopped = onAnotherThread("worker-3", threadTimes::stop);
        assertEquals("This THREAD_TIMES counter was started on " + me() + " but stopped on thread 'worker-3'; a thread's "
                + "CPU time can only be read on that thread. Call it on the thread that started the counter, or use one "
                + "counter per thread (a counter for each task, or a ThreadLocal); to time work handed from thread to "
                + "thread, use PERFORMANCE (wall time) or PROCESS_TIMES (the CPU time of all threads), which may be "
                + "stopped on another thread", assertInstanceOf(IllegalStateException.class, stopped).getMessage());
        threadTimes.stop();
        Throwable restarted = onAnotherThread("worker-4", threadTimes::restartFromStop);
        assertTrue(assertInstanceOf(IllegalStateException.class, restarted).getMessage()
                .contains(" but restarted on thread 'worker-4'; "), restarted.getMessage());
        Throwable startedAgain = onAnotherThread("worker-5", threadTimes::start);
        assertTrue(assertInstanceOf(IllegalStateException.class, startedAgain).getMessage()
                .startsWith("This THREAD_TIMES counter was started on " + me() + ", which is still running, but started "
                        + "again on thread 'worker-5'; "), startedAgain.getMessage());
        threadTimes.restartFromStop();
        threadTimes.stop();
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
    void anIntervalLeftRunningByAThreadThatEndedMayBeStartedAgainElsewhere() throws Exception {
        assertNull(onAnotherThread("ended", performance::start));
        clock.advance(9);
        performance.start();
        clock.advance(2);
        performance.stop();
        assertEquals(2, performance.getPeriodCount());
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

        performance.start();
        clock.advance(2);
        assertNull(onAnotherThread("scraper", () -> {
            CounterHandover.toCurrentThread(new ForwardingCounter(performance) { });
            performance.start(); // the running interval is the scraper's now: no overlap to refuse
            clock.advance(3);
            performance.stop();
        }));
        assertEquals(3, performance.getPeriodCount());

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
