package dev.counters.examples.report;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;

/**
 * How a cell or parameter reaches a machine format: the one place where JSON ({@link JsonReports})
 * and CSV ({@link CsvTables}) turn values into output, so both carry the same text for the same
 * value. Both write through a Jackson {@link JsonGenerator} (a CSV generator is one too): text as
 * a string, whole numbers as they are, fractional numbers as plain decimals (no exponent),
 * booleans as {@code true}/{@code false}, lists as arrays (which CSV joins with {@code ;}), and
 * nothing, or a number without a decimal form (NaN, infinities), as null (an empty CSV field).
 */
final class MachineCells {
    private MachineCells() {}

    /** Writes {@code value}, a cell as {@link Table} accepts it, to {@code generator}. */
    static void write(JsonGenerator generator, Object value) throws IOException {
        if (value == null) {
            generator.writeNull();
        } else if (value instanceof String text) {
            generator.writeString(text);
        } else if (value instanceof Boolean flag) {
            generator.writeBoolean(flag);
        } else if (value instanceof Double || value instanceof Float) {
            writeFraction(generator, ((Number) value).doubleValue());
        } else if (value instanceof Number number) {
            generator.writeNumber(number.longValue());
        } else if (value instanceof List<?> list) {
            generator.writeStartArray();
            for (Object element : list) {
                write(generator, element);
            }
            generator.writeEndArray();
        } else {
            throw new IllegalArgumentException("no machine form for " + value.getClass().getName());
        }
    }

    private static void writeFraction(JsonGenerator generator, double number) throws IOException {
        if (!Double.isFinite(number)) {
            generator.writeNull();
            return;
        }
        generator.writeNumber(plain(number));
    }

    /** {@code number} as a decimal a machine reads back exactly, written without exponent by the generators. */
    private static BigDecimal plain(double number) {
        BigDecimal decimal = BigDecimal.valueOf(number).stripTrailingZeros();
        return decimal.scale() < 0 ? decimal.setScale(0) : decimal;
    }
}
