package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeTickSource;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PeriodsTest {

    @Test
    void convertsQpcTicksToEveryUnit() {
        long ticks = 12_345_678_901L; // 1234.5678901 s at 10 MHz
        assertEquals(1234, Periods.convert(ticks, 10_000_000, TimeUnit.SECONDS));
        assertEquals(1_234_567, Periods.convert(ticks, 10_000_000, TimeUnit.MILLISECONDS));
        assertEquals(1_234_567_890, Periods.convert(ticks, 10_000_000, TimeUnit.MICROSECONDS));
        assertEquals(1_234_567_890_100L, Periods.convert(ticks, 10_000_000, TimeUnit.NANOSECONDS));
        assertEquals(20, Periods.convert(ticks, 10_000_000, TimeUnit.MINUTES));
    }

    @Test
    void keepsSubSecondPrecisionOnHugeCountsWhereStlSoftLosesIt() {
        long ticks = Long.MAX_VALUE; // 922 337 203 685.4775807 s at 10 MHz
        assertEquals(922_337_203_685_477L, Periods.convert(ticks, 10_000_000, TimeUnit.MILLISECONDS));
        assertEquals(922_337_203_685_477_580L, Periods.convert(ticks, 10_000_000, TimeUnit.MICROSECONDS));
    }

    @Test
    void truncatesTowardZeroForNegativePeriods() {
        assertEquals(-1, Periods.convert(-1999, 1000, TimeUnit.SECONDS));
        assertEquals(-1999, Periods.convert(-1999, 1000, TimeUnit.MILLISECONDS));
        assertEquals(0, Periods.convert(-999, 1000, TimeUnit.SECONDS));
    }

    @Test
    void usesTheWideFallbackAboveNinePointTwoGigahertz() {
        long frequency = 10_000_000_000L;
        assertEquals(999_999_999L, Periods.convert(frequency - 1, frequency, TimeUnit.NANOSECONDS));
        assertEquals(Duration.ofNanos(999_999_999L), Periods.toDuration(frequency - 1, frequency));
        assertEquals(Long.MAX_VALUE / 3, Periods.scale(Long.MAX_VALUE, Long.MAX_VALUE / 3, Long.MAX_VALUE));
    }

    @Test
    void overflowSaysWhichUnitToUseInstead() {
        ArithmeticException e = assertThrows(ArithmeticException.class,
                () -> Periods.convert(Long.MAX_VALUE, 1, TimeUnit.NANOSECONDS));
        assertTrue(e.getMessage().contains("nanoseconds"), e.getMessage());
        assertTrue(e.getMessage().contains("getElapsed()"), e.getMessage());
    }

    @Test
    void durationIsExact() {
        assertEquals(Duration.ofSeconds(1, 500_000_000), Periods.toDuration(3, 2));
        assertEquals(Duration.ofSeconds(-1, -500_000_000), Periods.toDuration(-3, 2));
        assertEquals(Duration.ofNanos(333_333_333), Periods.toDuration(1, 3));
    }

    @Test
    void rejectsNonPositiveFrequenciesAndBadScales() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Periods.convert(1, 0, TimeUnit.SECONDS));
        assertTrue(e.getMessage().contains("frequency must be a positive"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Periods.toDuration(1, -5));
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> Periods.toDuration(1, 0));
        assertTrue(zero.getMessage().contains("frequency"), zero.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Periods.scale(1, -1, 1));
        assertThrows(IllegalArgumentException.class, () -> Periods.scale(1, 1, 0));
        assertThrows(NullPointerException.class, () -> Periods.convert(1, 1, null));
    }

    @Test
    void aNullUnitSaysWhatToPass() {
        SourceCounter counter = FakeCounters.over(FakeTickSource.at(0), 1000);
        counter.start();
        counter.stop();
        NullPointerException e = assertThrows(NullPointerException.class, () -> counter.getPeriod(null));
        assertEquals("unit is null; pass one of [NANOSECONDS, MICROSECONDS, MILLISECONDS, SECONDS, MINUTES, HOURS, DAYS]",
                e.getMessage());
    }
}
