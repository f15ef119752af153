package dev.counters.cli.report;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/** Numbers as people read them: the one place where the command line formats figures for the human table. */
public final class HumanNumbers {
    private static final String[] TIME_UNITS = {"ns", "us", "ms", "s"};
    private static final String[] FREQUENCY_UNITS = {"Hz", "kHz", "MHz", "GHz", "THz"};

    private HumanNumbers() {}

    /** Nanoseconds in the largest unit that keeps the figure at or above 1: {@code 23.4 ns}, {@code 1.52 ms}. */
    public static String nanos(double nanos) {
        if (!Double.isFinite(nanos)) {
            return "-";
        }
        double value = nanos;
        int unit = 0;
        while (unit < TIME_UNITS.length - 1 && Math.abs(value) >= 1000) {
            value /= 1000;
            unit++;
        }
        return significant(value) + " " + TIME_UNITS[unit];
    }

    /** Nanoseconds shown in {@code unit} with three decimals. */
    public static String nanosIn(double nanos, TimeUnit unit) {
        if (!Double.isFinite(nanos)) {
            return "-";
        }
        return String.format(Locale.ROOT, "%,.3f", inUnit(nanos, unit));
    }

    /**
     * Nanoseconds as a fractional count of {@code unit}, for display and charts only: figures a
     * program computes with stay exact nanoseconds (see {@link dev.counters.internal.Periods}).
     */
    public static double inUnit(double nanos, TimeUnit unit) {
        return nanos / unit.toNanos(1);
    }

    /** Ticks per second in the largest unit that keeps the figure at or above 1: {@code 1 GHz}, {@code 2.995 GHz}. */
    public static String hertz(double hertz) {
        if (!Double.isFinite(hertz)) {
            return "-";
        }
        double value = hertz;
        int unit = 0;
        while (unit < FREQUENCY_UNITS.length - 1 && Math.abs(value) >= 1000) {
            value /= 1000;
            unit++;
        }
        return trimZeros(String.format(Locale.ROOT, "%.3f", value)) + " " + FREQUENCY_UNITS[unit];
    }

    /** Ticks per second in MHz with three decimals: {@code 2,445.424 MHz}. */
    public static String megahertz(double hertz) {
        if (!Double.isFinite(hertz)) {
            return "-";
        }
        return String.format(Locale.ROOT, "%,.3f MHz", hertz / 1e6);
    }

    /** Three significant figures at most, trailing zeros dropped: {@code 23.4}, {@code 1.52}, {@code 512}. */
    private static String significant(double value) {
        double magnitude = Math.abs(value);
        int decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2;
        return trimZeros(String.format(Locale.ROOT, "%." + decimals + "f", value));
    }

    private static String trimZeros(String number) {
        if (number.indexOf('.') < 0) {
            return number;
        }
        String trimmed = number.replaceAll("0+$", "");
        return trimmed.endsWith(".") ? trimmed.substring(0, trimmed.length() - 1) : trimmed;
    }
}
