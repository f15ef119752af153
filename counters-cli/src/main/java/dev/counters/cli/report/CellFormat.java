package dev.counters.cli.report;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * How a number or text reads in a column: for people in the human table, and how many decimals
 * it keeps in CSV and JSON. Machine formats carry the raw value in its machine unit (exact
 * nanoseconds, hertz, a ratio rather than a percentage) but rounded to {@link #decimals()}, the
 * precision the measurement supports, so every format gives a figure to the same precision: a
 * cost the table shows as {@code 99.7} is {@code 99.7} in CSV and JSON too, never
 * {@code 99.67338743301544}.
 */
public interface CellFormat {

    /** The cell's text for a person; never called with {@code null}. */
    String format(Object value);

    /**
     * Decimals a fractional number keeps in CSV and JSON, in its machine unit, or {@link #EXACT}.
     * Whole numbers are always written whole; text is not affected.
     */
    int decimals();

    /** {@link #decimals()} of a format that keeps every digit of a fractional number (its shortest exact decimal). */
    int EXACT = -1;

    /** {@code toString()}, lists joined with commas, booleans as yes/no; a number in it is written exactly. */
    CellFormat TEXT = of(EXACT, CellFormat::text);

    /** Whole numbers with thousands separators: {@code 1,000,000}. */
    CellFormat INTEGER = of(0, value -> String.format(Locale.ROOT, "%,d", ((Number) value).longValue()));

    /**
     * A count of nanoseconds in the unit that reads best: {@code 23.4 ns}, {@code 1.52 ms}. Machine
     * formats keep a tenth of a nanosecond: no clock here reads finer than one, so the tenth of an
     * average or median of readings loses nothing that was measured.
     */
    CellFormat NANOS = of(1, value -> HumanNumbers.nanos(((Number) value).doubleValue()));

    /** A frequency in ticks per second in the unit that reads best: {@code 1 GHz}; whole hertz in machine formats. */
    CellFormat HERTZ = of(0, value -> HumanNumbers.hertz(((Number) value).doubleValue()));

    /**
     * A frequency in MHz with three decimals, for figures precise to the kHz: {@code 2,445.424 MHz};
     * whole hertz in machine formats (an estimate over milliseconds of nanosecond readings is good
     * to a few hundred hertz at best).
     */
    CellFormat MEGAHERTZ = of(0, value -> HumanNumbers.megahertz(((Number) value).doubleValue()));

    /** A ratio shown as a percentage with one decimal: {@code 0.031} reads {@code 3.1 %}; the ratio to 3 decimals. */
    CellFormat PERCENT = percent(1);

    /** A ratio shown as a factor: {@code 2.43} reads {@code x2.43}, and {@code 2.43} in machine formats. */
    CellFormat FACTOR = of(2, value -> String.format(Locale.ROOT, "x%.2f", ((Number) value).doubleValue()));

    /**
     * A ratio shown as a percentage with {@code digits} decimals: {@code 0.000026} reads
     * {@code 0.0026 %} for 4; machine formats keep the ratio with {@code digits + 2} decimals, the same precision.
     */
    static CellFormat percent(int digits) {
        return of(digits + 2, value -> String.format(Locale.ROOT, "%." + digits + "f %%", ((Number) value).doubleValue() * 100));
    }

    /** A number with {@code digits} decimals and thousands separators; {@code digits} decimals in machine formats too. */
    static CellFormat decimal(int digits) {
        return of(digits, value -> String.format(Locale.ROOT, "%,." + digits + "f", ((Number) value).doubleValue()));
    }

    /**
     * A count of nanoseconds shown in {@code unit} with three decimals: {@code 101.234} for ms.
     * Machine formats carry nanoseconds, to a tenth as {@link #NANOS} does.
     */
    static CellFormat nanosIn(TimeUnit unit) {
        return of(NANOS.decimals(), value -> HumanNumbers.nanosIn(((Number) value).doubleValue(), unit));
    }

    /** A format that shows cells with {@code text} and keeps {@code decimals} in machine formats. */
    static CellFormat of(int decimals, Function<Object, String> text) {
        return new CellFormat() {
            @Override
            public String format(Object value) {
                return text.apply(value);
            }

            @Override
            public int decimals() {
                return decimals;
            }
        };
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
