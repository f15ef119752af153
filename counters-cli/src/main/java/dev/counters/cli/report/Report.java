package dev.counters.cli.report;

import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one command found: its {@link Table}s, the parameters it ran with, and notes that tell a
 * person what the figures mean. {@link OutputFormat} writes it for people or machines.
 */
public final class Report {
    private static final java.util.Set<String> RESERVED_IDS = java.util.Set.of("command", "title", "parameters", "notes");
    private final String command;
    private final String title;
    private final ImmutableMap<String, Object> parameters;
    private final ImmutableList<Table> tables;
    private final ImmutableList<String> notes;
    private final String headline;
    private final ImmutableList<String> leads;

    private Report(Builder builder) {
        this.headline = builder.headline;
        this.leads = ImmutableList.copyOf(builder.leads);
        this.command = builder.command;
        this.title = builder.title;
        this.parameters = ImmutableMap.copyOf(builder.parameters);
        this.tables = ImmutableList.copyOf(builder.tables);
        this.notes = ImmutableList.copyOf(builder.notes);
    }

    /**
     * The one-line answer people read first, if the command has one (e.g. compare's verdict);
     * its figures are the first table, {@link #headlineTable()}.
     */
    public java.util.Optional<String> headline() {
        return java.util.Optional.ofNullable(headline);
    }

    /**
     * The figures of the {@link #headline()}: the first table, one row, whose cells JSON writes as
     * top-level members and CSV as its own section; empty without a headline.
     */
    public java.util.Optional<Table> headlineTable() {
        return headline == null ? java.util.Optional.empty() : java.util.Optional.of(tables.get(0));
    }

    /**
     * Lines a person reads right after the {@link #headline()}, before the title and the details
     * (compare's time per run of A and of B, the machine's state): the table format prints them
     * there; their figures are in the tables, which is what CSV and JSON carry.
     */
    public List<String> leads() {
        return leads;
    }

    /** Starts the report of {@code command} (e.g. {@code "cost"}) with a title for people. */
    public static Builder builder(String command, String title) {
        return new Builder(command, title);
    }

    public String command() {
        return command;
    }

    public String title() {
        return title;
    }

    /** What the command ran with, in the order given: numbers, text or booleans. */
    public Map<String, Object> parameters() {
        return parameters;
    }

    public List<Table> tables() {
        return tables;
    }

    /** Sentences for people about what the figures show. */
    public List<String> notes() {
        return notes;
    }

    /** Collects a {@link Report}. */
    public static final class Builder {
        private final String command;
        private final String title;
        private final Map<String, Object> parameters = new LinkedHashMap<>();
        private final List<Table> tables = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();
        private final List<String> leads = new ArrayList<>();
        private String headline;

        private Builder(String command, String title) {
            this.command = requireNonNull(command, "command");
            this.title = requireNonNull(title, "title");
        }

        /** Records a parameter the command ran with; {@code value} is a String, Number or Boolean. */
        public Builder parameter(String name, Object value) {
            requireNonNull(value, name);
            if (!(value instanceof String || value instanceof Number || value instanceof Boolean)) {
                throw new IllegalArgumentException("parameter " + name + " must be a String, Number or Boolean");
            }
            parameters.put(name, value);
            return this;
        }

        /**
         * Adds a table; its id becomes a JSON member, so it must not be a reserved name or repeat
         * another, and no column may be called {@code section}, the CSV column that names the table.
         */
        public Builder table(Table table) {
            requireNonNull(table, "table");
            if (table.columns().stream().anyMatch(column -> column.id().equals(CsvTables.SECTION))) {
                throw new IllegalArgumentException("table " + table.id() + " has a column '" + CsvTables.SECTION
                        + "', the CSV column that names each row's table; call it something else");
            }
            if (RESERVED_IDS.contains(table.id()) || tables.stream().anyMatch(t -> t.id().equals(table.id()))
                    || headline != null && tables.get(0).columns().stream().anyMatch(c -> c.id().equals(table.id()))) {
                throw new IllegalArgumentException("table id '" + table.id() + "' is taken; avoid " + RESERVED_IDS
                        + " and the ids of the other tables");
            }
            tables.add(table);
            return this;
        }

        /**
         * Sets the answer people read first: {@code sentence} heads the text table, and
         * {@code figures} (one row) becomes the first table: top-level members in JSON, its own
         * section in CSV. Call it before any {@link #table}.
         */
        public Builder headline(String sentence, Table figures) {
            requireNonNull(sentence, "sentence");
            requireNonNull(figures, "figures");
            if (headline != null || !tables.isEmpty()) {
                throw new IllegalStateException("the headline comes once, before the tables");
            }
            if (figures.rows().size() != 1) {
                throw new IllegalArgumentException("the headline's figures are one row, not " + figures.rows().size());
            }
            for (Column column : figures.columns()) {
                if (RESERVED_IDS.contains(column.id())) {
                    throw new IllegalArgumentException("headline column '" + column.id() + "' is taken; avoid " + RESERVED_IDS);
                }
            }
            table(figures);
            headline = sentence;
            return this;
        }

        /** Adds a line after the headline (see {@link Report#leads()}); call {@link #headline} first. */
        public Builder lead(String line) {
            if (headline == null) {
                throw new IllegalStateException("a lead line follows the headline: call headline(...) first");
            }
            leads.add(requireNonNull(line, "line"));
            return this;
        }

        public Builder note(String note) {
            notes.add(requireNonNull(note, "note"));
            return this;
        }

        public Report build() {
            return new Report(this);
        }
    }
}
