package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.counters.measure.ForkFailedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite as a gate's exit code says it: exit 1 for a regression and nothing else, 2 for a mistake in
 * what was asked (a misspelt class, an empty package, a budget of no task) or a task that fails, 3
 * for {@code --timeout}; a suite of pairs ({@code --task-a}, {@code --task-b} more than once). The
 * new build's {@code Slow} does twice the old one's work, {@code Same} the same, and {@code Broken}
 * throws in the new build only: far beyond any noise, in this JVM.
 */
class CompareSuiteGateTest {
    /**
     * Wide: two copies of the same code in one JVM can differ by several percent where the JIT's
     * code lands (a loop across a 32-byte boundary), and the new build's Slow does twice the work.
     */
    private static final String MARGIN = "25%";

    @TempDir
    static Path folder;

    private static Path old;
    private static Path next;

    @BeforeAll
    static void twoBuilds() throws Exception {
        old = XorshiftBuilds.compile(folder, "old", "gate", Map.of("Slow", XorshiftBuilds.returning(100_000),
                "Same", XorshiftBuilds.returning(100_000), "Broken", XorshiftBuilds.returning(100_000)));
        next = XorshiftBuilds.compile(folder, "new", "gate", Map.of("Slow", XorshiftBuilds.returning(200_000),
                "Same", XorshiftBuilds.returning(100_000),
                "Broken", "100000:throw new IllegalStateException(\"broken in the new build\");"));
    }

