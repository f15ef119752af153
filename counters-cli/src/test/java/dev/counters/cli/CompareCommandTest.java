package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.counters.cli.report.SvgFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Short runs of {@code counters compare} on the built-in workload. Only verdicts on a difference far
 * beyond any noise are asserted (B = 2 x A); the precision trials are {@code scripts/compare-trials.sh}.
 */
class CompareCommandTest {
    /** A ~0.4 ms task against twice its work, 2 s at most. */
    private static final String[] TWICE = {"compare", "--iterations-a", "200000", "--iterations-b", "400000",
        "--warm-up", "200ms", "--target", "5%", "--forks", "0", "-q"};

    @TempDir
    Path folder;

    private static String[] args(String... extra) {
        String[] all = Arrays.copyOf(TWICE, TWICE.length + extra.length);
        System.arraycopy(extra, 0, all, TWICE.length, extra.length);
        return all;
    }

    @Test
    void helpNamesEveryVerdictAndTheEarlyStopWithoutFormatWarnings() throws Exception {
        Path help = folder.resolve("help.txt");
        Cli.Result result = Cli.runInNewJvm(ProcessBuilder.Redirect.to(help.toFile()), "compare", "--help");
        String text = Files.readString(help).replaceAll("\\s+", " ");
        assertEquals(0, result.exitCode(), result.toString());
        assertFalse(result.err().contains("picocli WARN"), result.err());
        assertFalse(text.contains("%%"), text);
        for (String expected : new String[] {"0.25%)", "99%)", "too_noisy", "clocks_disagree", "too_few", "--by",
            "--fail-if", "--format"}) {
            assertTrue(text.contains(expected), expected + " in " + text);
        }
    }

    @Test
    void aTargetNoOneMeansIsQuestioned() {
        Cli.Result result = Cli.run("compare", "--target", "30%", "-q");
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--target: ") && result.err().contains("did you mean 0.003 (0.3%)?"), result.err());
        assertFalse(result.err().contains("\tat "), "no stack trace: " + result.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"1ns", "3ns", "50ms"})
    void aBudgetTooShortForAComparisonIsAUsersMistake(String budget) {
        Cli.Result result = Cli.run(args("--budget", budget));
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--budget: the budget must be at least 100 ms"), result.err());
        assertFalse(result.err().contains("\tat "), "no stack trace: " + result.err());
    }

    @Test
    void byDefaultItRunsInFreshJvmsAndSaysForHowMany() {
        Cli.Result result = Cli.run("compare", "--iterations-a", "200000", "--iterations-b", "400000", "--forks", "3",
                "--budget", "12s", "--format", "json", "-q");
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals(List.of("schema_version", "verdict", "task_a", "task_b", "ratio", "ratio_low", "ratio_high"),
                fieldNames(json).subList(0, 7), "the answer first");
        assertEquals("slower", json.get("verdict").asText(), json.toString());
        assertEquals("fresh JVMs", json.get("scope").asText());
        // Three, not two: over two JVMs Student's t has one degree of freedom (63.7 at 99%), and a
        // loaded machine's spread between two forks alone left a true 2.0 "too_noisy".
        assertEquals(3, json.get("forks").size(), "a row per JVM");
        long counted = 0;
        for (JsonNode fork : json.get("forks")) {
            counted += fork.get("counted").asBoolean() ? 1 : 0;
        }
        assertEquals(counted, json.get("jvms").asInt(), "the JVMs the answer counts are the rows counted");
        double ratio = json.get("ratio").asDouble();
        assertTrue(ratio > 1.6 && ratio < 2.5 && json.get("ratio_low").asDouble() > 1, json.toString());
        for (String key : new String[] {"schema_version", "verdict", "ratio", "ratio_low", "ratio_high", "decided_by", "reason",
            "machine", "scope", "forks", "confidence", "stopped_by", "summary", "a_ns_per_run", "b_ns_per_run",
            "difference_ruled_out", "fork_jvm_options", "jvms"}) {
            assertTrue(json.has(key), key + " in " + json);
        }
        for (JsonNode fork : json.get("forks")) {
            for (String key : new String[] {"number", "status", "counted", "wall_ratio", "cpu_ratio", "a_wall_ns", "b_wall_ns",
                "a_cpu_ns", "b_cpu_ns", "pairs", "verdict", "note"}) {
                assertTrue(fork.has(key), key + " in " + fork);
            }
            if (fork.get("counted").asBoolean()) {
                double forkRatio = fork.get("b_cpu_ns").asDouble() / fork.get("a_cpu_ns").asDouble();
                assertEquals(fork.get("cpu_ratio").asDouble(), forkRatio, 0.1 * forkRatio, "the fork's times agree with its ratio");
            }
        }
    }

