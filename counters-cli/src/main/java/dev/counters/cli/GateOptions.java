package dev.counters.cli;

import dev.counters.measure.CompareResult;
import dev.counters.measure.GateOutcome;
import dev.counters.measure.SuiteResult;
import dev.counters.measure.TaskFailedException;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code counters compare} as a performance gate: {@code --fail-if slower} ends the command with
 * {@link #EXIT_REGRESSION} when, and only when, B is decided slower than A by more than
 * {@code --margin} ({@link CompareResult#gateOutcome()}); an undecided comparison ends with 0 and
 * says so on standard error, or with {@link #EXIT_UNDECIDED} under {@code --fail-if-undecided}. A
 * suite with a task that could not be measured ({@link GateOutcome#FAILED}) ends as that
 * comparison alone would: 2 where the user's task, its fork or a build failed, 5 where a counter
 * or the library did ({@link #failureExitCode}).
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
                    + "slower than A by more than --margin (in any task of a suite); otherwise 0 (an undecided comparison says "
                    + "so on standard error). In a suite, a task that could not be measured ends the command as it would "
                    + "alone (2; 5 if a counter or the library failed), unless another task regressed.")
    FailIf failIf;

    @Option(names = "--fail-if-undecided",
            description = "With --fail-if: end with exit code 4 when the comparison could not decide (too_noisy, too_few, "
                    + "clocks_disagree), instead of 0.")
    boolean failIfUndecided;

    /** Whether a gate was asked for. */
    boolean gating() {
        return failIf != null;
    }

    /** Refuses {@code --fail-if-undecided} without the gate it tightens. */
    void check(CommandSpec spec) {
        if (failIfUndecided && !gating()) {
            throw new ParameterException(spec.commandLine(), "--fail-if-undecided fails a gate that could not decide: "
                    + "add --fail-if slower (with --margin) to make the comparison a gate");
        }
    }

    /** The exit code for {@code result}, saying on {@code err} what an undecided gate did. */
    int exitCode(CompareResult result, PrintWriter err) {
        return exitCode(result.gateOutcome(), result.verdict().label(), result.summary(), err);
    }

    /**
     * The exit code for a suite: 1 if any task regressed and a gate was asked for
     * ({@link SuiteResult#gateOutcome()}); otherwise, where a task could not be measured, what
     * {@link #failureExitCode} says, gate or not, as that task alone would have ended the command.
     */
    int exitCode(SuiteResult suite, PrintWriter err) {
        boolean regressed = suite.gateOutcome() == GateOutcome.REGRESSED;
        if (!suite.failures().isEmpty() && !(gating() && regressed)) {
            SuiteResult.TaskOutcome first = suite.failures().get(0);
            RuntimeException failure = first.failure().orElseThrow();
            err.println("counters compare: " + suite.failures().size() + " of " + suite.tasks().size() + " tasks could not be "
                    + "measured; the first, " + first.task() + ": "
                    + Messages.visible(String.valueOf(failure.getMessage()).replace("\t", "    ")));
            err.flush();
            return failureExitCode(failure);
        }
        return exitCode(suite.gateOutcome(), "a task undecided", suite.summary(), err);
    }

    /**
     * The exit code of a task that could not be measured: {@link CountersCommand#EXIT_USAGE} where it
     * is the user's to fix, as for one comparison (the task threw or called {@code System.exit}, its
     * fork's JVM refused the options or died, a build lacks its class or what it calls);
     * {@link CountersCommand#EXIT_FAILURE} where a counter, a file or the library failed.
     */
    static int failureExitCode(RuntimeException failure) {
        return failure instanceof TaskFailedException || failure instanceof IllegalArgumentException
                || failure instanceof IllegalStateException ? CountersCommand.EXIT_USAGE : CountersCommand.EXIT_FAILURE;
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
