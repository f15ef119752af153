package dev.counters.examples.report;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * How a cell reads in the human table. Machine formats (CSV, JSON) never use it: they carry the
 * raw value, so that a script gets exact nanoseconds while a person reads {@code 1.52 ms}.
 */
@FunctionalInterface
public interface CellFormat {

    /** The cell's text for a person; never called with {@code null}. */
    String format(Object value);

    /** {@code toString()}, lists joined with commas, booleans as yes/no. */
    CellFormat TEXT = CellFormat::text;

    /** Whole numbers with thousands separators: {@code 1,000,000}. */
    CellFormat INTEGER = value -> String.format(Locale.ROOT, "%,d", ((Number) value).longValue());

    /** A count of nanoseconds in the unit that reads best: {@code 23.4 ns}, {@code 1.52 ms}, {@code 2.1 s}. */
    CellFormat NANOS = value -> HumanNumbers.nanos(((Number) value).doubleValue());

    /** A frequency in ticks per second in the unit that reads best: {@code 1 GHz}, {@code 10 MHz}, {@code 1 kHz}. */
    CellFormat HERTZ = value -> HumanNumbers.hertz(((Number) value).doubleValue());

    /** A frequency in MHz with three decimals, for figures precise to the kHz: {@code 2,445.424 MHz}. */
    CellFormat MEGAHERTZ = value -> HumanNumbers.megahertz(((Number) value).doubleValue());

    /** A ratio shown as a percentage with one decimal: {@code 0.031} reads {@code 3.1 %}. */
    CellFormat PERCENT = percent(1);

    /** A ratio shown as a percentage with {@code digits} decimals: {@code 0.000026} reads {@code 0.0026 %} for 4. */
    static CellFormat percent(int digits) {
        return value -> String.format(Locale.ROOT, "%." + digits + "f %%", ((Number) value).doubleValue() * 100);
    }

    /** A ratio shown as a factor: {@code 2.43} reads {@code x2.43}. */
    CellFormat FACTOR = value -> String.format(Locale.ROOT, "x%.2f", ((Number) value).doubleValue());

    /** A number with {@code digits} decimals and thousands separators. */
    static CellFormat decimal(int digits) {
        return value -> String.format(Locale.ROOT, "%,." + digits + "f", ((Number) value).doubleValue());
    }

    /** A count of nanoseconds shown in {@code unit} with three decimals: {@code 101.234} for ms. */
    static CellFormat nanosIn(TimeUnit unit) {
        return value -> HumanNumbers.nanosIn(((Number) value).doubleValue(), unit);
    }

    private static String text(Object value) {
        if (value instanceof Boolean) {
            return (Boolean) value ? "yes" : "no";
        }
        if (value instanceof List) {
            return ((List<?>) value).stream().map(CellFormat::text).collect(Collectors.joining(", "));
        }
        return value.toString();
    }
}
