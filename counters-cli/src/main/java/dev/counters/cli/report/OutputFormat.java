package dev.counters.cli.report;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How a {@link Report} is written: a table for people, Markdown for CI summaries, CSV or JSON for machines. */
public enum OutputFormat {
    /** Aligned columns with titles, parameters and notes, for a terminal. */
    TABLE {
        @Override
        public void write(Report report, PrintWriter out) {
            TextTables.write(report, out);
        }

        @Override
        public boolean writeHeading(Report report, PrintWriter out) {
            if (report.headline().isPresent()) {
                return false;
            }
            TextTables.writeHeading(report, out);
            return true;
        }

        @Override
        public void writeAfterHeading(Report report, PrintWriter out) {
            TextTables.writeRest(report, out);
        }
    },
    /** One rectangular RFC 4180 table: a {@code section} column naming each row's table, then every table's columns. */
    CSV {
        @Override
        public void write(Report report, PrintWriter out) {
            CsvTables.write(report, out);
        }
    },
    /**
     * Markdown, for a CI job summary or a pull-request comment: {@code counters compare} writes the
     * library's Markdown report; the other commands their table format in a fenced block.
     */
    MARKDOWN {
        @Override
        public void write(Report report, PrintWriter out) {
            out.println("```");
            TextTables.write(report, out);
            out.println("```");
            out.flush();
        }
    },
    /** One JSON object: command, parameters, one array of row objects per table, notes. */
    JSON {
        @Override
        public void write(Report report, PrintWriter out) {
            JsonReports.write(report, out);
        }
    };

    /** Writes {@code report} to {@code out} and flushes it. */
    public abstract void write(Report report, PrintWriter out);

    /**
     * Writes what {@code report} says before any figure (a table's title and parameters), before
     * the figures exist, so that a run cut short where nothing can report it still shows what ran;
     * {@link #writeAfterHeading} then writes the rest. Only the table format does, for a report
     * without a headline: CSV and JSON are one document, written whole by {@link #write}.
     *
     * @return whether a heading was written
     */
    public boolean writeHeading(Report report, PrintWriter out) {
        return false;
    }

    /** Writes {@code report} after {@link #writeHeading} wrote its heading (and returned true). */
    public void writeAfterHeading(Report report, PrintWriter out) {
        write(report, out);
    }

    /** The name users type: {@code table}, {@code csv}, {@code markdown}, {@code json}. */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The names {@link #parse} accepts, for messages. */
    public static String choices() {
        return Arrays.stream(values()).map(OutputFormat::optionName).collect(Collectors.joining(", ")) + " (text is table)";
    }

    /**
     * The format named {@code name}, ignoring case; {@code text} is the table format's other name.
     *
     * @throws IllegalArgumentException naming the accepted formats
     */
    public static OutputFormat parse(String name) {
        if (name.trim().equalsIgnoreCase("text")) {
            return TABLE;
        }
        for (OutputFormat format : values()) {
            if (format.optionName().equalsIgnoreCase(name.trim())) {
                return format;
            }
        }
        throw new IllegalArgumentException("unknown format '" + name + "'; use one of: " + choices());
    }
}
