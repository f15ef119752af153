package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ObjectArrays;
import dev.counters.CounterKind;
import dev.counters.Counters;
import dev.counters.cli.report.SvgFiles;
import dev.counters.measure.Task;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import dev.counters.measure.Statistics;

class MeasureCommandTest {
    private static final String[] FAST = {"measure", "--runs", "3", "--trim", "0", "--warm-up", "20ms", "-q"};

    @TempDir
    Path folder;

    private static String[] args(String... extra) {
        return ObjectArrays.concat(FAST, extra, String.class);
    }

    @Test
    void jsonHoldsStatisticsSideBySideThatAgreeWithTheRuns() {
        Cli.Result result = Cli.run(args("--iterations", "200000", "--format", "json"));
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        JsonNode statistics = json.get("statistics");
        assertEquals(4, statistics.size());
        JsonNode runs = json.get("runs");
        assertEquals(3, runs.size());
        String[][] series = {
            {"unprepared", "wall", "unprepared_wall_ns"}, {"prepared", "wall", "prepared_wall_ns"},
            {"unprepared", "thread CPU", "unprepared_cpu_ns"}, {"prepared", "thread CPU", "prepared_cpu_ns"},
        };
        for (int i = 0; i < series.length; i++) {
            JsonNode row = statistics.get(i);
            assertEquals(series[i][0], row.get("preparation").asText());
            assertEquals(series[i][1], row.get("measure").asText());
            assertEquals(3, row.get("count").asInt());
            List<Double> samples = new ArrayList<>();
            String column = series[i][2];
            runs.forEach(run -> samples.add(run.get(column).asDouble()));
            samples.sort(null);
            assertEquals(samples.get(0), row.get("min_ns").asDouble(), 1e-6, row.toString());
            assertEquals(samples.get(2), row.get("max_ns").asDouble(), 1e-6, row.toString());
            assertEquals(samples.get(1), row.get("median_ns").asDouble(), 1e-6, row.toString());
            double mean = (samples.get(0) + samples.get(1) + samples.get(2)) / 3;
            assertEquals(mean, row.get("mean_ns").asDouble(), 1e-6 * mean, row.toString());
            assertTrue(row.get("ci95_low_ns").asDouble() <= mean && mean <= row.get("ci95_high_ns").asDouble());
        }
        // The kernel keeps the two clocks apart (the scheduler's clock, the clocksource): the thread's CPU clock ran
        // up to 0.5 ms ahead of the wall clock between two readings on the 2-vCPU VM, hence a millisecond more.
        long slack = Counters.create(CounterKind.PERFORMANCE).getInfo().measureResolution().typical().toNanos()
                + Counters.create(CounterKind.THREAD_TIMES).getInfo().measureResolution().typical().toNanos() + 1_000_000L;
        for (JsonNode run : runs) {
            assertTrue(run.get("prepared_cpu_ns").asDouble() <= run.get("prepared_wall_ns").asDouble() + slack, run.toString());
        }
        List<String> steps = new ArrayList<>();
        json.get("preparation").forEach(step -> steps.add(step.get("step").asText()));
        assertEquals(List.of("warm-up", "pin", "raise priority"), steps);
        JsonNode noise = json.get("noise");
        assertEquals(2, noise.size());
        assertEquals("unprepared", noise.get(0).get("phase").asText());
        assertEquals("prepared", noise.get(1).get("phase").asText());
        for (JsonNode phase : noise) {
            assertEquals(3, phase.get("reference_timings").asInt(), "one reference timing after each run");
            String summary = phase.get("summary").asText();
            assertTrue(summary.startsWith(phase.get("machine").asText() + ":") && summary.contains("this machine drifted"),
                    phase.toString());
            assertTrue(List.of("quiet", "loaded").contains(phase.get("machine").asText()), phase.toString());
            assertTrue(phase.get("reference_cpu_min_ns").asDouble() > 0, phase.toString());
        }
    }

    @Test
    void tableShowsBothPreparationsAndTheLesson() {
        Cli.Result result = Cli.run(args("--iterations", "100000", "--unit", "us"));
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.out().contains("Statistics side by side (us)"), result.out());
        assertTrue(result.out().lines().anyMatch(l -> l.startsWith("unprepared   wall")), result.out());
        assertTrue(result.out().lines().anyMatch(l -> l.startsWith("prepared     thread CPU")), result.out());
        assertTrue(result.out().contains("best unprepared run"), result.out());
    }

    @Test
    void runsTheUsersTaskFromTheClassPath() {
        int before = TestTasks.Tiny.RUNS.get();
        Cli.Result result = Cli.run(args("--task", TestTasks.Tiny.class.getName(), "--format", "csv"));
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(TestTasks.Tiny.RUNS.get() - before >= 6, "3 unprepared + 3 prepared runs + the warm-up");
        List<Map<String, String>> statistics = result.csvSections().get("statistics");
        assertEquals(4, statistics.size());
        assertEquals(2, result.csvSections().get("noise").size());
    }

    @Test
    void runsTheUsersTaskFromAnotherClassPath() throws Exception {
        Path source = Files.createDirectories(folder.resolve("src/ext")).resolve("ExtTask.java");
        Files.writeString(source, "package ext;\n"
                + "public class ExtTask implements dev.counters.measure.Task {\n"
                + "    public Object run() { return 42; }\n"
                + "}\n");
        Path classes = Files.createDirectories(folder.resolve("classes"));
        String taskJar = Path.of(Task.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-classpath", taskJar, "-d", classes.toString(), source.toString()));

        Cli.Result result = Cli.run(args("--task", "ext.ExtTask", "--class-path", classes.toString(), "--format", "json"));
        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("ext.ExtTask", result.json().get("parameters").get("task").asText());
    }

    @Test
    void chartIsAValidSvg() throws Exception {
        Path svg = folder.resolve("measure.svg");
        Cli.Result result = Cli.run(args("--iterations", "50000", "--chart", svg.toString()));
        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("svg", SvgFiles.parse(svg).getDocumentElement().getLocalName());
    }
}
