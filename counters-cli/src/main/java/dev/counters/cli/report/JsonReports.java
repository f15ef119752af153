package dev.counters.cli.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link Report} as one JSON object, for {@link OutputFormat#JSON}, with Jackson's
 * streaming {@link JsonGenerator}, indented two spaces:
 * <pre>{@code
 * {"command": "cost", "title": "...", "parameters": {...},
 *  "costs": [{"kind": "HIGH_PERFORMANCE", "cost_ns": 21.3, ...}, ...],
 *  "notes": ["..."]}
 * }</pre>
 * One member per table, named by the table's id, holding one object per row keyed by column id;
 * cells are written by {@link MachineCells}, as in CSV. A report's {@link Report#headlineTable()
 * headline figures} are top-level members after {@code command} instead.
 */
final class JsonReports {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();
    private static final DefaultIndenter TWO_SPACES = new DefaultIndenter("  ", "\n");

    private JsonReports() {}

    static void write(Report report, PrintWriter out) {
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            json.setPrettyPrinter(prettyPrinter());
            writeReport(report, json);
        } catch (IOException e) {
            // A PrintWriter never throws; only a value without a JSON form could get here.
            throw new UncheckedIOException("the JSON report could not be written", e);
        }
        out.println();
        out.flush();
    }

    private static void writeReport(Report report, JsonGenerator json) throws IOException {
        json.writeStartObject();
        json.writeStringField("command", report.command());
        Table headline = report.headlineTable().orElse(null);
        if (headline != null) {
            writeMembers(headline, headline.rows().get(0), json);
        }
        json.writeStringField("title", report.title());
        json.writeObjectFieldStart("parameters");
        for (Map.Entry<String, Object> parameter : report.parameters().entrySet()) {
            json.writeFieldName(parameter.getKey());
            MachineCells.write(json, parameter.getValue());
        }
        json.writeEndObject();
        for (Table table : report.tables()) {
            if (table == headline) {
                continue;
            }
            json.writeArrayFieldStart(table.id());
            for (List<Object> row : table.rows()) {
                json.writeStartObject();
                writeMembers(table, row, json);
                json.writeEndObject();
            }
            json.writeEndArray();
        }
        json.writeFieldName("notes");
        MachineCells.write(json, report.notes());
        json.writeEndObject();
    }

    /** One member per column of {@code row}, keyed by column id. */
    private static void writeMembers(Table table, List<Object> row, JsonGenerator json) throws IOException {
        for (int i = 0; i < table.columns().size(); i++) {
            json.writeFieldName(table.columns().get(i).id());
            MachineCells.write(json, row.get(i), table.columns().get(i).decimals());
        }
    }

    /** {@code "name": value}, every member and element on a line of its own, two spaces a level. */
    private static DefaultPrettyPrinter prettyPrinter() {
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        return new DefaultPrettyPrinter(separators).withObjectIndenter(TWO_SPACES).withArrayIndenter(TWO_SPACES);
    }
}
