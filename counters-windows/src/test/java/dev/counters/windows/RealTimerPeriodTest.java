package dev.counters.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.Range;
import dev.counters.CounterKind;
import dev.counters.testing.Bracket;
import dev.counters.windows.internal.RealWindowsCalls;
import dev.counters.windows.internal.Slack;
import dev.counters.windows.internal.SystemLayer;
import dev.counters.windows.internal.WindowsCalls;
import dev.counters.windows.internal.WinmmTimer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** timeGetDevCaps, timeBeginPeriod and timeEndPeriod through the real layer, recorded to check the pairing. */
@RealWindowsCalls
class RealTimerPeriodTest {
    private final List<String> timerCalls = new ArrayList<>();
    private final WinmmTimer recording = WinmmTimer.over(recording(SystemLayer.require(), timerCalls));

    /** The real layer, with every timeBeginPeriod/timeEndPeriod call and its MMRESULT written to {@code calls}. */
    private static WindowsCalls recording(WindowsCalls real, List<String> calls) {
        return (WindowsCalls) Proxy.newProxyInstance(WindowsCalls.class.getClassLoader(), new Class<?>[] {WindowsCalls.class}, (proxy, method, args) -> {
            try {
                Object result = method.invoke(real, args);
                if (method.getName().startsWith("timeBeginPeriod") || method.getName().startsWith("timeEndPeriod")) {
                    synchronized (calls) {
                        calls.add(method.getName() + "(" + args[0] + ")=" + result);
                    }
                }
                return result;
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }

    @Test
    void timeGetDevCapsOffersASaneRangeOfPeriods() {
        Range<Integer> periods = TimerPeriod.supportedPeriods();

        assertTrue(periods.lowerEndpoint() >= 1, periods.toString());
        assertTrue(periods.upperEndpoint() >= periods.lowerEndpoint(), periods.toString());
    }

    @Test
    void everyTimeBeginPeriodIsPairedWithOneTimeEndPeriod() {
        int finest = TimerPeriod.supportedPeriods().lowerEndpoint();

        try (TimerPeriod period = TimerPeriod.request(recording, finest)) {
            assertTrue(period.isActive());
            assertEquals(List.of("timeBeginPeriod(" + finest + ")=0"), timerCalls);
        }

        assertEquals(List.of("timeBeginPeriod(" + finest + ")=0", "timeEndPeriod(" + finest + ")=0"), timerCalls);
    }

    @Test
    void aPeriodOutsideTheRangeIsRefusedWithoutCallingTimeBeginPeriod() {
        Range<Integer> periods = TimerPeriod.supportedPeriods();

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TimerPeriod.request(recording, periods.lowerEndpoint() - 1));

        assertTrue(e.getMessage().contains("from timeGetDevCaps"), e.getMessage());
        assertEquals(List.of(), timerCalls);
    }

    @Test
    void aMultimediaCounterWithARaisedPeriodMeasuresASleepAndEndsItsPeriodWhenClosed() {
        int finest = TimerPeriod.supportedPeriods().lowerEndpoint();

        try (MultimediaCounter counter = MultimediaCounter.withTimerPeriod(recording, finest)) {
            Bracket bracket = Bracket.time(counter, System::nanoTime, () -> Bracket.sleep(Duration.ofMillis(100)));
            // A raised period need not move the tick count sooner: under Wine it moves when wineserver updates it.
            bracket.assertContains(counter.getElapsed(), Slack.of(counter.getInfo().measureResolution(), Slack.SYSTEM_TIMER_TICK),
                    "MULTIMEDIA with a raised period");
            assertEquals(CounterKind.MULTIMEDIA, counter.getInfo().kind());
            assertTrue(counter.getInfo().notes().contains("holds a timer period of " + finest + " ms"));
        }

        assertEquals(List.of("timeBeginPeriod(" + finest + ")=0", "timeEndPeriod(" + finest + ")=0"), timerCalls);
    }

    @Test
    void thePublicFactoryBeginsAndEndsThePeriodOnTheSystemLayer() {
        MultimediaCounter counter = MultimediaCounter.withTimerPeriod(TimerPeriod.supportedPeriods().lowerEndpoint());
        assertTrue(counter.timerPeriod().isActive());

        counter.close();

        assertFalse(counter.timerPeriod().isActive());
    }
}
