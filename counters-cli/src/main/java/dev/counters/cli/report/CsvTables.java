package dev.counters.cli.report;

import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes a {@link Report} as one rectangular CSV table (RFC 4180: comma separated, a field quoted
 * when it holds anything but letters, digits and safe punctuation, so that commas, quotes, line
 * breaks and edge spaces survive any reader), for {@link OutputFormat#CSV}, with Jackson's
 * streaming {@link CsvGenerator}. The first column, {@value #SECTION}, holds the id of the table a
 * row comes from; the other columns are every table's columns, by id, in the order they first
 * appear. A row leaves the columns of other tables empty, so a CSV reader sees one header and rows
 * of one length, and filters by section. Cells are written by {@link MachineCells}, as in JSON;
 * lists are joined with {@code ;}, an empty cell is an empty field.
 */
final class CsvTables {
    /** The id of the column that names each row's table. */
    static final String SECTION = "section";

    private static final CsvFactory FACTORY = CsvFactory.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    private CsvTables() {}

    static void write(Report report, PrintWriter out) {
        Set<String> columns = columns(report);
        CsvSchema.Builder schema = CsvSchema.builder();
        columns.forEach(schema::addColumn);
        try (CsvGenerator csv = (CsvGenerator) FACTORY.createGenerator(out)) {
            csv.setSchema(schema.build());
            // The header is a row of its own, so that a report without rows still has one.
            writeHeader(csv, columns);
            for (Table table : report.tables()) {
                for (List<Object> row : table.rows()) {
                    writeRow(csv, table, row);
                }
            }
        } catch (IOException e) {
            // A PrintWriter never throws; only a value without a CSV form could get here.
            throw new UncheckedIOException("the CSV report could not be written", e);
        }
        out.flush();
    }

    /** One row as an object keyed by column id: the generator leaves other tables' columns empty, and joins lists. */
    private static void writeRow(CsvGenerator csv, Table table, List<Object> row) throws IOException {
        csv.writeStartObject();
        csv.writeStringField(SECTION, table.id());
        for (int i = 0; i < row.size(); i++) {
            csv.writeFieldName(table.columns().get(i).id());
            MachineCells.write(csv, row.get(i), table.columns().get(i).decimals());
        }
        csv.writeEndObject();
    }

    private static void writeHeader(CsvGenerator csv, Set<String> columns) throws IOException {
        csv.writeStartArray();
        for (String column : columns) {
            csv.writeString(column);
        }
        csv.writeEndArray();
    }

    /** The section column, then every table's column ids in order of first appearance. */
    private static Set<String> columns(Report report) {
        Set<String> columns = new LinkedHashSet<>();
        columns.add(SECTION);
        for (Table table : report.tables()) {
            for (Column column : table.columns()) {
                columns.add(column.id());
            }
        }
        return columns;
    }
}
