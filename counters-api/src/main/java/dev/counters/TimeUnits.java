package dev.counters;

import com.google.common.base.CharMatcher;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Parses the unit names people type: {@code s}, {@code ms}, {@code us} (or {@code µs}) and
 * {@code ns}, ignoring case and white space, as a {@code TimeElapsed("ms")} call in C++ or C# would.
 *
 * <pre>{@code
 * long elapsed = counter.getPeriod(TimeUnits.parse(" MS "));
 * }</pre>
 */
public final class TimeUnits {
    /** The names {@link #parse} accepts, as a user would be told them. */
    public static final String ACCEPTED_NAMES = "s, ms, us (or µs), ns";

    private TimeUnits() {}

    /**
     * Returns the unit named by {@code name}.
     *
     * @throws IllegalArgumentException if the name is none of {@value #ACCEPTED_NAMES}
     * @throws NullPointerException if {@code name} is null
     */
    public static TimeUnit parse(String name) {
        if (name == null) {
            throw new NullPointerException("unit name is null; pass one of: " + ACCEPTED_NAMES);
        }
        String key = CharMatcher.whitespace().removeFrom(name).toLowerCase(Locale.ROOT);
        switch (key) {
            case "s":
                return TimeUnit.SECONDS;
            case "ms":
                return TimeUnit.MILLISECONDS;
            case "us":
            case "\u00b5s": // micro sign
            case "\u03bcs": // Greek small mu, which the micro sign becomes after upper-casing
                return TimeUnit.MICROSECONDS;
            case "ns":
                return TimeUnit.NANOSECONDS;
            default:
                throw new IllegalArgumentException(
                        "Unknown time unit '" + name + "'; use one of: " + ACCEPTED_NAMES);
        }
    }

    /**
     * The short name of {@code unit} as {@link #parse} accepts it, e.g. {@code "ms"}.
     *
     * @throws IllegalArgumentException if {@code unit} is coarser than seconds
     * @throws NullPointerException if {@code unit} is null
     */
    public static String shortName(TimeUnit unit) {
        if (unit == null) {
            throw new NullPointerException("unit is null; pass one of SECONDS, MILLISECONDS, MICROSECONDS, NANOSECONDS");
        }
        switch (unit) {
            case SECONDS:
                return "s";
            case MILLISECONDS:
                return "ms";
            case MICROSECONDS:
                return "us";
            case NANOSECONDS:
                return "ns";
            default:
                throw new IllegalArgumentException(
                        "No short name for " + unit + "; counters speak " + ACCEPTED_NAMES);
        }
    }
}
