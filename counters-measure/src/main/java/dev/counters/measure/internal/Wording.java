package dev.counters.measure.internal;

import dev.counters.internal.Durations;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The one convention every sentence of a comparison uses for a difference, and the one place that
 * writes it: a ratio B/A of 0.8 is "B takes 20.0% less time than A", 1.25 "B takes 25.0% more time
 * than A", 3.5 "B takes 3.50 times as long as A", 0.0001423 "B takes 1/7027 of A's time"; the figures follow as {@code B/A 0.8000 [0.7810,
 * 0.8190]}. A share is a difference of B/A from 1, never of A/B from 1, so that 20% less time and
 * a ratio of 0.8 say the same thing. The summary, the reasons, the reports and the guide all use
 * these phrases.
 */
public final class Wording {
    /** From this ratio on, a difference reads "times as long": 200% more time is harder to read than 3.00 times. */
    private static final double TIMES_FROM = 2;
    /** Below this ratio, a difference reads as a fraction of A's time: 99.986% less time is harder to read than 1/7027. */
    private static final double FRACTION_BELOW = 0.1;

    private Wording() {}

    /**
     * The warning a report gives where the times per run, {@code a} and {@code b} (medians), have a
     * ratio outside the interval {@code [low, high]} of B/A: a reader would take them for a difference
     * the interval rules out. Runs whose times fall into modes (a JIT's code, or the data's place in
     * memory, differing from one copy of a task to another) do this: B/A weighs every copy alike, a
     * median takes the commonest mode. Empty where the ratio lies within, or a figure is missing.
     */
    public static Optional<String> timesOutsideInterval(double a, double b, double low, double high) {
        double ratio = b / a;
        if (!Double.isFinite(ratio) || !Double.isFinite(low) || !Double.isFinite(high) || (ratio >= low && ratio <= high)) {
            return Optional.empty();
        }
        return Optional.of("the times per run, A " + nanos(a) + " and B " + nanos(b) + " (B/A " + ratio(ratio)
                + "), lie outside B/A's interval [" + ratio(low) + ", " + ratio(high) + "]: the runs' times fall into modes "
                + "(the JIT's code, or the data's place in memory, differs from one copy of a task to another), which B/A "
                + "weighs alike and a median does not; act on B/A, not on the times per run");
    }

    /** {@code B takes 20.0% less time than A}, {@code B takes 25.0% more time than A}, {@code B takes 3.50 times as long as A}. */
    public static String difference(double ratio) {
        if (ratio >= TIMES_FROM) {
            return "B takes " + significant(ratio, 3) + " times as long as A";
        }
        if (ratio > 1) {
            return "B takes " + percent(ratio - 1) + "% more time than A";
        }
        if (ratio < FRACTION_BELOW && ratio > 0) {
            return "B takes " + fraction(ratio) + " of A's time";
        }
        if (ratio < 1) {
            return "B takes " + percent(1 - ratio) + "% less time than A";
        }
        return "B takes the same time as A";
    }

    /**
     * What an interval {@code [low, high]} of B/A shows, whatever the verdict: {@code no difference
     * above 2.6% either way} when it holds 1, else {@code B takes between 1.0% and 3.0% more time than
     * A} (or less time, or times as long).
     */
    public static String shows(double low, double high) {
        if (!(low > 0) || !Double.isFinite(high)) {
            return "the interval is unbounded: it rules out no difference";
        }
        if (low <= 1 && 1 <= high) {
            return "no difference above " + percent(Math.max(high - 1, 1 - low)) + "% either way";
        }
        if (low > 1) {
            return high >= TIMES_FROM
                    ? "B takes between " + significant(low, 3) + " and " + significant(high, 3) + " times as long as A"
                    : "B takes between " + percent(low - 1) + "% and " + percent(high - 1) + "% more time than A";
        }
        if (high < FRACTION_BELOW) {
            return "B takes between " + fraction(low) + " and " + fraction(high) + " of A's time";
        }
        return "B takes between " + percent(1 - high) + "% and " + percent(1 - low) + "% less time than A";
    }

    /** {@code 1/7027} for a ratio of 0.0001423: the share of A's time B takes. */
    private static String fraction(double ratio) {
        return "1/" + significant(1 / ratio, 3);
    }

    /** Whether {@code [low, high]} holds 1: the interval allows no difference at all. */
    public static boolean holdsOne(double low, double high) {
        return low <= 1 && 1 <= high;
    }

    /** {@code B/A 0.8000 [0.7810, 0.8190]}. */
    public static String figures(double ratio, double low, double high) {
        return "B/A " + ratio(ratio) + " [" + ratio(low) + ", " + ratio(high) + "]";
    }

    /** A ratio: four decimals, or four significant digits below 0.1 (0.0001423 for tasks 7,000 times apart). */
    public static String ratio(double value) {
        if (!Double.isFinite(value)) {
            return value > 0 ? "infinity" : String.valueOf(value);
        }
        if (value != 0 && Math.abs(value) < 0.1) {
            return significant(value, 4);
        }
        return String.format(Locale.ROOT, "%.4f", value);
    }

    /** A share as a percentage to three significant digits, at least one decimal: {@code 20.0}, {@code 2.63}, {@code 0.312}. */
    public static String percent(double share) {
        double value = 100 * share;
        if (value >= 100) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        return value < 10 ? significant(value, 3) : String.format(Locale.ROOT, "%.1f", value);
    }

    /** A confidence as a percentage: {@code 99.2}, {@code 99.93}, {@code 87.5}. */
    public static String confidence(double confidence) {
        return new BigDecimal(100 * confidence).round(new MathContext(4, RoundingMode.DOWN)).stripTrailingZeros()
                .toPlainString();
    }

    /** A time as a person reads it, to four significant digits: {@code 318 us}, {@code 611.1 us}, {@code 54.49 ms}. */
    public static String nanos(double nanos) {
        if (!Double.isFinite(nanos)) {
            return "-";
        }
        double magnitude = Math.abs(nanos);
        String[] units = {"ns", "us", "ms", "s"};
        int unit = 0;
        double value = nanos;
        while (unit < units.length - 1 && Math.abs(value) >= 1000) {
            value /= 1000;
            unit++;
        }
        String text = magnitude == 0 ? "0" : significant(value, 4);
        if (text.contains(".")) {
            text = text.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return text + " " + units[unit];
    }

    /** The name of a clock's time, as a sentence says it: {@code thread CPU time}, {@code wall time}. */
    public static String time(String clock) {
        return clock + " time";
    }

    /** A duration as a person reads it: {@code 30 s}, {@code 2 min 36 s}, {@code 450 ms}. */
    public static String duration(Duration duration) {
        long seconds = Math.round(duration.toMillis() / 1000.0);
        if (duration.toMillis() < 1000) {
            return Durations.formatNanos(duration.toNanos());
        }
        return seconds < 120 ? seconds + " s" : seconds / 60 + " min" + (seconds % 60 == 0 ? "" : " " + seconds % 60 + " s");
    }

    /** The first letter upper case. */
    public static String capitalised(String sentence) {
        return sentence.isEmpty() ? sentence : Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1);
    }

    /** {@code value} to {@code digits} significant digits, trailing zeros kept: {@code 3.50}, {@code 0.0001423}, {@code 7012}. */
    private static String significant(double value, int digits) {
        if (value == 0) {
            return "0";
        }
        int decimals = Math.max(0, digits - 1 - (int) Math.floor(Math.log10(Math.abs(value))));
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
