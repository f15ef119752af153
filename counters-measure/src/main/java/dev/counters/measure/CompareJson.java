package dev.counters.measure;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A comparison's JSON report: every figure of a {@link CompareResult} under a stable key, numbers
 * at full precision, a figure that does not exist ({@code NaN}, an empty budget) as {@code null}.
 * The keys and their meaning are listed in docs/MEASURE.md, which a test holds to this writer.
 */
final class CompareJson {
    /** See {@link CompareReport#SCHEMA_VERSION}. */
    static final int SCHEMA_VERSION = 1;
    static final JsonFactory FACTORY = new JsonFactory();

    private CompareJson() {}

    static String of(CompareResult result) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            json.setPrettyPrinter(new DefaultPrettyPrinter());
            write(result, json);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a comparison's JSON to memory", e);
        }
        return out.append('\n').toString();
    }

    /** Writes {@code result} as one JSON object to {@code json} (a suite's report holds one per task). */
    static void write(CompareResult result, JsonGenerator json) throws IOException {
        Conclusion conclusion = result.conclusion();
        json.writeStartObject();
        json.writeNumberField("schema_version", SCHEMA_VERSION);
        json.writeStringField("verdict", result.verdict().label());
        json.writeStringField("task_a", result.nameA());
        json.writeStringField("task_b", result.nameB());
        number(json, "ratio", conclusion.ratio());
        number(json, "ratio_low", conclusion.low());
        number(json, "ratio_high", conclusion.high());
        number(json, "confidence", conclusion.confidence());
        json.writeStringField("decided_by", conclusion.clock());
        json.writeStringField("summary", result.summary());
        json.writeStringField("reason", conclusion.reason());
        json.writeStringField("gate", result.gateOutcome().name().toLowerCase(java.util.Locale.ROOT));
        number(json, "a_ns_per_run", result.nanosPerRunA());
        number(json, "b_ns_per_run", result.nanosPerRunB());
        number(json, "difference_ruled_out", result.differenceRuledOut());
        if (result.budgetToDecide().isPresent()) {
            json.writeNumberField("budget_to_decide_ms", result.budgetToDecide().get().toMillis());
            json.writeNumberField("forks_to_decide", result.forksToDecide());
        } else {
            json.writeNullField("budget_to_decide_ms");
            json.writeNullField("forks_to_decide");
        }
        json.writeStringField("machine", result.machine());
        json.writeStringField("scope", result.jvms() > 0 || !result.forkRuns().isEmpty() ? "fresh JVMs" : "this JVM");
        json.writeNumberField("jvms", result.jvms());
        json.writeStringField("stopped_by", result.stoppedBy().label());
        json.writeNumberField("elapsed_ms", result.elapsed().toMillis());
        number(json, "confidence_asked", result.confidence());
        number(json, "margin", result.margin());
        number(json, "target", result.target());
        strings(json, "warnings", result.warnings());
        strings(json, "fork_jvm_options", result.forkJvmOptions());
        json.writeArrayFieldStart("forks");
        for (ForkRun run : result.forkRuns()) {
            fork(run, json);
        }
        json.writeEndArray();
        if (result.forkRuns().isEmpty()) {
            thisJvm(result, json);
        }
        json.writeEndObject();
    }

    private static void fork(ForkRun run, JsonGenerator json) throws IOException {
        json.writeStartObject();
        json.writeNumberField("number", run.number());
        json.writeStringField("status", run.status().label());
        json.writeBooleanField("counted", run.counted());
        json.writeStringField("note", run.note());
        number(json, "wall_ratio", run.wallRatio());
        number(json, "cpu_ratio", run.threadCpuRatio());
        number(json, "a_wall_ns", run.wallNanosA());
        number(json, "b_wall_ns", run.wallNanosB());
        number(json, "a_cpu_ns", run.threadCpuNanosA());
        number(json, "b_cpu_ns", run.threadCpuNanosB());
        json.writeNumberField("pairs", run.pairs());
        if (run.verdict().isPresent()) {
            json.writeStringField("verdict", run.verdict().get().label());
        } else {
            json.writeNullField("verdict");
        }
        json.writeStringField("machine", run.machine());
        json.writeNumberField("elapsed_ms", run.elapsed().toMillis());
        json.writeEndObject();
    }

    private static void thisJvm(CompareResult result, JsonGenerator json) throws IOException {
        json.writeArrayFieldStart("clocks");
        for (ClockComparison clock : result.clocks()) {
            json.writeStartObject();
            json.writeStringField("clock", clock.clock());
            json.writeStringField("verdict", clock.verdict().label());
            number(json, "ratio", clock.ratio());
            number(json, "ratio_low", clock.interval().low());
            number(json, "ratio_high", clock.interval().high());
            number(json, "confidence_achieved", clock.interval().achievedConfidence());
            json.writeNumberField("pairs", clock.pairs());
            json.writeNumberField("pairs_set_aside", clock.pairsSetAside());
            number(json, "a_median_ns", clock.medianA());
            number(json, "b_median_ns", clock.medianB());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeObjectFieldStart("run");
        json.writeStringField("order", result.order().name().toLowerCase(java.util.Locale.ROOT));
        json.writeNumberField("pairs", result.pairs());
        json.writeNumberField("invocations_per_run_a", result.invocationsPerRun());
        json.writeNumberField("invocations_per_run_b", result.invocationsPerRunB());
        number(json, "other_threads_a", result.otherThreadShareA());
        number(json, "other_threads_b", result.otherThreadShareB());
        json.writeNumberField("collected_runs_a", result.collectedRunsA());
        json.writeNumberField("collected_runs_b", result.collectedRunsB());
        number(json, "overhead_wall_ns", result.overhead().wallNanos());
        number(json, "overhead_cpu_ns", result.overhead().threadCpuNanos());
        json.writeStringField("noise", result.noise().summary());
        strings(json, "preparation", result.preparation().stream().map(Object::toString).toList());
        json.writeStringField("warm_up_a", result.warmUpA().toString());
        json.writeStringField("warm_up_b", result.warmUpB().toString());
        json.writeEndObject();
    }

    private static void number(JsonGenerator json, String key, double value) throws IOException {
        if (Double.isFinite(value)) {
            json.writeNumberField(key, value);
        } else {
            json.writeNullField(key);
        }
    }

    private static void strings(JsonGenerator json, String key, List<String> values) throws IOException {
        json.writeArrayFieldStart(key);
        for (String value : values) {
            json.writeString(value);
        }
        json.writeEndArray();
    }
}
