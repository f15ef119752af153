package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine.TypeConversionException;

/**
 * Issue 44, item 9 (option edges), issue 41, item 3 (two builds of one class: which options go
 * together) and issue 44, item 1 (the forks' JVM options): every mistake is a usage error, exit 2,
 * that says what to give instead, and never a stack trace.
 */
class CompareOptionsTest {
    private static final String TINY = TestTasks.Tiny.class.getName();
    private static final String TWICE = TestTasks.TinyTwice.class.getName();

    @ParameterizedTest
    @ValueSource(strings = {"100ms", "300ms", "499ms", "2499ms"})
    void aBudgetTooShortForTheForksSaysWhatEachWouldGet(String budget) {
        // 100ms to 499ms exited 1 with a stack trace: the forks need 5 x (100 ms and their start), unchecked.
        Cli.Result result = assertUsageError("a comparison in 5 fresh JVMs needs a budget of at least 2500 ms", "compare",
                "--budget", budget);
        assertTrue(result.err().contains("give a longer budget"), result.err());
    }

    @Test
    void aThousandForksInTwoSecondsIsRefusedWithTheBudgetTheyNeed() {
        // It ran 1 JVM and blamed "the tasks are too long".
        Cli.Result result = assertUsageError("a comparison in 1000 fresh JVMs needs a budget of at least 500000 ms", "compare",
                "--forks", "1000", "--budget", "2s");
        assertTrue(result.err().contains("or fewer forks"), result.err());
    }

    @Test
    void theBuiltInWorkloadsSizeWithTheUsersTasksIsRefused() {
        // --iterations-a was silently ignored.
        assertUsageError("--iterations-a sizes the built-in workload, which --task-a and --task-b replace", "compare",
                "--task-a", TINY, "--task-b", TWICE, "--iterations-a", "5", "--forks", "0", "--budget", "1s");
        assertUsageError("--iterations-b sizes the built-in workload, which --task replace", "compare", "--task", TINY,
                "--class-path-a", ".", "--class-path-b", ".", "--iterations-b", "5");
    }

    @Test
    void twoBuildsOfOneClassTakeTaskAndBothClassPaths() {
        assertUsageError("give one or the other", "compare", "--task", TINY, "--task-a", TINY, "--task-b", TWICE);
        assertUsageError("give both --class-path-a", "compare", "--task", TINY, "--class-path-a", ".");
        assertUsageError("give both --class-path-a", "compare", "--task", TINY);
        assertUsageError("add --task CLASS", "compare", "--class-path-a", ".", "--class-path-b", ".");
        assertUsageError("add --task CLASS", "compare", "--task-a", TINY, "--task-b", TWICE, "--class-path-b", ".");
        assertUsageError("put what both need in --class-path-a and in --class-path-b", "compare", "--task", TINY,
                "--class-path-a", ".", "--class-path-b", ".", "--class-path", ".");
    }

    @Test
    void jvmOptionsAreCheckedAndNeedForks() {
        assertUsageError("--forks 0 starts none", "compare", "--forks", "0", "--jvm-args", "-Xmx1g");
        assertUsageError("--forks: forks is 0 (this JVM only) or at least 2", "compare", "--forks", "1");
        assertUsageError("--forks 0 starts none", "compare", "--forks", "0", "--jvm-args-append=-Xmx1g");
        assertUsageError("is not closed", "compare", "--jvm-args", "-Xmx1g -Dname='a b");
        assertUsageError("'Xmx1g' in '-ea Xmx1g' is not a JVM option", "compare", "--jvm-args", "-ea Xmx1g");
    }

    @Test
    void jvmOptionsSplitAtSpacesOutsideQuotes() {
        OptionConverters.JvmArgsConverter converter = new OptionConverters.JvmArgsConverter();
        assertEquals(List.of("-Xmx1g", "-Dname=a b", "-Dother=c d", "-ea"),
                converter.convert("  -Xmx1g   -Dname=\"a b\" '-Dother=c d'\t-ea "));
        assertEquals(List.of(), converter.convert("   "));
        assertThrows(TypeConversionException.class, () -> converter.convert("-Dx=\"open"));
    }

    private static Cli.Result assertUsageError(String message, String... args) {
        Cli.Result result = Cli.run(args);
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains(message), result.err());
        assertFalse(result.err().contains("\tat "), "no stack trace: " + result.err());
        return result;
    }
}
