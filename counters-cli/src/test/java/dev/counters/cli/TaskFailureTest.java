package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
