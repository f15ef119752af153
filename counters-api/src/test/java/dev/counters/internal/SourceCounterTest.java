package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeTickSource;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SourceCounterTest {
    private final FakeTickSource clock = FakeTickSource.at(1_000);
    private final SourceCounter counter = FakeCounters.over(clock, 10_000_000);

    @Test
    void measuresEndMinusStartInTicksAndEveryUnit() {
        counter.start();
        clock.advance(12_345_678);
        counter.stop();
        assertEquals(12_345_678, counter.getPeriodCount());
        assertEquals(1, counter.getSeconds());
        assertEquals(1234, counter.getMilliseconds());
        assertEquals(1_234_567, counter.getMicroseconds());
        assertEquals(1_234_567_800, counter.getNanoseconds());
        assertEquals(Duration.ofNanos(1_234_567_800), counter.getElapsed());
        assertEquals(1234, counter.getPeriod(TimeUnit.MILLISECONDS));
        assertEquals(10_000_000, counter.getFrequency());
    }

    @Test
    void startAndStopReadTheSourceOnceEach() {
        counter.start();
        counter.stop();
        assertEquals(2, clock.reads());
        counter.getMilliseconds();
        assertEquals(2, clock.reads());
    }

    @Test
    void stopAgainMeasuresFromTheSameStart() {
        counter.start();
        clock.advance(100);
        counter.stop();
        assertEquals(100, counter.getPeriodCount());
        clock.advance(50);
        counter.stop();
        assertEquals(150, counter.getPeriodCount());
    }

    @Test
    void startClearsTheEnd() {
        counter.start();
        counter.stop();
        counter.start();
        IllegalStateException e = assertThrows(IllegalStateException.class, counter::getPeriodCount);
        assertTrue(e.getMessage().contains("call stop()"), e.getMessage());
    }

    @Test
    void readingBeforeStartSaysWhatToCall() {
        IllegalStateException e = assertThrows(IllegalStateException.class, counter::getMilliseconds);
        assertTrue(e.getMessage().contains("call start() and then stop()"), e.getMessage());
    }

    @Test
    void stopBeforeStartSaysWhatToCall() {
        IllegalStateException e = assertThrows(IllegalStateException.class, counter::stop);
        assertTrue(e.getMessage().contains("call start() first"), e.getMessage());
        assertEquals(0, clock.reads());
    }

    @Test
    void restartFromStopLeavesNoGapAndReadsNothing() {
        counter.start();
        clock.advance(30);
        counter.stop();
        counter.restartFromStop();
        assertThrows(IllegalStateException.class, counter::getPeriodCount);
        clock.advance(70);
        counter.stop();
        assertEquals(70, counter.getPeriodCount());
        assertEquals(3, clock.reads());
    }

    @Test
    void restartFromStopNeedsAStop() {
        IllegalStateException e = assertThrows(IllegalStateException.class, counter::restartFromStop);
        assertTrue(e.getMessage().contains("call start() and stop() first"), e.getMessage());
        counter.start();
        assertThrows(IllegalStateException.class, counter::restartFromStop);
    }

    @Test
    void aFailingSourceSurfacesAsCounterException() {
        CounterException failure = CounterException.nativeFailure("clock_gettime(CLOCK_MONOTONIC)", 22, "Invalid argument");
        SourceCounter failing = new SourceCounter(CounterKind.HIGH_PERFORMANCE, () -> {
            throw failure;
        }, LazyFrequency.fixed(1), FakeCounters.info(CounterKind.HIGH_PERFORMANCE, 1));
        CounterException e = assertThrows(CounterException.class, failing::start);
        assertSame(failure, e);
        assertTrue(e.getMessage().contains("error 22: Invalid argument"), e.getMessage());
    }

    /**
     * A counter over {@link #clock} that has measured an interval of 100 ticks, and whose reads now
     * fail with EFAULT until {@link #heal()}.
     */
    private final class FailingAfterOneInterval {
        private boolean failing;
        final SourceCounter counter = new SourceCounter(CounterKind.HIGH_PERFORMANCE, () -> {
            if (failing) {
                throw CounterException.nativeFailure("clock_gettime(CLOCK_MONOTONIC)", 14, "Bad address");
            }
            return clock.read();
        }, LazyFrequency.fixed(1), FakeCounters.info(CounterKind.HIGH_PERFORMANCE, 1));

        FailingAfterOneInterval() {
            counter.start();
            clock.advance(100);
            counter.stop();
            failing = true;
        }

        void heal() {
            failing = false;
        }
    }

    @Test
    void aFailedStartLeavesNothingToMeasureFrom() {
        FailingAfterOneInterval flaky = new FailingAfterOneInterval();
        assertThrows(CounterException.class, flaky.counter::start);
        flaky.heal();
        IllegalStateException e = assertThrows(IllegalStateException.class, flaky.counter::stop);
        assertTrue(e.getMessage().contains("call start() first"), e.getMessage());
        assertThrows(IllegalStateException.class, flaky.counter::getPeriodCount);
    }

    @Test
    void aFailedStopLeavesTheCounterRunningNotReadable() {
        FailingAfterOneInterval flaky = new FailingAfterOneInterval();
        assertThrows(CounterException.class, flaky.counter::stop);
        IllegalStateException e = assertThrows(IllegalStateException.class, flaky.counter::getPeriodCount);
        assertTrue(e.getMessage().contains("call stop()"), e.getMessage());
        flaky.heal();
        clock.advance(5);
        flaky.counter.stop();
        assertEquals(105, flaky.counter.getPeriodCount());
    }

    @Test
    void frequencyIsLookedUpOnlyForConversions() {
        AtomicInteger queries = new AtomicInteger();
        SourceCounter lazy = new SourceCounter(CounterKind.HIGH_PERFORMANCE, clock,
                LazyFrequency.of("qpf", () -> {
                    queries.incrementAndGet();
                    return 1000;
                }), FakeCounters.info(CounterKind.HIGH_PERFORMANCE, 1000));
        lazy.start();
        clock.advance(2500);
        lazy.stop();
        assertEquals(2500, lazy.getPeriodCount());
        assertEquals(0, queries.get());
        assertEquals(2, lazy.getSeconds());
        assertEquals(2500, lazy.getMilliseconds());
        assertEquals(1, queries.get());
    }

    @Test
    void describesItselfThroughTheSuppliedInfo() {
        CounterInfo info = counter.getInfo();
        assertEquals("fake", info.provider());
        assertTrue(counter.toString().contains("new"), counter.toString());
        counter.start();
        assertTrue(counter.toString().contains("running"), counter.toString());
        clock.advance(5);
        counter.stop();
        assertTrue(counter.toString().contains("5 ticks"), counter.toString());
    }
}
