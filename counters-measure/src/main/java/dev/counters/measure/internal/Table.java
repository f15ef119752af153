package dev.counters.measure.internal;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A small table of text cells, written for a terminal (aligned columns, numbers to the right) or as
 * a Markdown table (for a CI job summary or a pull-request comment). The reports of a comparison
 * hold their figures in these; JSON carries the same figures with their full precision.
 */
public final class Table {
    private final List<String> headers;
    private final boolean[] numeric;
    private final List<List<String>> rows = new ArrayList<>();

    /** A table with these column headers; a header that starts with {@code #} marks a right-aligned column (the mark is dropped). */
    public Table(String... headers) {
        this.numeric = new boolean[headers.length];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < headers.length; i++) {
            numeric[i] = headers[i].startsWith("#");
            names.add(numeric[i] ? headers[i].substring(1) : headers[i]);
        }
        this.headers = List.copyOf(names);
    }

    /** Adds a row, one cell per column. */
    public Table row(String... cells) {
        checkArgument(cells.length == headers.size(), "%s cells for %s columns", cells.length, headers.size());
        rows.add(List.copyOf(Arrays.asList(cells)));
        return this;
    }

    /** Whether it has no row. */
    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** Aligned columns, two spaces apart, each line starting with {@code indent}. */
    public String text(String indent) {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder text = new StringBuilder();
        line(text, indent, headers, widths);
        rows.forEach(row -> line(text, indent, row, widths));
        return text.toString();
    }

    private void line(StringBuilder text, String indent, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder(indent);
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            line.append(c == 0 ? "" : "  ").append(numeric[c] ? pad + cell : cell + pad);
        }
        text.append(line.toString().stripTrailing()).append('\n');
    }

    /** A GitHub-flavoured Markdown table ({@code |} in a cell escaped). */
    public String markdown() {
        StringBuilder text = new StringBuilder();
        text.append("| ").append(String.join(" | ", headers.stream().map(Table::escaped).toList())).append(" |\n|");
        for (boolean right : numeric) {
            text.append(right ? "---:|" : "---|");
        }
        text.append('\n');
        for (List<String> row : rows) {
            text.append("| ").append(String.join(" | ", row.stream().map(Table::escaped).toList())).append(" |\n");
        }
        return text.toString();
    }

    private static String escaped(String cell) {
        return cell.replace("|", "\\|").replace("\n", " ");
    }
}
