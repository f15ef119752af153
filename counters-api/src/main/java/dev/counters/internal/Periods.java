package dev.counters.internal;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The one place where a count of native ticks becomes seconds, milliseconds, microseconds,
 * nanoseconds or a {@link Duration}. Every counter and every kernel/user getter goes through it.
 *
 * <p>Results are truncated toward zero and exact: they equal {@code count * unitsPerSecond /
 * frequency} computed with unbounded integers, for every {@code long} count and every positive
 * frequency. STLSoft chooses between "multiply first" and "divide first" and so loses sub-second
 * precision on long periods; this class splits the count into whole seconds and a remainder
 * instead, so nothing is lost. A result that does not fit in a {@code long} (a count of
 * {@code Long.MAX_VALUE} ticks at 1 Hz has no nanosecond value) throws {@link
 * ArithmeticException} rather than wrapping around.
 *
 * <p>Conversions are not on the timing hot path ({@code start()}/{@code stop()}), but they
 * allocate nothing unless an intermediate product exceeds 64 bits, which needs a frequency
 * above 9.2 GHz.
 */
public final class Periods {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final String UNIT_IS_NULL = "unit is null; pass one of " + List.of(TimeUnit.values());

    private Periods() {}

    /**
     * Converts {@code periodCount} ticks of a clock running at {@code frequency} ticks per
     * second into {@code unit}, truncating toward zero.
     *
     * @throws IllegalArgumentException if {@code frequency} is not positive
     * @throws ArithmeticException if the result does not fit in a {@code long}
     */
    public static long convert(long periodCount, long frequency, TimeUnit unit) {
        requireNonNull(unit, UNIT_IS_NULL);
        checkFrequency(frequency);
        long unitNanos = unit.toNanos(1);
        try {
            if (unitNanos <= NANOS_PER_SECOND) {
                return scale(periodCount, NANOS_PER_SECOND / unitNanos, frequency);
            }
            long unitSeconds = unitNanos / NANOS_PER_SECOND;
            return scale(scale(periodCount, 1, frequency), 1, unitSeconds);
        } catch (ArithmeticException e) {
            throw new ArithmeticException(String.format(
                    "%d ticks at %d Hz do not fit in a long number of %s; read a coarser unit or getElapsed()",
                    periodCount, frequency, unit.name().toLowerCase(java.util.Locale.ROOT)));
        }
    }

    /** Converts {@code periodCount} ticks at {@code frequency} Hz into an exact {@link Duration}, truncated to the nanosecond. */
    public static Duration toDuration(long periodCount, long frequency) {
        checkFrequency(frequency);
        long seconds = periodCount / frequency;
        long nanos = scale(periodCount % frequency, NANOS_PER_SECOND, frequency);
        return Duration.ofSeconds(seconds, nanos);
    }

    /**
     * Returns {@code value * numerator / denominator}, truncated toward zero and exact for every
     * {@code long} value. Used to convert units and to apportion a total between parts.
     *
     * @throws IllegalArgumentException if {@code numerator} is negative or {@code denominator} not positive
     * @throws ArithmeticException if the result does not fit in a {@code long}
     */
    public static long scale(long value, long numerator, long denominator) {
        checkArgument(numerator >= 0, "numerator must not be negative: %s", numerator);
        checkArgument(denominator > 0, "denominator must be positive: %s", denominator);
        long quotient = value / denominator;
        long remainder = value % denominator;
        long whole = Math.multiplyExact(quotient, numerator);
        long magnitude = Math.abs(remainder);
        long partMagnitude;
        if (Math.multiplyHigh(magnitude, numerator) == 0) {
            // Both factors are non-negative, so a zero high word means the product fits in 64 unsigned bits.
            partMagnitude = Long.divideUnsigned(magnitude * numerator, denominator);
        } else {
            partMagnitude = BigInteger.valueOf(magnitude)
                    .multiply(BigInteger.valueOf(numerator))
                    .divide(BigInteger.valueOf(denominator))
                    .longValueExact();
        }
        return Math.addExact(whole, remainder < 0 ? -partMagnitude : partMagnitude);
    }

    private static void checkFrequency(long frequency) {
        checkArgument(frequency > 0, "frequency must be a positive number of ticks per second, was %s", frequency);
    }
}
