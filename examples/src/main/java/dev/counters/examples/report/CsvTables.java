package dev.counters.examples.report;

import java.io.PrintWriter;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes a {@link Report} as CSV (RFC 4180: comma separated, fields quoted when they
 * hold a comma, quote or line break), for {@link OutputFormat#CSV}. Each table is one block
 * headed by its column ids; blocks are separated by one empty line. Numbers are plain decimals,
 * lists are joined with {@code ;}, an empty cell is an empty field.
 */
final class CsvTables {
    private CsvTables() {}

    static void write(Report report, PrintWriter out) {
        boolean first = true;
        for (Table table : report.tables()) {
            if (!first) {
                out.println();
            }
            first = false;
            out.println(table.columns().stream().map(column -> field(column.id())).collect(Collectors.joining(",")));
            for (List<Object> row : table.rows()) {
                out.println(row.stream().map(CsvTables::cell).collect(Collectors.joining(",")));
            }
        }
        out.flush();
    }

    private static String cell(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            return Double.isFinite(number) ? HumanNumbers.plain(number) : "";
        }
        if (value instanceof List) {
            return field(((List<?>) value).stream().map(String::valueOf).collect(Collectors.joining(";")));
        }
        return field(value.toString());
    }

    private static String field(String text) {
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return '"' + text.replace("\"", "\"\"") + '"';
        }
        return text;
    }
}
