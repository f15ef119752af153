package dev.counters.scope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CounterReadings;
import dev.counters.CpuTimesCounter;
import dev.counters.CpuTimesReadings;
import dev.counters.internal.LazyFrequency;
import dev.counters.internal.SampledCpuTimesCounter;
import dev.counters.internal.SourceCounter;
import dev.counters.testing.Allocations;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeCpuTimesSource;
import dev.counters.testing.FakeTickSource;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CounterScopeTest {
    private static long sink;
    private final FakeTickSource clock = FakeTickSource.at(100);
    private final SourceCounter counter = FakeCounters.over(clock, 1000);
    private final ExecutorService pool = Executors.newSingleThreadExecutor();

    @AfterEach
    void endThePool() {
        pool.shutdownNow();
    }

    @Test
    void startsOnOpenAndStopsOnClose() {
        try (CounterScope<CounterReadings> scope = CounterScope.start(counter)) {
            assertEquals(1, clock.reads());
            clock.advance(250);
        }
        assertEquals(250, counter.getPeriodCount());
        assertEquals(2, clock.reads());
    }

    @Test
    void stagedTimingsMeasureFromTheScopesStart() {
        try (CounterScope<CounterReadings> scope = CounterScope.start(counter)) {
            clock.advance(40);
            scope.stop();
            assertEquals(40, scope.counter().getMilliseconds());
            clock.advance(60);
            scope.stop();
            assertEquals(100, scope.counter().getPeriodCount());
            clock.advance(5);
        }
        assertEquals(105, counter.getPeriodCount());
    }

    @Test
    void stopsEvenWhenTheBlockThrows() {
        assertThrows(IllegalArgumentException.class, () -> {
            try (CounterScope<CounterReadings> scope = CounterScope.start(counter)) {
                clock.advance(9);
                throw new IllegalArgumentException("work failed");
            }
        });
        assertEquals(9, counter.getPeriodCount());
    }

    @Test
    void theViewReadsTheCounterButCannotRestartIt() {
        try (CounterScope<CounterReadings> scope = CounterScope.start(counter)) {
            CounterReadings view = scope.counter();
            assertFalse(view instanceof Counter, "a cast would give start() back");
            assertThrows(ClassCastException.class, () -> ((Counter) view).start());
            assertThrows(IllegalStateException.class, view::getPeriodCount);
            clock.advance(2_500);
            scope.stop();
            assertEquals(2_500, view.getPeriodCount());
            assertEquals(1000, view.getFrequency());
            assertEquals(2, view.getSeconds());
            assertEquals(Duration.ofMillis(2_500), view.getElapsed());
            assertSame(counter.getInfo(), view.getInfo());
            assertTrue(view.toString().contains(counter.toString()), view.toString());
            assertSame(view, scope.counter(), "one view per scope");
        }
    }

    @Test
    void readingTheViewAllocatesNothing() {
        FakeCpuTimesSource source = new FakeCpuTimesSource();
        CpuTimesCounter cpu = cpuCounterOver(source);
        try (CounterScope<CpuTimesReadings> scope = CounterScope.start(cpu)) {
            source.advance(4_000_000, 1_000_000, 3_000_000);
            scope.stop();
            Allocations.assertAllocatesNothing("reading a scope's view", () -> {
                CpuTimesReadings view = scope.counter();
                sink += view.getPeriodCount() + view.getMicroseconds() + view.getKernelNanoseconds() + view.getUserMilliseconds();
            }, 10_000);
        }
    }

    @Test
    void cpuTimesScopesExposeKernelAndUser() {
        FakeCpuTimesSource source = new FakeCpuTimesSource();
        CpuTimesCounter cpu = cpuCounterOver(source);
        try (CounterScope<CpuTimesReadings> scope = CounterScope.start(cpu)) {
            assertFalse(scope.counter() instanceof Counter);
            source.advance(4_000_000, 1_000_000, 3_000_000);
            scope.stop();
            assertEquals(1, scope.counter().getKernelMilliseconds());
            assertEquals(3, scope.counter().getUserMilliseconds());
            assertEquals(4, scope.counter().getMilliseconds());
        }
    }

    private static CpuTimesCounter cpuCounterOver(FakeCpuTimesSource source) {
        return new SampledCpuTimesCounter(CounterKind.THREAD_TIMES, source, true,
                LazyFrequency.fixed(1_000_000_000L), FakeCounters.info(CounterKind.THREAD_TIMES, 1_000_000_000L));
    }

    @Test
    void nullCounterSaysWhatToPass() {
        NullPointerException plain = assertThrows(NullPointerException.class,
                () -> CounterScope.start((Counter) null));
        assertTrue(plain.getMessage().contains("Counters.performance()"), plain.getMessage());
        NullPointerException cpu = assertThrows(NullPointerException.class,
                () -> CounterScope.start((CpuTimesCounter) null));
        assertTrue(cpu.getMessage().contains("Counters.threadTimes()"), cpu.getMessage());
    }

    /** Issue 50 item 3: a second close() 100 ms later moved the reading from 30 to 133 ms. */
    @Test
    void aSecondCloseHasNoEffect() {
        CounterScope<CounterReadings> scope = CounterScope.start(counter);
        clock.advance(30);
        scope.close();
        clock.advance(100);
        scope.close();
        assertEquals(30, counter.getPeriodCount(), "the first close's reading stays");
        assertEquals(2, clock.reads(), "the second close reads no clock");
    }

    @Test
    void stopAfterCloseIsRefusedAndKeepsTheReading() {
        try (CounterScope<CounterReadings> scope = CounterScope.start(counter)) {
            clock.advance(30);
            scope.close();
            clock.advance(100);
            IllegalStateException refused = assertThrows(IllegalStateException.class, scope::stop);
            assertEquals("stop() on a closed scope: its reading (PT0.03S) is final once close() has stopped it, and the "
                    + "JFR event of a named scope holds it. Call stop() inside the try block for a staged timing, or open "
                    + "a new scope for another one", refused.getMessage());
            assertEquals(30, scope.counter().getPeriodCount());
        }
        assertEquals(30, counter.getPeriodCount(), "nor did the try block's own close change it");
    }

    /** Issue 50 item 2: a scope over a wall clock may be closed in a callback on another thread. */
    @Test
    void aWallClockScopeClosesOnAnotherThread() throws Exception {
        CounterScope<CounterReadings> scope = CounterScope.start(counter);
        clock.advance(12);
        CompletableFuture.runAsync(scope::close, pool).get();
        assertEquals(12, counter.getPeriodCount());
    }

    /** A close the counter refuses (a thread's CPU clock, closed on another thread) leaves the scope open to be closed right. */
    @Test
    void aCloseTheCounterRefusedLeavesTheScopeOpen() throws Exception {
        FakeCpuTimesSource source = new FakeCpuTimesSource();
        CpuTimesCounter cpu = cpuCounterOver(source);
        CounterScope<CpuTimesReadings> scope = CounterScope.start(cpu);
        source.advance(5, 1, 4);
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> CompletableFuture.runAsync(scope::close, pool).get());
        assertTrue(refused.getCause() instanceof IllegalStateException, String.valueOf(refused.getCause()));
        scope.close();
        assertEquals(5, cpu.getPeriodCount());
        source.advance(5, 1, 4);
        scope.close();
        assertEquals(5, cpu.getPeriodCount());
    }
}
