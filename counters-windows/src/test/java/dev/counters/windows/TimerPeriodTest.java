package dev.counters.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.CounterKind;
import dev.counters.windows.internal.FakeWindowsCalls;
import dev.counters.windows.internal.WinmmTimer;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** timeBeginPeriod is always paired with exactly one timeEndPeriod of the same value. */
class TimerPeriodTest {
    /** From mmsystem.h. */
    private static final int TIMERR_NOCANDO = 97;
    private static final int MMSYSERR_ERROR = 1;

    private final FakeWindowsCalls win32 = new FakeWindowsCalls();
    private final WinmmTimer timer = WinmmTimer.over(win32);

    @Test
    void closingEndsThePeriodThatWasBegun() {
        TimerPeriod period = TimerPeriod.request(timer, 1);
        assertEquals(List.of(1), win32.activePeriods());
        assertTrue(period.isActive());
        assertEquals(1, period.milliseconds());

        period.close();

        assertEquals(List.of(1), win32.ended());
        assertEquals(List.of(), win32.activePeriods());
        assertFalse(period.isActive());
    }

    @Test
    void closingTwiceEndsOnce() {
        TimerPeriod period = TimerPeriod.request(timer, 2);
        period.close();
        period.close();

        assertEquals(List.of(2), win32.ended());
    }

    @Test
    void nestedPeriodsEndInReverseOrder() {
        try (TimerPeriod outer = TimerPeriod.request(timer, 5); TimerPeriod inner = TimerPeriod.request(timer, 1)) {
            assertEquals(List.of(5, 1), win32.activePeriods());
        }
        assertEquals(List.of(1, 5), win32.ended());
    }

    @Test
    void aPeriodOutsideTimeGetDevCapsIsRejectedBeforeAnythingBegins() {
        win32.periodMin = 1;
        win32.periodMax = 1_000;

        IllegalArgumentException tooFine = assertThrows(IllegalArgumentException.class, () -> TimerPeriod.request(timer, 0));
        assertThrows(IllegalArgumentException.class, () -> TimerPeriod.request(timer, 1_001));

        assertTrue(tooFine.getMessage().contains("(1 to 1000 ms, from timeGetDevCaps)"), tooFine.getMessage());
        assertEquals(List.of(), win32.begun);
    }

    @Test
    void aRefusedTimeBeginPeriodThrowsWithTheMmResult() {
        win32.beginResult = TIMERR_NOCANDO;

        CounterException e = assertThrows(CounterException.class, () -> TimerPeriod.request(timer, 1));

        assertEquals("timeBeginPeriod(1)", e.api());
        assertEquals(97, e.errorCode().orElseThrow());
        assertTrue(e.getMessage().contains("TIMERR_NOCANDO"), e.getMessage());
        assertEquals(List.of(), win32.ended(), "nothing was begun, so nothing is ended");
    }

    @Test
    void aFailingTimeEndPeriodIsReportedOnClose() {
        TimerPeriod period = TimerPeriod.request(timer, 1);
        win32.endResult = TIMERR_NOCANDO;

        CounterException e = assertThrows(CounterException.class, period::close);

        assertEquals("timeEndPeriod(1)", e.api());
        assertFalse(period.isActive(), "it is not retried: a second timeEndPeriod would unbalance the count");
    }

    @Test
    void aFailingTimeGetDevCapsThrows() {
        win32.devCapsResult = MMSYSERR_ERROR;

        CounterException e = assertThrows(CounterException.class, () -> TimerPeriod.request(timer, 1));

        assertEquals("timeGetDevCaps", e.api());
        assertTrue(e.getMessage().contains("MMSYSERR_ERROR"), e.getMessage());
    }

    @Test
    void aForgottenPeriodIsEndedByTheActionItRegistersWithTheCleaner() {
        List<Runnable> registered = new ArrayList<>();
        TimerPeriod forgotten = TimerPeriod.request(timer, 3, (holder, action) -> {
            registered.add(action);
            return action::run;
        });
        Runnable end = registered.get(0);
        // The Cleaner runs the action only once nothing reaches the period: the action must not reach it either.
        assertTrue(Modifier.isStatic(end.getClass().getModifiers()), end.getClass() + " is an inner class");
        assertTrue(Arrays.stream(end.getClass().getDeclaredFields()).noneMatch(field -> field.getType() == TimerPeriod.class),
                end.getClass() + " holds the period");

        List<LogRecord> warnings = logged(end); // what the Cleaner does once the period is unreachable

        assertEquals(List.of(3), win32.ended());
        assertFalse(forgotten.isActive());
        assertEquals(1, warnings.size());
        assertEquals(Level.WARNING, warnings.get(0).getLevel());
        assertTrue(warnings.get(0).getMessage().contains("was never closed"), warnings.get(0).getMessage());
    }

    @Test
    void aClosedPeriodEndsWithoutAWarning() {
        TimerPeriod period = TimerPeriod.request(timer, 4);
        assertEquals("TimerPeriod(4 ms, active)", period.toString());
        assertEquals(List.of(), logged(period::close));
        assertEquals(List.of(4), win32.ended());
        assertEquals("TimerPeriod(4 ms, ended)", period.toString());
    }

    @Test
    void withoutWinmmNothingIsBegun() {
        win32.winmmMissing = "winmm.dll could not be loaded";
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> TimerPeriod.request(timer, 1));
        assertEquals("winmm.dll could not be loaded", e.getMessage());
        assertEquals(List.of(), win32.begun);
    }

    /** What {@code action} logs through TimerPeriod's logger (java.util.logging, the System.Logger default). */
    private static List<LogRecord> logged(Runnable action) {
        Logger logger = Logger.getLogger(TimerPeriod.class.getName());
        List<LogRecord> records = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        logger.addHandler(handler);
        try {
            action.run();
        } finally {
            logger.removeHandler(handler);
        }
        return records;
    }

    @Test
    void aMultimediaCounterHoldsItsPeriodUntilClosedAndStaysReadable() {
        MultimediaCounter counter = MultimediaCounter.withTimerPeriod(timer, 1);
        assertEquals(List.of(1), win32.activePeriods());

        win32.multimediaTime = 100;
        counter.start();
        win32.multimediaTime = 142;
        counter.stop();
        counter.close();

        assertEquals(List.of(), win32.activePeriods());
        assertEquals(42, counter.getPeriodCount());
        assertEquals(42, counter.getMilliseconds());
        assertFalse(counter.timerPeriod().isActive());
        assertEquals(CounterKind.MULTIMEDIA, counter.getInfo().kind());
        assertTrue(counter.getInfo().notes().contains("holds a timer period of 1 ms"), counter.getInfo().notes());
    }

    @Test
    void aMultimediaCounterNeedsWinmm() {
        win32.winmmMissing = "winmm's timer functions could not be bound";

        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> MultimediaCounter.withTimerPeriod(timer, 1));

        assertTrue(e.getMessage().contains(win32.winmmMissing), e.getMessage());
        assertEquals(List.of(), win32.begun);
    }
}
