package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.counters.cli.report.SvgFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
        for (String expected : new String[] {"(default: 0.25%)", "(default: 99%)", "too_noisy", "clocks_disagree", "too_few", "--by",
            "'decided'"}) {
            assertTrue(text.contains(expected), expected + " in " + text);
        }
    }

    @Test
    void aTargetNoOneMeansIsQuestioned() {
        Cli.Result result = Cli.run("compare", "--target", "30%", "-q");
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("did you mean 0.3%"), result.err());
        assertFalse(result.err().contains("\tat "), "no stack trace: " + result.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"1ns", "3ns", "50ms"})
    void aBudgetTooShortForAComparisonIsAUsersMistake(String budget) {
        Cli.Result result = Cli.run(args("--budget", budget));
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--budget must be at least 100ms"), result.err());
        assertFalse(result.err().contains("\tat "), "no stack trace: " + result.err());
    }

    @Test
    void byDefaultItRunsInFreshJvmsAndSaysForHowMany() {
        Cli.Result result = Cli.run("compare", "--iterations-a", "200000", "--iterations-b", "400000", "--forks", "3",
                "--budget", "12s", "--format", "json", "-q");
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals(List.of("command", "verdict", "ratio", "ratio_low", "ratio_high", "decided_by", "reason", "machine",
                "scope", "forks", "confidence", "stopped_by"), fieldNames(json).subList(0, 12));
        assertEquals("slower", json.get("verdict").asText(), json.toString());
        assertEquals("any JVM", json.get("scope").asText());
        // Three, not two: over two JVMs Student's t has one degree of freedom (63.7 at 99%), and a
        // loaded machine's spread between two forks alone left a true 2.0 "too_noisy".
        assertEquals(3, json.get("forks").asInt());
        assertEquals(3, json.get("jvms").size(), "a row per JVM");
        double ratio = json.get("ratio").asDouble();
        assertTrue(ratio > 1.6 && ratio < 2.5 && json.get("ratio_low").asDouble() > 1, json.toString());
    }

    @Test
    void aTaskShorterThanTheClocksStepIsBatchedNotRefused() {
        // Issue 32, item 8: one xorshift step against one ended with exit 1 and "run 2 of A took 0.0 ns".
        Cli.Result result = Cli.run("compare", "--iterations-a", "1", "--iterations-b", "1", "--budget", "2s", "--warm-up",
                "200ms", "--forks", "0", "--format", "json", "-q");
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode run = result.json().get("run").get(0);
        assertTrue(run.get("invocations_per_run").asLong() > 1, run.toString());
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
        Cli.Result result = Cli.run(args("--budget", "2s", "--format", "json", "--every-pair"));
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals("slower", json.get("verdict").asText(), json.toString());
        assertTrue(Set.of("wall", "thread CPU").contains(json.get("decided_by").asText()), json.toString());
        assertTrue(Set.of("quiet", "loaded").contains(json.get("machine").asText()), json.toString());
        assertTrue(1 < json.get("ratio_low").asDouble() && json.get("ratio_low").asDouble() <= json.get("ratio").asDouble()
                && json.get("ratio").asDouble() <= json.get("ratio_high").asDouble(), json.toString());
        assertTrue(json.get("reason").asText().startsWith("B is "), json.toString());
        // Issue 41, item 4: the answer's figures follow the earlier members, every one of which stays.
        assertEquals(List.of("command", "verdict", "ratio", "ratio_low", "ratio_high", "decided_by", "reason", "machine",
                "scope", "summary", "a_ns_per_run", "b_ns_per_run", "difference_ruled_out", "budget_to_decide_ms", "title"),
                fieldNames(json).subList(0, 15));
        double perRun = json.get("b_ns_per_run").asDouble() / json.get("a_ns_per_run").asDouble();
        assertTrue(perRun > 1.5 && perRun < 2.5, "twice the steps, about twice the time per run: " + perRun);
        JsonNode clocks = json.get("clocks");
        assertEquals(2, clocks.size());
        List<String> names = new ArrayList<>();
        for (JsonNode clock : clocks) {
            names.add(clock.get("clock").asText());
            for (String field : new String[] {"clock", "ratio", "ratio_low", "ratio_high", "verdict", "pairs"}) {
                assertTrue(clock.has(field), field + " in " + clock);
            }
            assertEquals("slower", clock.get("verdict").asText(), clock.toString());
            double low = clock.get("ratio_low").asDouble();
            double ratio = clock.get("ratio").asDouble();
            double high = clock.get("ratio_high").asDouble();
            assertTrue(1 < low && low <= ratio && ratio <= high, clock.toString());
            assertTrue(ratio > 1.5 && ratio < 2.5, "twice the steps, about twice the time: " + clock);
            assertTrue(clock.get("pairs").asInt() + clock.get("pairs_set_aside").asInt() >= 30, clock.toString());
        }
        assertEquals(List.of("wall", "thread CPU"), names);
        JsonNode run = json.get("run").get(0);
        assertTrue(Set.of("decided", "target", "budget").contains(run.get("stopped_by").asText()), run.toString());
        assertEquals(clocks.get(1).get("pairs").asInt(), run.get("pairs").asInt());
        assertEquals("alternating", run.get("order").asText());
        // Every pair listed, and the median of their ratios is the reported ratio (an independent recomputation).
        JsonNode pairs = json.get("pairs");
        assertEquals(run.get("pairs").asInt(), pairs.size());
        double[] ratios = new double[pairs.size()];
        for (int i = 0; i < ratios.length; i++) {
            JsonNode pair = pairs.get(i);
            if (i % 2 == 1) {
                assertNotEquals(pairs.get(i - 1).get("first").asText(), pair.get("first").asText(), "a block is A B B A or B A A B");
            }
            if (i % 4 == 2) {
                assertNotEquals(pairs.get(i - 2).get("first").asText(), pair.get("first").asText(), "a round holds both blocks");
            }
            // Half the ratio's last decimal, and a little more: the times beside it are rounded too.
            assertEquals(pair.get("b_wall_ns").asDouble() / pair.get("a_wall_ns").asDouble(), pair.get("wall_ratio").asDouble(),
                    0.00005 + 1e-6, "to the ratio's four decimals");
            ratios[i] = pair.get("b_cpu_ns").asDouble() / pair.get("a_cpu_ns").asDouble();
        }
        Arrays.sort(ratios);
        int n = ratios.length;
        double median = n % 2 == 1 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
        // thread CPU time keeps every pair (wall time sets the preempted ones aside)
        assertEquals(median, clocks.get(1).get("ratio").asDouble(), 0.0001, "to the ratio's four decimals");
        JsonNode noise = json.get("noise").get(0);
        assertTrue(noise.get("drift").asDouble() >= 0, noise.toString());
        assertTrue(noise.get("reference_wall_median_ns").asDouble() > 0, noise.toString());
        assertTrue(noise.get("summary").asText().startsWith(json.get("machine").asText() + ": "), noise.toString());
        assertEquals(json.get("machine").asText(), noise.get("machine").asText());
        assertTrue(noise.get("runs").asInt() >= 2 * run.get("pairs").asInt(), noise.toString());
        assertEquals(2, json.get("parameters").get("budget_ms").asInt() / 1000);
    }

    @Test
    void csvIsOneRectangularTableWithClocksRunAndNoise() {
        Cli.Result result = Cli.run(args("--budget", "2s", "--format", "csv"));
        assertEquals(0, result.exitCode(), result.toString());
        Map<String, List<Map<String, String>>> sections = result.csvSections();
        assertEquals(List.of("verdict", "clocks", "run", "noise"), new ArrayList<>(sections.keySet()));
        assertEquals("slower", sections.get("verdict").get(0).get("verdict"));
        for (Map<String, String> clock : sections.get("clocks")) {
            assertEquals("slower", clock.get("verdict"), clock.toString());
            assertTrue(Double.parseDouble(clock.get("ratio_low")) > 1, clock.toString());
        }
    }

    @Test
    void tableSaysTheVerdictInWords() {
        Cli.Result result = Cli.run(args("--budget", "2s"));
        assertEquals(0, result.exitCode(), result.toString());
        // Issue 41, item 4: the verdict in one sentence with the ratio and interval, then the time per run of A and B.
        List<String> lines = result.out().lines().toList();
        assertTrue(lines.get(0).startsWith("B is ") && lines.get(0).contains("% slower than A: B/A "), result.out());
        assertTrue(lines.get(1).startsWith("Time per run: A ") && lines.get(1).contains(" us, B "), result.out());
        assertTrue(lines.get(2).startsWith("Machine: quiet") || lines.get(2).startsWith("Machine: loaded"), result.out());
        assertTrue(result.out().contains("wall: B is slower: it takes") || result.out().contains("wall: too noisy to tell"),
                result.out());
        assertTrue(result.out().contains("thread CPU: B is slower"), result.out());
        assertTrue(result.out().contains("Noise: quiet: ") || result.out().contains("Noise: loaded: "), result.out());
        assertTrue(result.out().contains("this machine drifted"), result.out());
        assertTrue(result.out().contains("Stopped by the ") || result.out().contains("Stopped when decided"), result.out());
    }

    @Test
    void theNaiveOrderRunsTooAndSaysWhatItRisks() {
        Cli.Result result = Cli.run(args("--order", "sequential", "--budget", "1s", "--format", "json"));
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals("sequential", json.get("run").get(0).get("order").asText());
        assertEquals("budget", json.get("run").get(0).get("stopped_by").asText());
        assertTrue(json.get("notes").toString().contains("Sequential order"), json.get("notes").toString());
    }

    @Test
    void theDuetOrderRunsPairsOnTwoWorkersAndSaysSo() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "a duet needs 2 CPUs");
        Cli.Result result = Cli.run(args("--order", "duet", "--budget", "2s", "--format", "json", "--every-pair"));
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals("duet", json.get("parameters").get("order").asText());
        assertEquals("duet", json.get("run").get(0).get("order").asText());
        assertEquals("slower", json.get("clocks").get(1).get("verdict").asText(), json.get("clocks").toString());
        JsonNode pairs = json.get("pairs");
        assertEquals(json.get("run").get(0).get("pairs").asInt() / 2, pairs.size(), "a row per couple of pairs that swap sides");
        int slowerB = 0;
        for (int i = 0; i < pairs.size(); i++) {
            assertEquals(i + 1, pairs.get(i).get("couple").asInt());
            slowerB += pairs.get(i).get("cpu_ratio").asDouble() > 1 ? 1 : 0;
        }
        // B does twice A's work; a pair of 40 us runs may still flip when an interrupt burst or a jump of the
        // thread's CPU clock lands in A's run, so not every pair, but nearly all.
        assertTrue(pairs.size() - slowerB <= Math.max(1, pairs.size() / 100), slowerB + " of " + pairs.size() + " pairs had B slower");
        JsonNode preparation = json.get("preparation");
        assertEquals(2, preparation.size(), json.toString());
        assertEquals("pin worker 1", preparation.get(0).get("step").asText());
        assertEquals("pin worker 2", preparation.get(1).get("step").asText());
        assertTrue(json.get("notes").toString().contains("Duet order"), json.get("notes").toString());

        Cli.Result table = Cli.run(args("--order", "DUET", "--budget", "1s"));
        assertEquals(0, table.exitCode(), table.toString());
        assertTrue(table.out().lines().anyMatch(line -> line.startsWith("duet ")), "the run table's order: " + table.out());
        assertTrue(table.out().contains("pin worker 2"), table.out());
        Cli.Result csv = Cli.run(args("--order", "duet", "--budget", "1s", "--format", "csv"));
        assertEquals(List.of("verdict", "clocks", "run", "noise", "preparation"), new ArrayList<>(csv.csvSections().keySet()));
        assertEquals("duet", csv.csvSections().get("run").get(0).get("order"));
    }

    @Test
    void comparesTheUsersTasks() {
        Cli.Result result = Cli.run("compare", "--task-a", TestTasks.Tiny.class.getName(), "--task-b",
                TestTasks.TinyTwice.class.getName(), "--budget", "1s", "--warm-up", "100ms", "--target", "20%", "-q",
                "--format", "json", "--forks", "0");
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals(TestTasks.Tiny.class.getName(), json.get("parameters").get("task_a").asText());
        assertEquals(TestTasks.TinyTwice.class.getName(), json.get("parameters").get("task_b").asText());
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
        assertUsageError("--target", "compare", "--target", "0");
        assertUsageError("did you mean 1%?", "compare", "--target", "1");
        assertUsageError("not a share; write it as 0.0025 or 0.25%", "compare", "--target", "one");
        assertUsageError("--confidence", "compare", "--confidence", "100");
        assertUsageError("--margin", "compare", "--margin", "-1");
        assertUsageError("--min-pairs", "compare", "--min-pairs", "7");
        assertUsageError("'--budget': must be more than 0", "compare", "--budget", "0s");
        assertUsageError("'--warm-up': must be more than 0", "compare", "--warm-up", "0ms");
        assertUsageError("unknown order 'random'; use alternating, sequential or duet", "compare", "--order", "random");
        assertUsageError("--iterations-b", "compare", "--iterations-b", "0");
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
    void aTimeoutBeforeTheEndPrintsTheParametersAndExitsThree() {
        // Runs of about 30 ms: within 1 s fewer pairs than --min-pairs (30) are done, so nothing may stop it but the timeout.
        Cli.Result result = Cli.run("compare", "--iterations-a", "20000000", "--iterations-b", "20000000", "--warm-up", "200ms",
                "--target", "0.001%", "--budget", "4s", "--timeout", "1s", "--format", "json", "-q", "--forks", "0");
        assertEquals(3, result.exitCode(), result.toString());
        assertTrue(result.json().get("notes").toString().contains("--timeout ended the comparison"), result.out());
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
