package dev.counters;

import java.time.Duration;

/** Formats short durations the way a person reads timings: {@code 20 ns}, {@code 1.5 us}, {@code 4 ms}. */
final class Durations {
    private Durations() {}

    static String format(Duration duration) {
        long nanos;
        try {
            nanos = duration.toNanos();
        } catch (ArithmeticException tooLong) {
            return duration.getSeconds() + " s";
        }
        if (Math.abs(nanos) < 1_000) {
            return nanos + " ns";
        }
        if (Math.abs(nanos) < 1_000_000) {
            return trim(nanos / 1e3) + " us";
        }
        if (Math.abs(nanos) < 1_000_000_000) {
            return trim(nanos / 1e6) + " ms";
        }
        return trim(nanos / 1e9) + " s";
    }

    private static String trim(double value) {
        String text = String.format(java.util.Locale.ROOT, "%.3f", value);
        text = text.replaceAll("0+$", "");
        return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    }
}
