package dev.counters.examples.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes a {@link Report} as one rectangular CSV table (RFC 4180: comma separated, fields quoted
 * when they hold a comma, quote or line break), for {@link OutputFormat#CSV}. The first column,
 * {@value #SECTION}, holds the id of the table a row comes from; the other columns are every
 * table's columns, by id, in the order they first appear. A row leaves the columns of other tables
 * empty, so a CSV reader sees one header and rows of one length, and filters by section. Numbers
 * are plain decimals, lists are joined with {@code ;}, an empty cell is an empty field.
 */
final class CsvTables {
    /** The id of the column that names each row's table. */
    static final String SECTION = "section";

    private CsvTables() {}

    static void write(Report report, PrintWriter out) {
        Map<String, Integer> positions = columnPositions(report);
        out.println(positions.keySet().stream().map(CsvTables::field).collect(Collectors.joining(",")));
        for (Table table : report.tables()) {
            for (List<Object> row : table.rows()) {
                List<String> fields = new ArrayList<>(java.util.Collections.nCopies(positions.size(), ""));
                fields.set(0, field(table.id()));
                for (int i = 0; i < row.size(); i++) {
                    fields.set(positions.get(table.columns().get(i).id()), cell(row.get(i)));
                }
                out.println(String.join(",", fields));
            }
        }
        out.flush();
    }

    /** The section column, then every table's column ids in order of first appearance. */
    private static Map<String, Integer> columnPositions(Report report) {
        Map<String, Integer> positions = new LinkedHashMap<>();
        positions.put(SECTION, 0);
        for (Table table : report.tables()) {
            for (Column column : table.columns()) {
                positions.putIfAbsent(column.id(), positions.size());
            }
        }
        return positions;
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
