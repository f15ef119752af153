package dev.counters.examples.report;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link Report} as one JSON object, for {@link OutputFormat#JSON}:
 * <pre>{@code
 * {"command": "cost", "title": "...", "parameters": {...},
 *  "costs": [{"kind": "HIGH_PERFORMANCE", "cost_ns": 21.3, ...}, ...],
 *  "notes": ["..."]}
 * }</pre>
 * One member per table, named by the table's id, holding one object per row keyed by column id.
 */
final class JsonReports {
    private JsonReports() {}

    static void write(Report report, PrintWriter out) {
        JsonWriter json = new JsonWriter(out);
        json.beginObject();
        json.name("command").value(report.command());
        json.name("title").value(report.title());
        json.name("parameters").beginObject();
        for (Map.Entry<String, Object> parameter : report.parameters().entrySet()) {
            json.name(parameter.getKey()).value(parameter.getValue());
        }
        json.endObject();
        for (Table table : report.tables()) {
            json.name(table.id()).beginArray();
            for (List<Object> row : table.rows()) {
                json.beginObject();
                for (int i = 0; i < table.columns().size(); i++) {
                    json.name(table.columns().get(i).id()).value(row.get(i));
                }
                json.endObject();
            }
            json.endArray();
        }
        json.name("notes").value(report.notes());
        json.endObject();
        json.finish();
    }
}
