package dev.counters.internal;

import java.time.Duration;
import java.util.Locale;

/**
 * Short durations the way a person reads timings: {@code 20 ns}, {@code 1.5 us}, {@code 4 ms},
 * {@code 12.345 s}: the largest unit that keeps the figure at or above 1, at most three decimals,
 * no trailing zeros. The one formatter of durations in prose ({@link dev.counters.Resolution},
 * {@code counters-measure}'s statistics and reports); the command line's tables format their
 * columns to three significant digits instead.
 */
public final class Durations {
    private Durations() {}

    /** {@code duration} for a person; one too long for nanoseconds in whole seconds. */
    public static String format(Duration duration) {
        try {
            return formatNanos(duration.toNanos());
        } catch (ArithmeticException tooLong) {
            return duration.getSeconds() + " s";
        }
    }

    /** {@code nanos} nanoseconds for a person: {@code 812.3 ns}, {@code 12.345 us}, {@code 1.5 s}. */
    public static String formatNanos(double nanos) {
        if (!Double.isFinite(nanos)) {
            return nanos + " ns";
        }
        double magnitude = Math.abs(nanos);
        if (magnitude < 1e3) {
            return trim(nanos) + " ns";
        }
        if (magnitude < 1e6) {
            return trim(nanos / 1e3) + " us";
        }
        if (magnitude < 1e9) {
            return trim(nanos / 1e6) + " ms";
        }
        return trim(nanos / 1e9) + " s";
    }

    private static String trim(double value) {
        String text = String.format(Locale.ROOT, "%.3f", value);
        text = text.replaceAll("0+$", "");
        return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    }
}
