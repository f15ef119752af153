package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ObjectArrays;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.Counters;
import dev.counters.cli.report.SvgFiles;
import dev.counters.testing.FloorProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class IsolationCommandTest {
    private static final String[] FAST = {"isolation", "--threads", "2", "--runs", "2", "--iterations", "300000"};

    @TempDir
    Path folder;

    private static String[] args(String... extra) {
        return ObjectArrays.concat(FAST, extra, String.class);
    }

    @Test
    void everyRunsThreadCpuTimeFitsInItsWallTimeAndSplitsExactly() {
        Cli.Result result = Cli.run(args("--format", "csv", "-q"));
        assertEquals(0, result.exitCode(), result.toString());
        Map<String, List<Map<String, String>>> sections = result.csvSections();
        List<Map<String, String>> runs = sections.get("runs");
        assertEquals(4, runs.size());
        assertEquals(2, runs.stream().filter(r -> r.get("phase").equals("alone")).count());
        assertEquals(2, runs.stream().filter(r -> r.get("phase").equals("loaded")).count());
        long slack = resolutionNanos(CounterKind.PERFORMANCE) + resolutionNanos(CounterKind.THREAD_TIMES);
        for (Map<String, String> run : runs) {
            long wall = Long.parseLong(run.get("wall_ns"));
            long cpu = Long.parseLong(run.get("thread_cpu_ns"));
            // The wall counter starts before and stops after the CPU counter, around one thread's work.
            assertTrue(cpu > 0 && cpu <= wall + slack, run.toString());
        }
        Map<String, String> wallSummary = sections.get("summary").get(0);
        assertEquals("wall time", wallSummary.get("measure"));
        assertEquals(Double.parseDouble(wallSummary.get("loaded_ns")) / Double.parseDouble(wallSummary.get("alone_ns")),
                Double.parseDouble(wallSummary.get("factor")), 0.005, "to the factor's two decimals, as the table shows it");
    }

    @Test
    void everyRunReportsTheKernelAndUserTimeItsCounterRead() {
        CounterRegistry registry = CounterRegistry.of(List.of(new FloorProvider(CounterKind.PERFORMANCE), new QuarterKernelProvider()));
        Cli.Result result = Cli.run(registry, args("--format", "json", "-q"));
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode runs = result.json().get("runs");
        assertEquals(4, runs.size(), runs.toString());
        for (JsonNode run : runs) {
            long cpu = run.get("thread_cpu_ns").asLong();
            // The counter reports a quarter of the CPU time as kernel time, each end's quarter truncated.
            assertTrue(cpu > 0, run.toString());
            assertEquals(cpu / 4.0, run.get("kernel_ns").asDouble(), 1, run.toString());
            assertEquals(cpu * 3 / 4.0, run.get("user_ns").asDouble(), 1, run.toString());
        }
    }

    @Test
    void tableShowsBothMeasuresInTheChosenUnitAndExplainsThem() {
        Cli.Result result = Cli.run(args("--unit", "us"));
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.out().contains("Median per run (us)"), result.out());
        assertTrue(result.out().lines().anyMatch(l -> l.startsWith("wall time ")), result.out());
        assertTrue(result.out().lines().anyMatch(l -> l.startsWith("thread CPU time ")), result.out());
        assertTrue(result.out().contains("Under load from 2 spinning threads"), result.out());
        assertTrue(result.err().contains("runs under load"), result.err());
    }

    @Test
    void loadFromAnotherProcessEndsWithTheCommand() {
        Cli.Result result = Cli.run(args("--process", "--format", "json", "-q"));
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals("process", json.get("parameters").get("load").asText());
        assertTrue(json.get("notes").get(0).asText().contains("a process (pid "), json.toString());
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "the load process is gone");
    }

    @Test
    void chartIsAValidSvg() throws Exception {
        Path svg = folder.resolve("isolation.svg");
        Cli.Result result = Cli.run(args("--chart", svg.toString(), "-q"));
        assertEquals(0, result.exitCode(), result.toString());
        Document document = SvgFiles.parse(svg);
        assertEquals("svg", document.getDocumentElement().getLocalName());
    }

    @Test
    void chartIsAValidPng() throws Exception {
        Path png = folder.resolve("isolation.png");
        Cli.Result result = Cli.run(args("--chart", png.toString(), "-q"));
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(Files.size(png) > 0);
        assertEquals(960, ImageIO.read(png.toFile()).getWidth());
    }

    private static long resolutionNanos(CounterKind kind) {
        CounterInfo info = Counters.create(kind).getInfo();
        return info.measureResolution().typical().toNanos();
    }
}
