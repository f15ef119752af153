package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #47, item 2: several task classes, each in its two builds, compared in one command: one
 * table at the end, and the gate fails when any task regressed. The new build of {@code Parser} does
 * twice the old one's work, {@code Lexer} the same: far beyond any noise, in this JVM.
 */
class CompareSuiteCommandTest {
    @TempDir
    static Path folder;

    private static Path old;
    private static Path next;

    @BeforeAll
    static void twoBuilds() throws Exception {
        old = XorshiftBuilds.compile(folder, "old", "builds", Map.of("Parser", XorshiftBuilds.returning(100_000),
                "Lexer", XorshiftBuilds.returning(100_000)));
        next = XorshiftBuilds.compile(folder, "new", "builds", Map.of("Parser", XorshiftBuilds.returning(200_000),
                "Lexer", XorshiftBuilds.returning(100_000)));
    }

    private static Cli.Result suite(String... extra) {
        List<String> args = new ArrayList<>(List.of("compare", "--class-path-a", old.toString(), "--class-path-b",
                next.toString(), "--forks", "0", "--budget", "2s", "--warm-up", "200ms", "--target", "5%", "-q"));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void aSuiteOfTwoBuildsPrintsOneTableAndTheGateFailsOnTheTaskThatRegressed() {
        Cli.Result result = suite("--task", "builds.Parser", "--task", "builds.Lexer", "--fail-if", "slower", "--margin", "25%",
                "--format", "json");
        assertEquals(GateOptions.EXIT_REGRESSION, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals("regressed", json.get("gate").asText(), json.toString());
        assertEquals(2, json.get("tasks").size());
        JsonNode parser = json.get("tasks").get(0);
        assertEquals("builds.Parser", parser.get("task").asText());
        assertEquals("regressed", parser.get("gate").asText(), parser.toString());
        double ratio = parser.get("comparison").get("ratio").asDouble();
        assertTrue(ratio > 1.5 && ratio < 2.6, "twice the steps: " + parser);
        JsonNode lexer = json.get("tasks").get(1);
        // A wide margin: two copies of one loop in one JVM can differ by several percent where the JIT's code lands.
        assertTrue(!lexer.get("gate").asText().equals("regressed"), "the same work in both builds: " + lexer);
        assertTrue(result.err().contains("the gate failed"), result.err());
    }

    @Test
    void everyTaskOfAPackageRunsAndTheTableHasARowEach() {
        Cli.Result result = suite("--tasks-in", "builds", "--budget-of", "builds.Lexer=1s");
        assertEquals(0, result.exitCode(), "no gate asked: " + result);
        List<String> lines = result.out().lines().toList();
        assertTrue(lines.get(0).matches("(REGRESSED|UNDECIDED|PASSED): 1 of 2 tasks regressed.*"), lines.get(0));
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("builds.Lexer ")), result.out());
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("builds.Parser ") && line.contains(" slower ")),
                result.out());
        Cli.Result markdown = suite("--tasks-in", "builds", "--format", "markdown");
        assertTrue(markdown.out().startsWith("**"), markdown.out());
        assertTrue(markdown.out().contains("| task | gate | verdict | B/A |"), markdown.out());
    }

    @Test
    void aBudgetOfOneTaskOutsideASuiteIsRefused() {
        Cli.Result result = suite("--task", "builds.Parser", "--budget-of", "builds.Parser=1s");
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--budget-of gives one task of a suite its budget"), result.err());
    }
}
