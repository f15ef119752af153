package dev.counters.windows.internal;

import java.math.BigInteger;

/** Unit conversions computed independently of {@code Periods}, with unbounded integers. */
final class Reference {
    static final long NANOS = 1_000_000_000L;
    static final long MICROS = 1_000_000L;
    static final long MILLIS = 1_000L;

    private Reference() {}

    /** {@code ticks * unitsPerSecond / frequency}, truncated toward zero. */
    static long convert(long ticks, long frequency, long unitsPerSecond) {
        return BigInteger.valueOf(ticks)
                .multiply(BigInteger.valueOf(unitsPerSecond))
                .divide(BigInteger.valueOf(frequency))
                .longValueExact();
    }
}
