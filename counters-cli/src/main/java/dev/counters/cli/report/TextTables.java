package dev.counters.cli.report;

import com.google.common.base.Strings;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes a {@link Report} as aligned text columns, for {@link OutputFormat#TABLE}; its headline, if
 * any, first. Every line is for a terminal, so control characters in it (a task's class name can
 * hold an escape sequence or a line break) are shown escaped ({@link TerminalText#line}).
 */
final class TextTables {
    private static final String GAP = "  ";

    private TextTables() {}

    static void write(Report report, PrintWriter out) {
        report.headline().ifPresent(headline -> out.println(TerminalText.line(headline)));
        report.leads().forEach(line -> out.println(TerminalText.line(line)));
        if (!report.leads().isEmpty()) {
            out.println();
        }
        writeHeading(report, out);
        writeRest(report, out);
    }

    /** The title and the parameters: what a report says before any figure. */
    static void writeHeading(Report report, PrintWriter out) {
        out.println(TerminalText.line(report.title()));
        if (!report.parameters().isEmpty()) {
            out.println(TerminalText.line(report.parameters().entrySet().stream()
                    .map(TextTables::parameter)
                    .collect(Collectors.joining(", "))));
        }
        out.flush();
    }

    /** The tables and notes: what follows {@link #writeHeading}. */
    static void writeRest(Report report, PrintWriter out) {
        Table headline = report.headlineTable().orElse(null);
        for (Table table : report.tables()) {
            if (table == headline) {
                continue;
            }
            out.println();
            if (report.tables().size() > 1 || !table.title().equals(report.title())) {
                out.println(TerminalText.line(table.title()));
            }
            writeTable(table, out);
        }
        if (!report.notes().isEmpty()) {
            out.println();
            report.notes().forEach(note -> out.println("* " + TerminalText.line(note)));
        }
        out.flush();
    }

    private static String parameter(Map.Entry<String, Object> entry) {
        Object value = entry.getValue();
        String text = value instanceof Long || value instanceof Integer
                ? CellFormat.INTEGER.format(value)
                : CellFormat.TEXT.format(value);
        return entry.getKey() + " " + text;
    }

    private static void writeTable(Table table, PrintWriter out) {
        List<Integer> shown = new ArrayList<>();
        for (int i = 0; i < table.columns().size(); i++) {
            if (!table.columns().get(i).isFootnote()) {
                shown.add(i);
            }
        }
        List<Column> columns = new ArrayList<>();
        shown.forEach(i -> columns.add(table.columns().get(i)));
        List<List<String>> lines = new ArrayList<>();
        List<String> headers = new ArrayList<>();
        columns.forEach(column -> headers.add(TerminalText.line(column.header())));
        lines.add(headers);
        for (List<Object> row : table.rows()) {
            List<String> cells = new ArrayList<>();
            for (int i : shown) {
                cells.add(TerminalText.line(table.columns().get(i).display(row.get(i))));
            }
            lines.add(cells);
        }
        int[] widths = new int[columns.size()];
        for (List<String> line : lines) {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        }
        for (List<String> line : lines) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < widths.length; i++) {
                boolean last = i == widths.length - 1;
                String cell = line.get(i);
                if (columns.get(i).isNumeric()) {
                    text.append(Strings.padStart(cell, widths[i], ' '));
                } else {
                    text.append(last ? cell : Strings.padEnd(cell, widths[i], ' '));
                }
                if (!last) {
                    text.append(GAP);
                }
            }
            out.println(text.toString().stripTrailing());
        }
        if (table.rows().isEmpty()) {
            out.println("(none)");
        }
        writeFootnotes(table, out);
    }

    /** The non-empty cells of footnote columns, each labelled with the first cell of its row. */
    private static void writeFootnotes(Table table, PrintWriter out) {
        Column label = table.columns().get(0);
        for (int i = 0; i < table.columns().size(); i++) {
            Column column = table.columns().get(i);
            if (!column.isFootnote()) {
                continue;
            }
            boolean headed = false;
            for (List<Object> row : table.rows()) {
                Object cell = row.get(i);
                if (cell == null || cell.toString().isEmpty()) {
                    continue;
                }
                if (!headed) {
                    out.println(TerminalText.line(column.header()) + ":");
                    headed = true;
                }
                out.println(TerminalText.line("  " + label.display(row.get(0)) + ": " + column.display(cell)));
            }
        }
    }
}
