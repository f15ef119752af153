package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.spi.KindSupport;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** MULTIMEDIA: timeGetTime's 32-bit milliseconds, extended across the 49.7-day wrap. */
class MultimediaKindTest {
    private static final long WRAP = 1L << 32;
    private static final long DAY_MS = 24L * 60 * 60 * 1000;

    @Test
    void anIntervalAcrossTheWrapIsTheTimeThatPassed() {
        FakeWindowsCalls win32 = new FakeWindowsCalls();
        Counter counter = WindowsCounterProvider.over(win32).create(CounterKind.MULTIMEDIA);
        win32.multimediaTime = (int) 0xFFFF_FFF0L; // 16 ms before the wrap
        counter.start();
        win32.multimediaTime = 0x10; // 16 ms after it
        counter.stop();

        assertEquals(32, counter.getPeriodCount());
        assertEquals(32, counter.getMilliseconds());
        assertEquals(1_000, counter.getFrequency());
    }

    @Test
    void lapsKeepCountingThroughSeveralWraps() {
        FakeWindowsCalls win32 = new FakeWindowsCalls();
        Counter counter = WindowsCounterProvider.over(win32).create(CounterKind.MULTIMEDIA);
        long truth = 3_000_000_000L;
        win32.multimediaTime = (int) truth;
        counter.start();
        long start = truth;
        for (int lap = 1; lap <= 5; lap++) {
            truth += 30 * DAY_MS; // each lap is 30 days: under one wrap, but five of them make three wraps
            win32.multimediaTime = (int) truth;
            counter.stop();
            assertEquals(truth - start, counter.getPeriodCount(), "lap " + lap);
        }
        assertEquals(150 * DAY_MS, counter.getPeriodCount());
    }

    @Test
    void restartFromStopCarriesTheWrapOver() {
        FakeWindowsCalls win32 = new FakeWindowsCalls();
        Counter counter = WindowsCounterProvider.over(win32).create(CounterKind.MULTIMEDIA);
        win32.multimediaTime = (int) (WRAP - 5);
        counter.start();
        win32.multimediaTime = 5;
        counter.stop();
        counter.restartFromStop();
        win32.multimediaTime = 25;
        counter.stop();

        assertEquals(20, counter.getPeriodCount());
    }

    @Property
    void everyIntervalShorterThanTheWrapIsExact(
            @ForAll @LongRange(min = 0, max = WRAP - 1) long start, @ForAll @LongRange(min = 0, max = WRAP - 1) long elapsed) {
        FakeWindowsCalls win32 = new FakeWindowsCalls();
        MultimediaTicks ticks = new MultimediaTicks(win32);
        win32.multimediaTime = (int) start;
        long first = ticks.read();
        win32.multimediaTime = (int) (start + elapsed);
        long second = ticks.read();

        assertEquals(elapsed, second - first);
    }

    @Property
    void readingsNeverGoBackwardsWhileTheTimerRunsForward(
            @ForAll @LongRange(min = 0, max = WRAP - 1) long start,
            @ForAll List<@LongRange(min = 0, max = WRAP - 1) Long> steps) {
        FakeWindowsCalls win32 = new FakeWindowsCalls();
        MultimediaTicks ticks = new MultimediaTicks(win32);
        win32.multimediaTime = (int) start;
        long first = ticks.read();
        long truth = start;
        for (long step : steps) {
            truth += step;
            win32.multimediaTime = (int) truth;
            assertEquals(truth - start, ticks.read() - first);
        }
    }

    @Test
    void isUnsupportedWhenWinmmIsMissing() {
        FakeWindowsCalls win32 = new FakeWindowsCalls();
        win32.winmmMissing = "winmm's timer functions could not be bound (Unable to load library 'winmm')";
        WindowsCounterProvider provider = WindowsCounterProvider.over(win32);

        KindSupport support = provider.support(CounterKind.MULTIMEDIA);

        assertFalse(support.isSupported());
        assertEquals(win32.winmmMissing, support.reason());
        assertThrows(UnsupportedOperationException.class, () -> provider.create(CounterKind.MULTIMEDIA));
        assertTrue(provider.support(CounterKind.TICK).isSupported(), "only MULTIMEDIA needs winmm");
    }

    @Test
    void describesTheWrapAndTheTimerPeriodsOnOffer() {
        FakeWindowsCalls win32 = new FakeWindowsCalls();
        win32.periodMin = 1;
        win32.periodMax = 1_000_000;
        String notes = WindowsCounterProvider.over(win32).create(CounterKind.MULTIMEDIA).getInfo().notes();

        assertTrue(notes.contains("wraps every 49.7 days and is extended to 64 bits"), notes);
        assertTrue(notes.contains("from 1 to 1000000 ms"), notes);
    }
}
