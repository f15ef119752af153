package dev.counters.cli.report;

import static java.util.Objects.requireNonNull;

/**
 * One column of a {@link Table}: a machine name ({@code cost_ns}, used as the CSV header and the
 * JSON key), a header for people ({@code ns/pair}) and how its cells read in the human table.
 */
public final class Column {
    private final String id;
    private final String header;
    private final CellFormat format;
    private final boolean numeric;
    private final boolean footnote;

    private Column(String id, String header, CellFormat format, boolean numeric, boolean footnote) {
        this.id = requireNonNull(id, "id");
        this.header = requireNonNull(header, "header");
        this.format = requireNonNull(format, "format");
        this.numeric = numeric;
        this.footnote = footnote;
    }

    /** A left-aligned column of text, booleans or lists. */
    public static Column text(String id, String header) {
        return new Column(id, header, CellFormat.TEXT, false, false);
    }

    /** A right-aligned column of numbers, shown to people through {@code format}. */
    public static Column number(String id, String header, CellFormat format) {
        return new Column(id, header, format, true, false);
    }

    /**
     * A column of long, occasional text (remarks, reasons): the human table lists its non-empty
     * cells under the table, each labelled with its row's first cell, instead of widening every row.
     */
    public static Column footnote(String id, String header) {
        return new Column(id, header, CellFormat.TEXT, false, true);
    }

    /** The machine name: CSV header, JSON key. */
    public String id() {
        return id;
    }

    /** The header of the human table. */
    public String header() {
        return header;
    }

    /** Decimals a fractional cell keeps in CSV and JSON: its format's {@link CellFormat#decimals()}. */
    public int decimals() {
        return format.decimals();
    }

    /** Whether cells are numbers (right-aligned in the human table). */
    public boolean isNumeric() {
        return numeric;
    }

    /** Whether the human table shows this column as notes under the table rather than in it. */
    public boolean isFootnote() {
        return footnote;
    }

    /** How {@code value} reads in the human table; an empty cell (or list) reads {@code -}. */
    public String display(Object value) {
        if (value == null || value instanceof java.util.List && ((java.util.List<?>) value).isEmpty()) {
            return "-";
        }
        return format.format(value);
    }

    @Override
    public String toString() {
        return id;
    }
}
