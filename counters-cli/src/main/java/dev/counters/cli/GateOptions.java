package dev.counters.cli;

import dev.counters.measure.CompareResult;
import dev.counters.measure.GateOutcome;
import dev.counters.measure.SuiteResult;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/**
 * {@code counters compare} as a performance gate: {@code --fail-if slower} ends the command with
 * {@link #EXIT_REGRESSION} when, and only when, B is decided slower than A by more than
 * {@code --margin} ({@link CompareResult#gateOutcome()}); an undecided comparison ends with 0 and
 * says so on standard error, or with {@link #EXIT_UNDECIDED} under {@code --fail-if-undecided}.
 */
final class GateOptions {
    /** Exit code of a gate that found a regression: B slower than A beyond the margin. */
    static final int EXIT_REGRESSION = 1;
    /** Exit code of a gate that could not decide, under {@code --fail-if-undecided}. */
    static final int EXIT_UNDECIDED = 4;

    /** What a gate fails on. */
    enum FailIf {
        /** B decided slower than A by more than the margin. */
        slower
    }

    @Option(names = "--fail-if", paramLabel = "VERDICT",
            description = "Make the comparison a gate: 'slower' ends with exit code 1 when, and only when, B is decided "
                    + "slower than A by more than --margin; otherwise 0 (an undecided comparison says so on standard error).")
    FailIf failIf;

    @Option(names = "--fail-if-undecided",
            description = "With --fail-if: end with exit code 4 when the comparison could not decide (too noisy, too few "
                    + "measurements, the clocks disagree), instead of 0.")
    boolean failIfUndecided;

    /** Whether a gate was asked for. */
    boolean gating() {
        return failIf != null;
    }

    /** The exit code for {@code result}, saying on {@code err} what an undecided gate did. */
    int exitCode(CompareResult result, PrintWriter err) {
        return exitCode(result.gateOutcome(), result.verdict().label(), result.summary(), err);
    }

    /** The exit code for a suite: it regressed if any task did ({@link SuiteResult#gateOutcome()}). */
    int exitCode(SuiteResult suite, PrintWriter err) {
        return exitCode(suite.gateOutcome(), "a task undecided or failed", suite.summary(), err);
    }

    private int exitCode(GateOutcome outcome, String undecided, String summary, PrintWriter err) {
        if (!gating()) {
            return 0;
        }
        if (outcome == GateOutcome.REGRESSED) {
            err.println("counters compare: the gate failed: B is slower than A beyond the margin: " + summary);
            err.flush();
            return EXIT_REGRESSION;
        }
        if (outcome == GateOutcome.UNDECIDED) {
            err.println("counters compare: the gate could not decide (" + undecided + "), "
                    + (failIfUndecided ? "and --fail-if-undecided fails it" : "so it passes; --fail-if-undecided would fail it")
                    + ": " + summary);
            err.flush();
            return failIfUndecided ? EXIT_UNDECIDED : 0;
        }
        return 0;
    }
}
