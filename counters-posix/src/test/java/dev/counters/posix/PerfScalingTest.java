package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Positive;

/** {@link PerfScaling} against {@link BigInteger}: the scaled count of a multiplexed perf event is exact. */
class PerfScalingTest {

    @Property(tries = 20_000)
    void equalsBigIntegerArithmetic(@ForAll @LongRange(min = 0) long value, @ForAll @Positive long running,
            @ForAll @LongRange(min = 0) long extra) {
        long enabled = running + Math.min(extra, Long.MAX_VALUE - running);
        BigInteger exact = BigInteger.valueOf(value).multiply(BigInteger.valueOf(enabled)).divide(BigInteger.valueOf(running));
        if (exact.bitLength() > 63) {
            assertThrows(ArithmeticException.class, () -> PerfScaling.scale(value, enabled, running));
        } else {
            assertEquals(exact.longValueExact(), PerfScaling.scale(value, enabled, running));
        }
    }

    @Property(tries = 5_000)
    void realisticCountsScaleExactly(@ForAll @LongRange(min = 0, max = 1L << 50) long value,
            @ForAll @LongRange(min = 1, max = 1L << 45) long running, @ForAll @LongRange(min = 0, max = 1L << 45) long extra) {
        long enabled = running + extra;
        BigInteger exact = BigInteger.valueOf(value).multiply(BigInteger.valueOf(enabled)).divide(BigInteger.valueOf(running));
        Assume.that(exact.bitLength() <= 63);
        assertEquals(exact.longValueExact(), PerfScaling.scale(value, enabled, running));
    }

    @Example
    void anEventThatRanAllTheTimeKeepsItsCount() {
        assertEquals(Long.MAX_VALUE, PerfScaling.scale(Long.MAX_VALUE, 7, 7));
        assertEquals(0, PerfScaling.scale(0, 0, 0));
    }

    @Example
    void anEventThatNeverRanHasNothingToScale() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> PerfScaling.scale(0, 10, 0));
        assertEquals("the event was enabled for 10 ns but never ran on the PMU", refused.getMessage());
    }

    @Example
    void negativeFiguresAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> PerfScaling.scale(-1, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> PerfScaling.scale(1, -2, 1));
    }
}
