package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A {@code --task} that fails while measured: exit code 2, one message naming the task, the run,
 * the exception and its message; a stack trace only when asked for.
 */
class TaskFailureTest {
    private static final Pattern STACK_FRAME = Pattern.compile("^\\s+at [\\w.$/]+\\(");

    private static Cli.Result measure(Class<?> task, String... more) {
        String[] args = {"measure", "--task", task.getName(), "--runs", "3", "--trim", "0", "--warm-up", "100ms", "-q"};
        String[] all = new String[args.length + more.length];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return Cli.run(all);
    }

    private static void assertFailedWithoutStackTrace(Cli.Result result, String... fragments) {
        assertEquals(CountersCommand.EXIT_USAGE, result.exitCode(), result.toString());
        assertNoFigures(result.out());
        for (String fragment : fragments) {
            assertTrue(result.err().contains(fragment), "missing '" + fragment + "' in:\n" + result.err());
        }
        assertFalse(result.err().lines().anyMatch(line -> STACK_FRAME.matcher(line).find()), "no stack trace:\n" + result.err());
        assertTrue(result.err().lines().count() <= 3, "one clear message:\n" + result.err());
    }

    /**
     * No report after a failed task: at most the heading (title and parameters), which the table
     * format prints before the task runs (issue 44, item 11: a task that halts the JVM leaves it).
     */
    static void assertNoFigures(String out) {
        assertTrue(out.isEmpty() || out.startsWith("Unprepared vs prepared runs of ") && out.lines().count() == 2,
                "no report after a failed task, only its heading:\n" + out);
    }

    @Test
    void anUncheckedExceptionNamesTheTaskTheRunAndTheException() {
        assertFailedWithoutStackTrace(measure(TestTasks.ThrowsOnSecondRun.class),
                "counters measure: the task " + TestTasks.ThrowsOnSecondRun.class.getName()
                        + " failed in unprepared repetition 2: java.lang.IllegalStateException: task bug",
                "--stack-trace");
    }

    @Test
    void aFailureDuringTheWarmUpSaysSo() {
        assertFailedWithoutStackTrace(measure(TestTasks.ThrowsInWarmUp.class),
                "failed in prepared warm-up run 1: java.lang.ArithmeticException: / by zero");
    }

    @Test
    void aStackOverflowIsCaughtAndNamed() {
        assertFailedWithoutStackTrace(measure(TestTasks.OverflowsTheStack.class),
                "failed in unprepared repetition 1: java.lang.StackOverflowError", "does it end?");
    }

    @Test
    void stackTraceShowsWhereTheTaskFailed() {
        Cli.Result result = measure(TestTasks.ThrowsOnSecondRun.class, "--stack-trace");
        assertEquals(CountersCommand.EXIT_USAGE, result.exitCode(), result.toString());
        assertTrue(result.err().contains("at " + TestTasks.ThrowsOnSecondRun.class.getName() + ".run("), result.err());
    }

    /** Issue 50, item 6: two builds in this JVM let a task's StackOverflowError out of the command (exit 1, the JVM's trace). */
    @Test
    void aStackOverflowInTwoBuildsIsNamedWithItsRun() throws Exception {
        String classes = Path.of(TestTasks.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Cli.Result result = Cli.run("compare", "--task", TestTasks.OverflowsTheStack.class.getName(), "--class-path-a", classes,
                "--class-path-b", classes, "--forks", "0", "--budget", "2s", "-q");
        assertFailedWithoutStackTrace(result, "java.lang.StackOverflowError (its recursion went too deep: does it end?)");
        assertTrue(Pattern.compile("failed in task [AB], warm-up run of [AB] 1: ").matcher(result.err()).find(), result.err());
    }

    /** Issue 50, item 6: a fork's StackOverflowError was "failed: " and nothing, then the trace. */
    @Test
    void aStackOverflowInAForkIsNamedWithItsTaskAndRun() {
        Cli.Result result = Cli.run("compare", "--task-a", TestTasks.OverflowsTheStack.class.getName(), "--task-b",
                TestTasks.Tiny.class.getName(), "--forks", "2", "--budget", "3s", "-q");
        assertEquals(CountersCommand.EXIT_USAGE, result.exitCode(), result.toString());
        assertNoFigures(result.out());
        String first = result.err().lines().findFirst().orElse("");
        assertTrue(first.startsWith("counters compare: fork 1 of the comparison failed: task A (" + TestTasks.OverflowsTheStack.class.getName()),
                result.err());
        assertTrue(result.err().contains("task A threw in its warm-up run of A 1: \njava.lang.StackOverflowError (its recursion "
                + "went too deep: does it end?)"), result.err());
        assertTrue(result.err().lines().count() <= 8, "the first frames, not the whole overflow:\n" + result.err());
    }

    /** Issue 50, item 9: a duet comparison whose task A throws in its measured pairs, in this JVM and in a fork. */
    @Test
    void aDuetWhoseTaskThrowsInItsPairsEndsWithExit2() {
        for (String forks : new String[] {"0", "2"}) {
            Cli.Result result = Cli.run("compare", "--task-a", TestTasks.ThrowsAfterItsWarmUp.class.getName(), "--task-b",
                    TestTasks.Tiny.class.getName(), "--order", "duet", "--forks", forks, "--warm-up", "100ms", "--budget", "4s",
                    "--min-pairs", "100000", "-q"); // no stop before the budget: A runs past its 400 ms
            assertEquals(CountersCommand.EXIT_USAGE, result.exitCode(), "--forks " + forks + ": " + result);
            assertNoFigures(result.out());
            assertTrue(result.err().contains("java.lang.IllegalStateException: task bug after 400 ms"), result.err());
            assertTrue(result.err().contains("task A"), result.err());
        }
    }
}
