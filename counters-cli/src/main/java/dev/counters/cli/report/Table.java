package dev.counters.cli.report;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Rows of typed cells under named {@link Column}s: what every command produces, written as a
 * human table, CSV or JSON by {@link OutputFormat}. A cell is a {@link String}, a
 * {@link Number}, a {@link Boolean}, a {@link List} of those, or {@code null} for "nothing here".
 */
public final class Table {
    private final String id;
    private final String title;
    private final ImmutableList<Column> columns;
    private final ImmutableList<List<Object>> rows;

    private Table(String id, String title, List<Column> columns, List<List<Object>> rows) {
        this.id = id;
        this.title = title;
        this.columns = ImmutableList.copyOf(columns);
        this.rows = ImmutableList.copyOf(rows);
    }

    /** Starts a table with machine name {@code id} (the JSON key) and a title for people. */
    public static Builder builder(String id, String title) {
        return new Builder(id, title);
    }

    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    public List<Column> columns() {
        return columns;
    }

    /** The rows, each as long as {@link #columns()}; cells may be {@code null}. */
    public List<List<Object>> rows() {
        return rows;
    }

    /** Collects the columns, then the rows, of a {@link Table}. */
    public static final class Builder {
        private final String id;
        private final String title;
        private final List<Column> columns = new ArrayList<>();
        private final List<List<Object>> rows = new ArrayList<>();

        private Builder(String id, String title) {
            this.id = requireNonNull(id, "id");
            this.title = requireNonNull(title, "title");
        }

        public Builder column(Column column) {
            checkArgument(rows.isEmpty(), "add every column before the first row");
            columns.add(requireNonNull(column, "column"));
            return this;
        }

        /** Adds a row with one cell per column, in column order. */
        public Builder row(Object... cells) {
            checkArgument(cells.length == columns.size(),
                    "table %s has %s columns %s but the row has %s cells", id, columns.size(), columns, cells.length);
            for (Object cell : cells) {
                checkCell(cell);
            }
            rows.add(Collections.unmodifiableList(new ArrayList<>(Arrays.asList(cells))));
            return this;
        }

        public Table build() {
            checkArgument(!columns.isEmpty(), "table %s has no columns", id);
            return new Table(id, title, columns, rows);
        }

        private static void checkCell(Object cell) {
            if (cell == null || cell instanceof String || cell instanceof Number || cell instanceof Boolean) {
                return;
            }
            if (cell instanceof List) {
                ((List<?>) cell).forEach(Builder::checkCell);
                return;
            }
            throw new IllegalArgumentException("a cell must be a String, Number, Boolean, List or null, was "
                    + cell.getClass().getName() + "; convert it with toString() or name()");
        }
    }
}
