package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.counters.measure.Task;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 41, items 3 and 4, issue 44, item 1: {@code counters compare} of two builds of one class,
 * the forks' JVM options, and the report across JVMs that a person reads in ten seconds and a
 * program reads whole.
 */
class CompareForksTest {
    @TempDir
    Path folder;

    /** Compiles {@code builds.Parser} doing {@code steps} xorshift steps a run into a folder of its own. */
    private Path build(String name, int steps) throws Exception {
        return build(name, steps, "");
    }

    /** The same, its run() beginning with {@code first}. */
    private Path build(String name, int steps, String first) throws Exception {
        Path source = Files.createDirectories(folder.resolve(name + "-src/builds")).resolve("Parser.java");
        Files.writeString(source, "package builds;\n"
                + "public class Parser implements dev.counters.measure.Task {\n"
                + "    private long state = 7;\n"
                + "    public Object run() {\n"
                + first
                + "        long x = state;\n"
                + "        for (int i = 0; i < " + steps + "; i++) { x ^= x << 13; x ^= x >>> 7; x ^= x << 17; }\n"
                + "        state = x;\n"
                + "        return x;\n"
                + "    }\n"
                + "}\n");
        Path classes = Files.createDirectories(folder.resolve(name));
        String taskJar = Path.of(Task.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-classpath", taskJar, "-d", classes.toString(), source.toString()));
        return classes;
    }

    @Test
    void twoBuildsOfOneClassAreComparedAcrossJvms() throws Exception {
        Path old = build("old", 100_000);
        Path next = build("new", 200_000);
        Cli.Result result = Cli.run("compare", "--task", "builds.Parser", "--class-path-a", old.toString(), "--class-path-b",
                next.toString(), "--forks", "3", "--budget", "12s", "--format", "json", "-q");
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals("slower", json.get("verdict").asText(), json.toString());
        assertTrue(json.get("ratio").asDouble() > 1.5 && json.get("ratio").asDouble() < 2.6, "twice the steps: " + json);
        assertEquals("builds.Parser from " + old, json.get("task_a").asText());
        // An independent reading of the same answer: the times per run, whose ratio is the work's.
        double perRun = json.get("b_ns_per_run").asDouble() / json.get("a_ns_per_run").asDouble();
        assertTrue(perRun > 1.5 && perRun < 2.6, "B's time per run over A's: " + perRun);
    }

    @Test
    void aBuildWhoseTaskCallsSystemExitInThisJvmIsNamedNotTakenForASignal() throws Exception {
        // Issue #50, item 6: "a signal (SIGINT or SIGTERM) ended the command", exit 0 (System.exit(3) exited 3, --timeout's).
        Path old = build("old", 100_000);
        Path next = build("exits", 100_000, "        System.exit(0);\n");
        Cli.Result result = Cli.runInNewJvm(ProcessBuilder.Redirect.DISCARD, "compare", "--task", "builds.Parser",
                "--class-path-a", old.toString(), "--class-path-b", next.toString(), "--forks", "0", "--budget", "2s", "-q");
        assertEquals(CountersCommand.EXIT_USAGE, result.exitCode(), result.toString());
        assertTrue(result.err().contains("called System.exit") && !result.err().contains("a signal"), result.err());
    }

    @Test
    void twoBuildsInThisJvm() throws Exception {
        Path old = build("old", 100_000);
        Path next = build("new", 200_000);
        Cli.Result result = Cli.run("compare", "--task", "builds.Parser", "--class-path-a", old.toString(), "--class-path-b",
                next.toString(), "--forks", "0", "--budget", "2s", "--warm-up", "200ms", "--target", "5%", "--format", "json",
                "-q");
        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("slower", result.json().get("clocks").get(1).get("verdict").asText(), result.out());
        assertEquals("this JVM", result.json().get("scope").asText());
    }

    @Test
    void theForksRunWithTheOptionsGivenAndTheReportSaysWhich() {
        String task = TestTasks.NeedsAProperty.class.getName();
        String property = "-D" + TestTasks.NeedsAProperty.PROPERTY + "=yes";
        Cli.Result result = Cli.run("compare", "--task-a", task, "--task-b", task, "--forks", "2", "--budget", "4s",
                "--jvm-args-append", property + " -Xss2m", "--format", "json", "-q");
        assertEquals(0, result.exitCode(), "the forks had the property, or the task's constructor threw: " + result);
        List<String> options = new ArrayList<>();
        result.json().get("fork_jvm_options").forEach(option -> options.add(option.asText()));
        assertTrue(options.contains(property) && options.contains("-Xss2m"), options.toString());
        assertEquals(options.indexOf(property) + 1, options.indexOf("-Xss2m"), "in the order given: " + options);
        for (String inherited : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (inherited.startsWith("--enable-native-access")) {
                continue; // on JDK 22+ Compare adds native access to the forks' options itself, after the others
            }
            assertTrue(options.indexOf(inherited) < options.indexOf(property), "appended after the inherited: " + options);
        }

        Cli.Result without = Cli.run("compare", "--task-a", task, "--task-b", task, "--forks", "2", "--budget", "4s", "-q");
        assertEquals(2, without.exitCode(), "without it the forks fail, named: " + without);
        assertTrue(without.err().contains(TestTasks.NeedsAProperty.PROPERTY + " is not set"), without.err());
        assertTrue(without.err().contains("\n    at ") && !without.err().contains("\\t"), "its first lines, indented: "
                + without.err());

        Cli.Result replaced = Cli.run("compare", "--task-a", task, "--task-b", task, "--forks", "2", "--budget", "4s",
                "--jvm-args", property, "--format", "json", "-q");
        assertEquals(0, replaced.exitCode(), replaced.toString());
        JsonNode given = replaced.json().get("fork_jvm_options");
        assertTrue(given.toString().contains(property), given.toString());
    }

    @Test
    void theReportOpensWithTheAnswerAndListsEachJvm() {
        Cli.Result text = Cli.run("compare", "--iterations-a", "200000", "--iterations-b", "400000", "--forks", "3",
                "--budget", "12s", "-q");
        assertEquals(0, text.exitCode(), text.toString());
        List<String> lines = text.out().lines().toList();
        assertTrue(lines.get(0).startsWith("B takes "), "the answer first: " + lines.get(0));
        assertTrue(lines.get(0).matches(".*\\d\\.\\d+.*\\[\\d\\.\\d+, \\d\\.\\d+\\].*"), "ratio and interval: " + lines.get(0));
        assertTrue(lines.get(1).startsWith("Time per run: A ") && lines.get(1).contains(", B "), lines.get(1));
        assertTrue(lines.stream().limit(5).anyMatch(line -> line.startsWith("Machine: ")), text.out());
        assertTrue(text.out().contains("The forks ran with: "), text.out());
        // The same comparison's JSON: CompareCommandTest.byDefaultItRunsInFreshJvmsAndSaysForHowMany.
    }

    @Test
    void runsTooLongForTheBudgetAreToldWhichBudgetWouldDo() {
        // Issue 44, item 4: 10-second runs with --budget 5s ended after 31.8 s with "give a longer budget", no figure.
        long start = System.nanoTime();
        String task = TestTasks.TenSecondRuns.class.getName();
        Cli.Result result = Cli.run("compare", "--task-a", task, "--task-b", task, "--budget", "5s", "-q");
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(seconds < 25, "ended after " + seconds + " s");
        assertTrue(result.err().contains("The runs are too long for a budget of 5 s: none ended in "), result.err());
        java.util.regex.Matcher budget = java.util.regex.Pattern.compile("give a budget of (\\d+) s or more").matcher(result.err());
        assertTrue(budget.find(), result.err());
        // Five JVMs, each running each task at least 8 times, runs of at least 1 s: 80 s at the very least.
        assertTrue(Long.parseLong(budget.group(1)) >= 80, result.err());
    }
}
