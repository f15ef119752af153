package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import dev.counters.measure.internal.Table;
import dev.counters.measure.internal.Wording;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * A suite's report ({@link CompareSuite}, one comparison per task): as text, Markdown and JSON,
 * as {@link CompareReport} renders one comparison. Each opens with the suite's answer in one
 * sentence ({@link SuiteResult#summary()}), then one table, a row per task: its gate outcome,
 * verdict, B/A and interval, and the time per run of A and of B; then each task's own answer (the
 * text has each task's whole report). The command line, the Maven plugin and a test print these.
 */
public final class SuiteReport {
    private SuiteReport() {}

    /** The report for a terminal: the summary, the table, then each task's report. */
    public static String text(SuiteResult suite) {
        requireNonNull(suite, "suite");
        StringBuilder text = new StringBuilder(suite.summary()).append("\n\n").append(table(suite).text(""));
        for (SuiteResult.TaskOutcome task : suite.tasks()) {
            text.append("\n== ").append(task.task()).append('\n');
            text.append(task.result().map(CompareReport::text)
                    .orElseGet(() -> "failed: " + task.failure().orElseThrow().getMessage() + "\n"));
        }
        return text.toString();
    }

    /** The report in Markdown: the suite's answer in bold, the table, each task's answer in one sentence. */
    public static String markdown(SuiteResult suite) {
        requireNonNull(suite, "suite");
        StringBuilder text = new StringBuilder("**").append(suite.summary()).append("**\n\n")
                .append(table(suite).markdown()).append('\n');
        for (SuiteResult.TaskOutcome task : suite.tasks()) {
            text.append("- `").append(task.task()).append("`: ").append(task.result().map(CompareResult::summary)
                    .orElseGet(() -> "failed: " + task.failure().orElseThrow().getMessage())).append('\n');
        }
        return text.toString();
    }

    /**
     * The report in JSON: {@code schema_version}, {@code gate}, {@code summary}, {@code margin},
     * {@code elapsed_ms}, and {@code tasks}, each with its {@code task} name, {@code gate}, and its
     * comparison as {@link CompareReport#json} writes it ({@code comparison}) or its {@code failure}.
     */
    public static String json(SuiteResult suite) {
        requireNonNull(suite, "suite");
        StringWriter out = new StringWriter();
        try (JsonGenerator json = CompareJson.FACTORY.createGenerator(out)) {
            json.setPrettyPrinter(new DefaultPrettyPrinter());
            json.writeStartObject();
            json.writeNumberField("schema_version", CompareJson.SCHEMA_VERSION);
            json.writeStringField("gate", suite.gateOutcome().name().toLowerCase(Locale.ROOT));
            json.writeStringField("summary", suite.summary());
            json.writeNumberField("margin", suite.margin());
            json.writeNumberField("elapsed_ms", suite.elapsed().toMillis());
            json.writeArrayFieldStart("tasks");
            for (SuiteResult.TaskOutcome task : suite.tasks()) {
                json.writeStartObject();
                json.writeStringField("task", task.task());
                json.writeStringField("gate", task.gateOutcome().name().toLowerCase(Locale.ROOT));
                if (task.result().isPresent()) {
                    json.writeFieldName("comparison");
                    CompareJson.write(task.result().get(), json);
                } else {
                    json.writeStringField("failure", String.valueOf(task.failure().orElseThrow().getMessage()));
                }
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a suite's JSON to memory", e);
        }
        return out.append('\n').toString();
    }

    /** A row per task: the figures a reader acts on. */
    private static Table table(SuiteResult suite) {
        Table table = new Table("task", "gate", "verdict", "#B/A", "interval", "clock", "#A per run", "#B per run", "over");
        for (SuiteResult.TaskOutcome task : suite.tasks()) {
            if (task.result().isEmpty()) {
                table.row(task.task(), task.gateOutcome().name(), "failed", "-", "-", "-", "-", "-", "-");
                continue;
            }
            CompareResult result = task.result().get();
            Conclusion conclusion = result.conclusion();
            table.row(task.task(), task.gateOutcome().name(), result.verdict().label(), Wording.ratio(conclusion.ratio()),
                    "[" + Wording.ratio(conclusion.low()) + ", " + Wording.ratio(conclusion.high()) + "]", conclusion.clock(),
                    Wording.nanos(result.nanosPerRunA()), Wording.nanos(result.nanosPerRunB()),
                    result.jvms() > 0 ? result.jvms() + " JVMs" : result.forkRuns().isEmpty() ? "this JVM" : "no JVM counted");
        }
        return table;
    }
}
