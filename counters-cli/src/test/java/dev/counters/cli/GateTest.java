package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Issue #47, item 1: {@code counters compare --fail-if slower} as a gate. Exit code 1 means B was
 * decided slower than A beyond {@code --margin}, and nothing else; an undecided comparison passes and
 * says so on standard error, or exits 4 under {@code --fail-if-undecided}. Differences far beyond any
 * noise only (2 x the work), in this JVM, so that no outcome here rests on chance.
 */
class GateTest {
    private static Cli.Result compare(String iterationsA, String iterationsB, String... extra) {
        String[] base = {"compare", "--iterations-a", iterationsA, "--iterations-b", iterationsB, "--warm-up", "200ms",
            "--target", "5%", "--forks", "0", "--budget", "2s", "-q"};
        String[] all = java.util.Arrays.copyOf(base, base.length + extra.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return Cli.run(all);
    }

    @Test
    void aRegressionFailsTheGateWithExitCodeOneAndTheAnswer() {
        Cli.Result slower = compare("200000", "400000", "--fail-if", "slower");
        assertEquals(GateOptions.EXIT_REGRESSION, slower.exitCode(), slower.toString());
        assertTrue(slower.err().contains("the gate failed: B is slower than A beyond the margin: B takes"), slower.err());
        assertTrue(slower.out().startsWith("B takes "), "the report is printed all the same: " + slower.out());
    }

    @Test
    void withoutTheGateOrWhenBIsFasterTheExitCodeIsZero() {
        assertEquals(0, compare("200000", "400000").exitCode(), "no gate asked: 0 whatever the verdict");
        Cli.Result faster = compare("400000", "200000", "--fail-if", "slower");
        assertEquals(0, faster.exitCode(), faster.toString());
        assertTrue(faster.out().startsWith("B takes "), faster.out());
    }

    @Test
    void aDifferenceWithinTheMarginPasses() {
        // B does 1.5 x the work; a margin of 90% tolerates up to 1.9 x.
        Cli.Result tolerated = compare("200000", "300000", "--fail-if", "slower", "--margin", "90%", "--format", "json");
        assertEquals(0, tolerated.exitCode(), tolerated.toString());
        assertTrue(!tolerated.json().get("gate").asText().equals("regressed"), tolerated.out());
    }

    @Test
    void anUndecidedComparisonPassesSayingSoOrExitsFourWhenAsked() {
        // Far too little budget for the runs of 20 ms: too few pairs for a verdict at 99%.
        String[] tooShort = {"--iterations-a", "20000000", "--iterations-b", "20000000"};
        Cli.Result passes = Cli.run("compare", tooShort[0], tooShort[1], tooShort[2], tooShort[3], "--forks", "0", "--budget",
                "300ms", "--warm-up", "50ms", "--fail-if", "slower", "-q", "--format", "json");
        assertEquals(0, passes.exitCode(), passes.toString());
        assertEquals("undecided", passes.json().get("gate").asText(), passes.out());
        assertTrue(passes.err().contains("the gate could not decide") && passes.err().contains("--fail-if-undecided would fail it"),
                passes.err());
        Cli.Result fails = Cli.run("compare", tooShort[0], tooShort[1], tooShort[2], tooShort[3], "--forks", "0", "--budget",
                "300ms", "--warm-up", "50ms", "--fail-if", "slower", "--fail-if-undecided", "-q");
        assertEquals(GateOptions.EXIT_UNDECIDED, fails.exitCode(), fails.toString());
    }

    @Test
    void aFailureOfTheCommandIsNeverExitCodeOne() {
        assertEquals(5, CountersCommand.EXIT_FAILURE, "1 is a regression and nothing else");
        assertEquals(2, compare("200000", "400000", "--fail-if", "faster").exitCode(), "an unknown gate is a usage error");
    }
}
