package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44, item 7: a task that prints to {@code System.out} while {@code measure} or
 * {@code compare --forks 0} runs it. Its lines landed inside the {@code --format json} report
 * (14,975 of 15,080 lines); they now go to standard error, and the report on standard output stays
 * valid JSON, read here by an independent parser from a real process's standard output.
 */
class ChattyTaskTest {
    @TempDir
    Path folder;

    @Test
    void measureKeepsItsJsonWholeAndTheTasksLinesGoToStandardError() throws Exception {
        Path out = folder.resolve("measure.json");
        Cli.Result result = Cli.runInNewJvm(ProcessBuilder.Redirect.to(out.toFile()), "measure", "--task",
                TestTasks.Chatty.class.getName(), "--runs", "3", "--trim", "0", "--warm-up", "20ms", "--format", "json", "-q");
        assertEquals(0, result.exitCode(), result.toString());
        String json = Files.readString(out);
        assertFalse(json.contains(TestTasks.Chatty.MARK), "the task's lines stay out of the report: " + json);
        JsonNode report = new ObjectMapper().readTree(json);
        assertEquals("measure", report.get("command").asText());
        assertEquals(3, report.get("statistics").get(0).get("count").asInt());
        assertTrue(result.err().contains(TestTasks.Chatty.MARK + "1 "), "routed to standard error, not lost: " + result.err());
    }

    @Test
    void compareInThisJvmKeepsItsJsonWhole() throws Exception {
        Path out = folder.resolve("compare.json");
        Cli.Result result = Cli.runInNewJvm(ProcessBuilder.Redirect.to(out.toFile()), "compare", "--task-a",
                TestTasks.Chatty.class.getName(), "--task-b", TestTasks.Chatty.class.getName(), "--forks", "0",
                "--budget", "1s", "--warm-up", "100ms", "--target", "20%", "--format", "json", "-q");
        assertEquals(0, result.exitCode(), result.toString());
        String json = Files.readString(out);
        assertFalse(json.contains(TestTasks.Chatty.MARK), "the task's lines stay out of the report");
        assertEquals(1, new ObjectMapper().readTree(json).get("schema_version").asInt(), "the library's JSON, whole");
        assertTrue(result.err().contains(TestTasks.Chatty.MARK), result.err().length() + " characters on standard error");
    }
}