    @Test
    void aTaskShorterThanTheClocksStepIsBatchedNotRefused() {
        // Issue 32, item 8: one xorshift step against one ended with exit 1 and "run 2 of A took 0.0 ns".
        Cli.Result result = Cli.run("compare", "--iterations-a", "1", "--iterations-b", "1", "--budget", "2s", "--warm-up",
                "200ms", "--forks", "0", "--format", "json", "-q");
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode run = result.json().get("run");
        assertTrue(run.get("invocations_per_run_a").asLong() > 1 && run.get("invocations_per_run_b").asLong() > 1,
                run.toString());
        // No assertion on the verdict: in one JVM two call sites of one tiny task can differ by a fraction
        // of a percent, which thousands of pairs resolve (CI once saw "faster", 0.18% to 0.89%): that the
        // interval of a single JVM does not hold across JVMs is issue #28's to close, measured in
        // scripts/compare-trials.sh, not pinned in a unit test that would fail by chance.
    }

    @Test
    void inThisJvmOnlyTheReportSaysSo() {
        Cli.Result result = Cli.run(args("--budget", "1s", "--format", "json"));
        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("this JVM", result.json().get("scope").asText());
        assertEquals(2, Cli.run("compare", "--forks", "2", "--every-pair", "-q").exitCode(), "--every-pair shows one JVM's pairs");
        assertEquals(2, Cli.run("compare", "--forks", "1", "-q").exitCode(), "an interval between JVMs needs two");
    }

    @Test
    void twiceTheWorkIsSlowerOnEveryClockAndTheJsonSaysSo() {
        Cli.Result result = Cli.run(args("--budget", "2s", "--format", "json"));
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals("slower", json.get("verdict").asText(), json.toString());
        assertTrue(Set.of("wall", "thread CPU").contains(json.get("decided_by").asText()), json.toString());
        assertTrue(Set.of("quiet", "loaded").contains(json.get("machine").asText()), json.toString());
        assertTrue(1 < json.get("ratio_low").asDouble() && json.get("ratio_low").asDouble() <= json.get("ratio").asDouble()
                && json.get("ratio").asDouble() <= json.get("ratio_high").asDouble(), json.toString());
        assertTrue(json.get("summary").asText().startsWith("B takes "), json.toString());
        assertEquals("regressed", json.get("gate").asText(), "slower is what a gate fails on");
        double perRun = json.get("b_ns_per_run").asDouble() / json.get("a_ns_per_run").asDouble();
        assertTrue(perRun > 1.5 && perRun < 2.5, "twice the steps, about twice the time per run: " + perRun);
        JsonNode clocks = json.get("clocks");
        assertEquals(2, clocks.size());
        List<String> names = new ArrayList<>();
        boolean loaded = json.get("machine").asText().equals("loaded");
        for (JsonNode clock : clocks) {
            names.add(clock.get("clock").asText());
            // A loaded machine's preemptions can leave wall time too noisy even for twice the work: thread CPU time decides.
            if (loaded && clock.get("clock").asText().equals("wall")) {
                continue;
            }
            assertEquals("slower", clock.get("verdict").asText(), clock.toString());
            double low = clock.get("ratio_low").asDouble();
            double ratio = clock.get("ratio").asDouble();
            double high = clock.get("ratio_high").asDouble();
            assertTrue(1 < low && low <= ratio && ratio <= high, clock.toString());
            assertTrue(ratio > 1.5 && ratio < 2.5, "twice the steps, about twice the time: " + clock);
            // A loaded machine may spend the 2 s budget before the fewest pairs a stopping rule waits for (32).
            if (!json.get("stopped_by").asText().equals("budget")) {
                assertTrue(clock.get("pairs").asInt() + clock.get("pairs_set_aside").asInt() >= 30, clock.toString());
            }
        }
        assertEquals(List.of("wall", "thread CPU"), names);
        JsonNode run = json.get("run");
        assertTrue(Set.of("decided", "target", "budget").contains(json.get("stopped_by").asText()), json.toString());
        assertEquals(clocks.get(1).get("pairs").asInt(), run.get("pairs").asInt());
        assertEquals("alternating", run.get("order").asText());
        assertTrue(run.get("noise").asText().startsWith(json.get("machine").asText() + ": "), run.toString());
    }

