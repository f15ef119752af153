package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import org.junit.jupiter.api.Test;

/**
 * {@code --timeout} bounds a command that runs a task: what was measured before it is printed, the
 * message says the limit ended it, exit code 3. A task calling {@code System.exit} is reported.
 */
class TimeoutTest {

    @Test
    void aHangingTaskIsEndedByTheLimitAndWhatWasMeasuredIsPrinted() {
        long start = System.nanoTime();
        Cli.Result result = Cli.run("measure", "--task", TestTasks.HangsAfterThreeRuns.class.getName(),
                "--runs", "3", "--trim", "0", "--timeout", "2s", "--format", "json", "-q");
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        assertEquals(CountersCommand.EXIT_TIMEOUT, result.exitCode(), result.toString());
        assertTrue(seconds < 60, "the limit ended it, after " + seconds + " s");
        assertTrue(result.err().contains("counters measure: --timeout 2 s ended the command during the warm-up "
                + "and prepared runs (warm-up calls included), call 1; the report above holds only what was "
                + "measured before it"), result.err());
        JsonNode statistics = result.json().get("statistics");
        assertEquals(2, statistics.size(), "the unprepared wall and CPU rows: " + result.out());
        assertEquals("unprepared", statistics.get(0).get("preparation").asText());
        assertEquals(3, statistics.get(0).get("count").asInt());
        assertTrue(result.json().get("notes").toString().contains("the prepared runs are missing"), result.out());
    }

    @Test
    void aForkedComparisonEndsAtTheTimeoutWithExitThree() {
        // Issue 44, item 4: --timeout was ignored when forking; --budget 86400s --timeout 5s ran until killed.
        long start = System.nanoTime();
        Cli.Result result = Cli.run("compare", "--iterations-a", "200000", "--iterations-b", "200000", "--budget", "86400s",
                "--timeout", "5s", "--target", "0.001%", "--format", "json", "-q");
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(CountersCommand.EXIT_TIMEOUT, result.exitCode(), result.toString());
        // 5 s, the 3 s an interrupted comparison may take to hand over its forks, and a loaded machine's margin.
        assertTrue(seconds >= 5 && seconds < 20, "ended after " + seconds + " s");
        assertTrue(result.err().contains("counters compare: --timeout 5 s ended the command during the comparison in fresh "
                + "JVMs"), result.err());
        assertTrue(result.out().isBlank() || result.json().has("schema_version"),
                "the report of what was measured, valid JSON, or nothing where no JVM ended: " + result.out());
    }

    @Test
    void isolationAndFrequencyAreBoundToo() {
        Cli.Result isolation = Cli.run("isolation", "--threads", "1", "--runs", "20", "--iterations", "50000000",
                "--timeout", "1s", "--format", "json", "-q");
        assertEquals(CountersCommand.EXIT_TIMEOUT, isolation.exitCode(), isolation.toString());
        // On a loaded machine the limit may fall in the warm-up that precedes the runs alone: either way it bounds the command.
        assertTrue(isolation.err().contains("--timeout 1 s ended the command during "), isolation.err());
        assertTrue(isolation.json().get("notes").toString().contains("nothing was measured"), isolation.out());

        Cli.Result frequency = Cli.run("frequency", "--interval", "900ms", "--repeats", "2", "--timeout", "2s", "-q");
        assertTrue(frequency.exitCode() == 0 || frequency.exitCode() == CountersCommand.EXIT_TIMEOUT,
                frequency.toString());
    }

    @Test
    void aTaskThatCallsSystemExitIsReportedWithItsRun() {
        Cli.Result result = Cli.runInNewJvm(ProcessBuilder.Redirect.DISCARD, "measure", "--task",
                TestTasks.CallsSystemExit.class.getName(), "--runs", "3", "--trim", "0", "-q");
        assertEquals(CountersCommand.EXIT_USAGE, result.exitCode(), result.toString());
        assertTrue(result.err().contains("counters measure: the task " + TestTasks.CallsSystemExit.class.getName()
                + " called System.exit during the unprepared runs, call 2"), result.err());
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(classes = {
        TestTasks.ExitsInItsConstructor.class, TestTasks.ExitsInItsStaticInitialiser.class})
    void aTaskThatCallsSystemExitWhileItIsLoadedIsReportedAsSuch(Class<?> task) {
        // Issue 23, item 1: the watch started after loading, so these ended measure with 7 or 0 and no word.
        Cli.Result measure = Cli.runInNewJvm(ProcessBuilder.Redirect.DISCARD, "measure", "--task", task.getName(), "-q");
        assertEquals(CountersCommand.EXIT_USAGE, measure.exitCode(), measure.toString());
        assertTrue(measure.err().contains("counters measure: the task " + task.getName()
                + " called System.exit during its loading (constructor or static initialiser)"), measure.err());
        Cli.Result compare = Cli.runInNewJvm(ProcessBuilder.Redirect.DISCARD, "compare", "--task-a", task.getName(),
                "--task-b", TestTasks.Tiny.class.getName(), "-q", "--forks", "0");
        assertEquals(CountersCommand.EXIT_USAGE, compare.exitCode(), compare.toString());
        assertTrue(compare.err().contains("counters compare: the task " + task.getName() + " / "
                + TestTasks.Tiny.class.getName() + " called System.exit during A: its loading (constructor or static "
                + "initialiser)"), compare.err());
    }
}
