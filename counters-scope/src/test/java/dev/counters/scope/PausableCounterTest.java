package dev.counters.scope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import dev.counters.CounterReadings;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeTickSource;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class PausableCounterTest {
    private final FakeTickSource clock = FakeTickSource.at(0);
    private final PausableCounter timer = PausableCounter.of(FakeCounters.over(clock, 1000));

    /** Issue #23 item 2: resuming on thread B used to add B's CPU time to A's interval. */
    @Test
    void aThreadBoundCounterRefusesToResumeOnAnotherThread() throws Exception {
        FakeTickSource cpu = FakeTickSource.at(0);
        PausableCounter threadTimer = PausableCounter.of(FakeCounters.over(CounterKind.THREAD_TIMES, cpu, 1000));
        threadTimer.start();
        cpu.advance(2);
        threadTimer.pause();
        String owner = Thread.currentThread().getName();

        Throwable refused = onAnotherThread(threadTimer::resume);

        assertTrue(refused instanceof IllegalStateException, String.valueOf(refused));
        assertTrue(refused.getMessage().startsWith("resume() called on thread 'other', but this THREAD_TIMES counter was "
                + "started on thread '" + owner + "'; a thread's CPU time can only be read on that thread. Call it on the "
                + "thread that started the counter, or use one counter per thread"), refused.getMessage());
        assertFalse(threadTimer.isRunning());
        threadTimer.stop();
        assertEquals(2, threadTimer.getPeriodCount());
        threadTimer.resume(); // the owner may still resume
        assertTrue(threadTimer.isRunning());
    }

    /**
     * Issue 50 item 2: over a wall clock it may be handed to another thread, which pauses, resumes and
     * stops it; a start() on another thread while the interval is not stopped, paused or not, is refused.
     */
    @Test
    void aWallClockCounterIsHandedOverButRefusesAnOverlappingStart() throws Exception {
        timer.start();
        clock.advance(3);
        timer.pause();
        Throwable started = onAnotherThread(timer::start);
        assertEquals("start() on thread 'other', but this HIGH_PERFORMANCE counter's interval started on thread '"
                + Thread.currentThread().getName() + "', which is still alive, is still running: a second start() would "
                + "move the start that interval measures from. Stop it first (stop() may come from any thread the counter "
                + "was handed to, e.g. in a CompletableFuture's callback), then start() again; for intervals that overlap, "
                + "use one counter each", started.getMessage());
        assertFalse(timer.isRunning(), "untouched by the refused start()");
        assertEquals(null, onAnotherThread(() -> {
            timer.resume();
            clock.advance(4);
            timer.pause();
            clock.advance(100);
            timer.stop();
        }));
        assertEquals(7, timer.getPeriodCount(), "3 here and 4 on the other thread, the pauses left out");
        assertEquals(null, onAnotherThread(() -> {
            timer.restartFromStop();
            timer.resume();
            clock.advance(2);
            timer.stop();
        }), "restarted on another thread while this one lives");
        assertEquals(2, timer.getPeriodCount());
        assertEquals(null, onAnotherThread(timer::start), "a stopped interval may be started anew anywhere");
    }

    /** What {@code call} threw on a new platform thread named "other", or null. */
    private static Throwable onAnotherThread(Runnable call) throws InterruptedException, ExecutionException {
        CompletableFuture<Throwable> thrown = new CompletableFuture<>();
        Thread other = new Thread(() -> {
            try {
                call.run();
                thrown.complete(null);
            } catch (Throwable e) {
                thrown.complete(e);
            }
        }, "other");
        other.start();
        other.join();
        return thrown.get();
    }

    @Test
    void pausedTimeIsLeftOut() {
        timer.start();
        clock.advance(10);
        timer.pause();
        assertFalse(timer.isRunning());
        clock.advance(1000);
        timer.resume();
        assertTrue(timer.isRunning());
        clock.advance(5);
        timer.stop();
        assertEquals(15, timer.getPeriodCount());
        assertEquals(15, timer.getMilliseconds());
        assertEquals(1000, timer.getFrequency());
        assertEquals("fake", timer.getInfo().provider());
    }

    @Test
    void stoppingWhilePausedCountsOnlyTheRunningParts() {
        timer.start();
        clock.advance(7);
        timer.pause();
        clock.advance(100);
        timer.stop();
        assertEquals(7, timer.getPeriodCount());
        timer.resume();
        clock.advance(3);
        timer.stop();
        assertEquals(10, timer.getPeriodCount());
    }

    @Test
    void pauseAndResumeAreIdempotent() {
        timer.start();
        clock.advance(4);
        timer.pause();
        timer.pause();
        clock.advance(50);
        timer.resume();
        timer.resume();
        clock.advance(6);
        timer.stop();
        assertEquals(10, timer.getPeriodCount());
        assertEquals(4, clock.reads());
    }

    @Test
    void startResetsTheAccumulation() {
        timer.start();
        clock.advance(4);
        timer.stop();
        timer.start();
        clock.advance(2);
        timer.stop();
        assertEquals(2, timer.getPeriodCount());
    }

    @Test
    void restartFromStopBeginsANewIntervalWithoutAGap() {
        timer.start();
        clock.advance(4);
        timer.pause();
        clock.advance(10);
        timer.resume();
        clock.advance(1);
        timer.stop();
        assertEquals(5, timer.getPeriodCount());
        timer.restartFromStop();
        assertThrows(IllegalStateException.class, timer::getPeriodCount);
        clock.advance(8);
        timer.stop();
        assertEquals(8, timer.getPeriodCount());
    }

    @Test
    void restartFromStopWhilePausedStaysPaused() {
        timer.start();
        clock.advance(3);
        timer.pause();
        timer.stop();
        timer.restartFromStop();
        clock.advance(100);
        timer.stop();
        assertEquals(0, timer.getPeriodCount());
    }

    @Test
    void restartFromStopKeepsWhatRanBetweenTheStopAndAPause() {
        timer.start();
        clock.set(100);
        timer.stop();
        clock.set(130);
        timer.pause();
        timer.restartFromStop();
        clock.set(200);
        timer.resume();
        clock.set(250);
        timer.stop();
        assertEquals(80, timer.getPeriodCount(), "30 ticks before the pause plus 50 after the resume");
    }

    @Test
    void restartFromStopAfterAPauseAndResumeCountsFromTheStop() {
        timer.start();
        clock.set(100);
        timer.stop();
        clock.set(130);
        timer.pause();
        clock.set(150);
        timer.resume();
        timer.restartFromStop();
        clock.set(170);
        timer.stop();
        assertEquals(50, timer.getPeriodCount(), "30 ticks before the pause plus 20 after the resume");
    }

    @Test
    void wrongCallOrderSaysWhatToDo() {
        IllegalStateException read = assertThrows(IllegalStateException.class, timer::getPeriodCount);
        assertTrue(read.getMessage().contains("call start() and then stop()"), read.getMessage());
        IllegalStateException pause = assertThrows(IllegalStateException.class, timer::pause);
        assertTrue(pause.getMessage().contains("pause() called before start()"), pause.getMessage());
        assertThrows(IllegalStateException.class, timer::resume);
        assertThrows(IllegalStateException.class, timer::stop);
        IllegalStateException restart = assertThrows(IllegalStateException.class, timer::restartFromStop);
        assertTrue(restart.getMessage().contains("call start() and stop() first"), restart.getMessage());
        timer.start();
        IllegalStateException running = assertThrows(IllegalStateException.class, timer::getPeriodCount);
        assertTrue(running.getMessage().contains("call stop()"), running.getMessage());
        assertThrows(NullPointerException.class, () -> PausableCounter.of(null));
    }

    @Test
    void fitsInAScope() {
        try (CounterScope<CounterReadings> scope = CounterScope.start(timer)) {
            clock.advance(3);
            timer.pause();
            clock.advance(30);
        }
        assertEquals(3, timer.getPeriodCount());
    }
}
