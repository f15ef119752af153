package dev.counters.scope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeTickSource;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LapCounterTest {
    private final FakeTickSource clock = FakeTickSource.at(0);
    private final LapCounter laps = LapCounter.start(FakeCounters.over(clock, 1_000_000_000L));

    @Test
    void consecutiveLapsAddUpToTheWholeWithOneReadEach() {
        long total = 0;
        long[] lengths = {1_500_000_000L, 2_000_000L, 3_000L, 4L, 999_999_999L};
        clock.advance(lengths[0]);
        total += laps.stopGetPeriodCountAndRestart();
        clock.advance(lengths[1]);
        total += laps.stopGetMillisecondsAndRestart() * 1_000_000L;
        clock.advance(lengths[2]);
        total += laps.stopGetMicrosecondsAndRestart() * 1_000L;
        clock.advance(lengths[3]);
        total += laps.stopGetNanosecondsAndRestart();
        clock.advance(lengths[4]);
        assertEquals(Duration.ofNanos(999_999_999L), laps.stopGetElapsedAndRestart());
        total += lengths[4];
        assertEquals(java.util.Arrays.stream(lengths).sum(), total);
        assertEquals(6, clock.reads());
    }

    @Test
    void eachLapHasItsOwnLengthInEveryUnit() {
        clock.advance(2_500_000_000L);
        assertEquals(2, laps.stopGetSecondsAndRestart());
        clock.advance(7_000_000L);
        assertEquals(7, laps.stopGetAndRestart(TimeUnit.MILLISECONDS));
        clock.advance(1);
        assertEquals(1, laps.stopGetNanosecondsAndRestart());
    }

    @Test
    void eachElapsedLapStartsWhereThePreviousEnded() {
        clock.advance(3_000);
        assertEquals(Duration.ofNanos(3_000), laps.stopGetElapsedAndRestart());
        clock.advance(500);
        assertEquals(Duration.ofNanos(500), laps.stopGetElapsedAndRestart(), "the second lap alone, not both");
        assertEquals(3, clock.reads());
    }

    @Test
    void nullArgumentsSayWhatToPass() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> LapCounter.start(null));
        assertTrue(e.getMessage().contains("Counters.performance()"), e.getMessage());
        NullPointerException unit = assertThrows(NullPointerException.class, () -> laps.stopGetAndRestart(null));
        assertTrue(unit.getMessage().contains("TimeUnit.MICROSECONDS"), unit.getMessage());
        assertEquals(1, clock.reads(), "a null unit leaves the lap running");
    }
}