    private static Cli.Result compare(String... extra) {
        List<String> args = new ArrayList<>(List.of("compare", "--forks", "0", "--budget", "2s", "--warm-up", "200ms",
                "--target", "5%", "-q"));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    private static Cli.Result builds(String... extra) {
        List<String> args = new ArrayList<>(List.of("--class-path-a", old.toString(), "--class-path-b", next.toString()));
        args.addAll(List.of(extra));
        return compare(args.toArray(String[]::new));
    }

    @Test
    void aMisspeltTaskOfASuiteIsAUsageErrorBeforeAnythingRuns() {
        assertUsageErrorBeforeAnythingRuns(builds("--task", "gate.Same", "--task", "gate.Sane", "--fail-if", "slower"),
                "gate.Sane");
    }

    @Test
    void aPackageWithoutTasksIsAUsageError() {
        assertUsageErrorBeforeAnythingRuns(builds("--tasks-in", "nowhere", "--fail-if", "slower"), "nowhere");
    }

    @Test
    void aBudgetOfNoTaskOrOfNoTimeIsAUsageError() {
        Cli.Result unknown = builds("--task", "gate.Same", "--task", "gate.Slow", "--budget-of", "gate.Other=1s");
        assertEquals(2, unknown.exitCode(), unknown.toString());
        assertTrue(unknown.err().contains("--budget-of names 'gate.Other', which is no task of this suite"), unknown.err());
        Cli.Result notATime = builds("--task", "gate.Same", "--task", "gate.Slow", "--budget-of", "gate.Same=soon");
        assertEquals(2, notATime.exitCode(), notATime.toString());
        assertTrue(notATime.err().contains("--budget-of"), notATime.err());
    }

    @Test
    void aBudgetOfOneTaskTooShortForItsForksIsAUsageErrorNamingIt() {
        Cli.Result result = Cli.run("compare", "--class-path-a", old.toString(), "--class-path-b", next.toString(), "--task",
                "gate.Same", "--task", "gate.Slow", "--budget-of", "gate.Same=1s", "-q");
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--budget-of gate.Same: a comparison in "), result.err());
        assertEquals("", result.out(), "nothing ran");
    }

    @Test
    void aTaskThatFailsInASuiteFailsItWithTheUsersCodeNeverAsARegression() {
        Cli.Result result = builds("--task", "gate.Same", "--task", "gate.Broken", "--fail-if", "slower", "--margin", MARGIN,
                "--format", "json");
        assertEquals(2, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals("failed", json.get("gate").asText(), json.toString());
        assertEquals("failed", json.get("tasks").get(1).get("gate").asText(), json.toString());
        assertTrue(json.get("tasks").get(1).get("failure").asText().contains("broken in the new build"), json.toString());
        assertTrue(result.err().contains("1 of 2 tasks could not be measured; the first, gate.Broken"), result.err());
    }

    @Test
    void aRegressionIsSaidFirstWhenAnotherTaskFailed() {
        Cli.Result result = builds("--task", "gate.Slow", "--task", "gate.Broken", "--fail-if", "slower", "--margin", MARGIN);
        assertEquals(GateOptions.EXIT_REGRESSION, result.exitCode(), result.toString());
        assertTrue(result.out().startsWith("REGRESSED: 1 of 2 tasks regressed beyond a margin of 25.0% (gate.Slow), "
                + "0 undecided, 1 failed, 0 passed"), result.out());
    }

    @Test
    void aSuiteOfPairsComparesEachTaskBAgainstTheTaskAInItsPlace() {
        Cli.Result result = compare("--class-path", next.toString(), "--task-a", "gate.Same", "--task-b", "gate.Slow",
                "--task-a", "gate.Same", "--task-b", "gate.Same", "--fail-if", "slower", "--margin", MARGIN, "--format", "json");
        assertEquals(GateOptions.EXIT_REGRESSION, result.exitCode(), result.toString());
        JsonNode tasks = result.json().get("tasks");
        assertEquals("gate.Same vs gate.Slow", tasks.get(0).get("task").asText(), tasks.toString());
        assertEquals("regressed", tasks.get(0).get("gate").asText(), tasks.toString());
        assertEquals("gate.Same vs gate.Same", tasks.get(1).get("task").asText(), tasks.toString());
        assertTrue(!tasks.get(1).get("gate").asText().equals("regressed"), "A against itself: " + tasks);
    }

    @Test
    void pairsAreMatchedInPlaceSoTheirCountsMustAgree() {
        Cli.Result result = compare("--class-path", next.toString(), "--task-a", "gate.Same", "--task-b", "gate.Slow",
                "--task-a", "gate.Same");
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("2 --task-a and 1 --task-b were given"), result.err());
    }

    @Test
    void aTimeoutEndsASuiteWithExitCodeThree() {
        // A target no interval reaches: the first task runs to its budget, long past the timeout.
        Cli.Result result = Cli.run("compare", "--class-path-a", old.toString(), "--class-path-b", next.toString(), "--task",
                "gate.Same", "--task", "gate.Slow", "--forks", "0", "--budget", "30s", "--warm-up", "200ms", "--target", "0.001%",
                "--timeout", "2s", "--fail-if", "slower", "-q");
        assertEquals(3, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--timeout 2 s ended the command during the comparison of gate.Same"), result.err());
    }

    @Test
    void aSettingCompareRefusesIsAUsageErrorBeforeAnythingRuns() {
        assertUsageErrorBeforeAnythingRuns(builds("--task", "gate.Same", "--task", "gate.Slow", "--confidence", "0.3"),
                "--confidence");
    }

    @Test
    void aTaskThatFailedEndsTheCommandWithoutAGateEvenBesideARegression() {
        Cli.Result result = builds("--task", "gate.Slow", "--task", "gate.Broken");
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("1 of 2 tasks could not be measured; the first, gate.Broken"), result.err());
    }

    @Test
    void aTaskThatCouldNotBeMeasuredEndsAsItWouldAlone() {
        assertEquals(2, GateOptions.failureExitCode(new ForkFailedException("fork 1 of the comparison failed: task B threw",
                "B", "run()", "")), "the user's task");
        assertEquals(2, GateOptions.failureExitCode(new ForkFailedException("fork 1 of the comparison ended with exit code 1 "
                + "and sent no result", "", "", "Unrecognized VM option")), "the user's JVM options");
        assertEquals(2, GateOptions.failureExitCode(new IllegalArgumentException("no class gate.Gone in build A")));
        assertEquals(2, GateOptions.failureExitCode(new IllegalStateException("task gate.New does not link against build A")));
        assertEquals(5, GateOptions.failureExitCode(new UncheckedIOException(new IOException("the disk is full"))));
        assertEquals(5, GateOptions.failureExitCode(new UnsupportedOperationException("no thread CPU clock here")));
    }

    @Test
    void failIfUndecidedWithoutTheGateIsAUsageError() {
        Cli.Result result = builds("--task", "gate.Same", "--fail-if-undecided");
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--fail-if-undecided fails a gate that could not decide: add --fail-if slower"),
                result.err());
    }

    @Test
    void textIsTheTableFormatsOtherName() {
        Cli.Result result = builds("--task", "gate.Same", "--task", "gate.Slow", "--format", "text");
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.out().matches("(?s)(REGRESSED|UNDECIDED|PASSED): [0-2] of 2 tasks regressed.*"), result.out());
        assertTrue(result.out().lines().anyMatch(line -> line.startsWith("gate.Slow ")), "the table: " + result.out());
    }

    /** Exit 2, standard error naming {@code named}, and nothing on standard output: the suite never ran. */
    private static void assertUsageErrorBeforeAnythingRuns(Cli.Result result, String named) {
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains(named), result.err());
        assertEquals("", result.out(), "nothing ran");
    }
}
