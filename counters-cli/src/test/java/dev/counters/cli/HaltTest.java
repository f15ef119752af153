package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44, item 11: a {@code measure} task that calls {@code Runtime.halt(0)} ended the command with
 * exit 0 and empty output. A halt runs no shutdown hook and sets the exit status itself, so nothing in
 * the JVM can report it or change the status; what the command can do is print its heading (title and
 * parameters) before the task runs, so that the output shows a command that started and never finished.
 */
class HaltTest {
    @TempDir
    Path folder;

    @Test
    void aTaskThatHaltsLeavesTheHeadingAndNoFigures() throws Exception {
        Path out = folder.resolve("out.txt");
        Cli.Result result = Cli.runInNewJvm(ProcessBuilder.Redirect.to(out.toFile()), "measure", "--task",
                TestTasks.Halts.class.getName(), "--runs", "3", "--trim", "0", "-q");
        String text = Files.readString(out);
        assertEquals(0, result.exitCode(), "the status the task gave to halt, which nothing can change: " + result);
        assertTrue(text.startsWith("Unprepared vs prepared runs of " + TestTasks.Halts.class.getName()), text);
        assertTrue(text.contains("task " + TestTasks.Halts.class.getName() + ", runs 3, trim 0"), text);
        assertFalse(text.contains("Statistics side by side"), "no figures: " + text);
    }

    @Test
    void aCompleteRunPrintsItsHeadingOnce() {
        Cli.Result result = Cli.run("measure", "--iterations", "20000", "--runs", "3", "--trim", "0", "--warm-up", "20ms", "-q");
        assertEquals(0, result.exitCode(), result.toString());
        assertEquals(1, result.out().split("Unprepared vs prepared runs of ", -1).length - 1, result.out());
        assertTrue(result.out().indexOf("Statistics side by side") > result.out().indexOf("runs 3, trim 0"), result.out());
    }
}
