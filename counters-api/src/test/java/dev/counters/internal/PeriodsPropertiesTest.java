package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

/** Every conversion equals unbounded integer arithmetic, over the whole long range and 1 Hz to 10 GHz. */
class PeriodsPropertiesTest {
    private static final BigInteger NANOS = BigInteger.valueOf(1_000_000_000L);

    @Provide
    Arbitrary<Long> counts() {
        return Arbitraries.oneOf(
                Arbitraries.longs(),
                Arbitraries.longs().between(-10_000_000_000L, 10_000_000_000L),
                Arbitraries.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, -1L, 0L, 1L, Long.MAX_VALUE - 1, Long.MAX_VALUE));
    }

    @Provide
    Arbitrary<Long> frequencies() {
        return Arbitraries.oneOf(
                Arbitraries.longs().between(1, 10_000_000_000L),
                Arbitraries.of(1L, 2L, 3L, 1000L, 1024L, 10_000_000L, 1_000_000_000L, 2_400_000_000L,
                        9_999_999_999L, 10_000_000_000L));
    }

    @Provide
    Arbitrary<TimeUnit> units() {
        return Arbitraries.of(TimeUnit.SECONDS, TimeUnit.MILLISECONDS, TimeUnit.MICROSECONDS, TimeUnit.NANOSECONDS,
                TimeUnit.MINUTES, TimeUnit.HOURS, TimeUnit.DAYS);
    }

    @Property(tries = 3000)
    void convertEqualsBigIntegerTruncatedTowardZero(
            @ForAll("counts") long count, @ForAll("frequencies") long frequency, @ForAll("units") TimeUnit unit) {
        BigInteger exact = BigInteger.valueOf(count)
                .multiply(NANOS)
                .divide(BigInteger.valueOf(frequency).multiply(BigInteger.valueOf(unit.toNanos(1))));
        if (exact.bitLength() < 64) {
            assertEquals(exact.longValueExact(), Periods.convert(count, frequency, unit));
        } else {
            assertThrows(ArithmeticException.class, () -> Periods.convert(count, frequency, unit));
        }
    }

    @Property(tries = 3000)
    void durationEqualsBigIntegerNanoseconds(@ForAll("counts") long count, @ForAll("frequencies") long frequency) {
        BigInteger exactNanos = BigInteger.valueOf(count).multiply(NANOS).divide(BigInteger.valueOf(frequency));
        Duration duration = Periods.toDuration(count, frequency);
        BigInteger actualNanos = BigInteger.valueOf(duration.getSeconds()).multiply(NANOS)
                .add(BigInteger.valueOf(duration.getNano()));
        assertEquals(exactNanos, actualNanos);
    }

    @Property(tries = 3000)
    void scaleEqualsBigInteger(
            @ForAll("counts") long value,
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long numerator,
            @ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long denominator) {
        BigInteger exact = BigInteger.valueOf(value)
                .multiply(BigInteger.valueOf(numerator))
                .divide(BigInteger.valueOf(denominator));
        if (exact.bitLength() < 64) {
            assertEquals(exact.longValueExact(), Periods.scale(value, numerator, denominator));
        } else {
            assertThrows(ArithmeticException.class, () -> Periods.scale(value, numerator, denominator));
        }
    }

    @Property(tries = 1000)
    void apportioningNeverExceedsTheWhole(
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long total,
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long part,
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long rest) {
        long whole = part + rest;
        if (whole == 0) {
            return;
        }
        long share = Periods.scale(total, part, whole);
        org.junit.jupiter.api.Assertions.assertTrue(share >= 0 && share <= total, () -> share + " of " + total);
    }
}