    @Test
    void comparesTheUsersTasks() {
        Cli.Result result = Cli.run("compare", "--task-a", TestTasks.Tiny.class.getName(), "--task-b",
                TestTasks.TinyTwice.class.getName(), "--budget", "1s", "--warm-up", "100ms", "--target", "20%", "-q",
                "--format", "json", "--forks", "0");
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals(TestTasks.Tiny.class.getName(), json.get("task_a").asText());
        assertEquals(TestTasks.TinyTwice.class.getName(), json.get("task_b").asText());
        assertEquals("slower", json.get("clocks").get(1).get("verdict").asText(), json.get("clocks").toString());
    }
    @ParameterizedTest
    @ValueSource(strings = {"svg", "png"})
    void chartsThePerPairRatios(String format) throws Exception {
        Path chart = folder.resolve("ratios." + format);
        Cli.Result result = Cli.run(args("--budget", "1s", "--chart", chart.toString()));
        assertEquals(0, result.exitCode(), result.toString());
        if (format.equals("svg")) {
            assertEquals("svg", SvgFiles.parse(chart).getDocumentElement().getLocalName());
            String text = Files.readString(chart);
            assertTrue(text.contains("median ") && text.contains("interval "), "median and interval labelled");
            assertTrue(text.contains("wall B/A") && text.contains("thread CPU B/A"));
        } else {
            assertEquals(960, ImageIO.read(chart.toFile()).getWidth());
        }
    }

    @Test
    void badOptionsAreUsageErrors() {
        assertUsageError("--task-a and --task-b", "compare", "--task-a", TestTasks.Tiny.class.getName());
        assertUsageError("--class-path needs", "compare", "--class-path", folder.toString());
        assertUsageError("--target: the target is a share", "compare", "--target", "0");
        assertUsageError("did you mean 1%?", "compare", "--target", "1");
        assertUsageError("not a share; write it as 0.0025 or 0.25%", "compare", "--target", "one");
        assertUsageError("--confidence", "compare", "--confidence", "100");
        assertUsageError("'-1' is not a share from 0 to below 1", "compare", "--margin", "-1");
        assertUsageError("--min-pairs: at least 8 pairs", "compare", "--min-pairs", "7");
        assertUsageError("'--budget': must be more than 0", "compare", "--budget", "0s");
        assertUsageError("'--warm-up': must be more than 0", "compare", "--warm-up", "0ms");
        assertUsageError("unknown order 'random'; use alternating, sequential or duet", "compare", "--order", "random");
        assertUsageError("--iterations-b", "compare", "--iterations-b", "0");
        assertUsageError("leave --unit out", "compare", "--unit", "us");
    }

    private static List<String> fieldNames(JsonNode json) {
        List<String> names = new ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static void assertUsageError(String message, String... args) {
        Cli.Result result = Cli.run(args);
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains(message), result.err());
    }

    @Test
    void aTimeoutBeforeTheEndSaysSoAndExitsThree() {
        // Runs of about 30 ms: within 1 s fewer pairs than --min-pairs (30) are done, so nothing may stop it but the timeout.
        Cli.Result result = Cli.run("compare", "--iterations-a", "20000000", "--iterations-b", "20000000", "--warm-up", "200ms",
                "--target", "0.001%", "--budget", "4s", "--timeout", "1s", "--format", "json", "-q", "--forks", "0");
        assertEquals(3, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--timeout"), result.err());
    }
    @Test
    void aFailingTaskIsNamedExitTwo() {
        Cli.Result result = Cli.run("compare", "--task-a", TestTasks.Tiny.class.getName(), "--task-b",
                TestTasks.ThrowsWhileRunning.class.getName(), "--budget", "1s", "-q", "--forks", "0");
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains(TestTasks.ThrowsWhileRunning.class.getName()), result.err());
        assertTrue(result.err().contains("input.csv: No such file"), result.err());
    }
}
