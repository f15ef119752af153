package dev.counters.cli.report;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * How a cell or parameter reaches a machine format: the one place where JSON ({@link JsonReports})
 * and CSV ({@link CsvTables}) turn values into output, so both carry the same text for the same
 * value. Both write through a Jackson {@link JsonGenerator} (a CSV generator is one too): text as
 * a string, whole numbers as they are, fractional numbers as plain decimals (no exponent),
 * booleans as {@code true}/{@code false}, lists as arrays (which CSV joins with {@code ;}), and
 * nothing, or a number without a decimal form (NaN, infinities), as null (an empty CSV field).
 * A fractional number keeps the decimals of its column's {@link CellFormat}, in both formats.
 */
final class MachineCells {
    private MachineCells() {}

    /** Writes {@code value}, a parameter or note, to {@code generator}, every digit kept. */
    static void write(JsonGenerator generator, Object value) throws IOException {
        write(generator, value, CellFormat.EXACT);
    }

    /**
     * Writes {@code value}, a cell as {@link Table} accepts it, to {@code generator}; a fractional
     * number is rounded half-up (as the human table rounds) to {@code decimals} (or kept whole, for {@link CellFormat#EXACT}).
     */
    static void write(JsonGenerator generator, Object value, int decimals) throws IOException {
        if (value == null) {
            generator.writeNull();
        } else if (value instanceof String text) {
            generator.writeString(text);
        } else if (value instanceof Boolean flag) {
            generator.writeBoolean(flag);
        } else if (value instanceof Double || value instanceof Float) {
            writeFraction(generator, ((Number) value).doubleValue(), decimals);
        } else if (value instanceof Number number) {
            generator.writeNumber(number.longValue());
        } else if (value instanceof List<?> list) {
            generator.writeStartArray();
            for (Object element : list) {
                write(generator, element, decimals);
            }
            generator.writeEndArray();
        } else {
            throw new IllegalArgumentException("no machine form for " + value.getClass().getName());
        }
    }

    private static void writeFraction(JsonGenerator generator, double number, int decimals) throws IOException {
        if (!Double.isFinite(number)) {
            generator.writeNull();
            return;
        }
        generator.writeNumber(decimal(number, decimals));
    }

    /**
     * {@code number} rounded half-up (as the human table rounds) to {@code decimals} (every digit of its shortest exact form
     * for {@link CellFormat#EXACT}), without trailing zeros: the generators write it without exponent.
     */
    static BigDecimal decimal(double number, int decimals) {
        BigDecimal exact = BigDecimal.valueOf(number);
        BigDecimal rounded = decimals == CellFormat.EXACT ? exact : exact.setScale(decimals, RoundingMode.HALF_UP);
        BigDecimal stripped = rounded.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }
}
