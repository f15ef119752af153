package dev.counters.junit;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult;
import dev.counters.measure.CompareSuite;
import dev.counters.measure.GateOutcome;
import dev.counters.measure.SuiteResult;
import dev.counters.measure.Verdict;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.opentest4j.AssertionFailedError;

/**
 * A comparison as a JUnit 5 test: it fails when B is slower than A by more than a margin, is
 * aborted (reported as skipped, with the reason) when the comparison could not tell, and passes
 * otherwise. The decision is the library's ({@link CompareResult#gateOutcome()}); the failure
 * message is its one-sentence answer ({@link CompareResult#summary()}).
 *
 * <pre>{@code
 * @Test
 * void theNewParserIsNotSlower() {
 *     CompareAssertions.assertNotSlower(Compare.of(OldParser.class, NewParser.class)
 *             .budget(Duration.ofSeconds(28)), 0.02);   // fails only on a slowdown beyond 2%, at 99%
 * }
 * }</pre>
 *
 * <p><b>Why undecided aborts.</b> A comparison that could not tell (too noisy, too few
 * measurements, the clocks disagree) has no answer: failing the test would be a false alarm, passing
 * it would hide that nothing was checked. An aborted test is neither, and the test report shows
 * the reason (for example, the budget that would decide).
 *
 * <p><b>Where it belongs.</b> A comparison takes its budget (28 s by default) and wants a quiet
 * machine: keep such tests apart from the unit tests (a tag, a separate source set or surefire
 * execution), and give task classes ({@link Compare#of(Class, Class)}) rather than lambdas, so that
 * the answer rests on fresh JVMs and not on this test JVM's JIT history.
 */
public final class CompareAssertions {
    private CompareAssertions() {}

    /**
     * Runs {@code comparison} with {@code margin} (a share: 0.02 for 2%) and asserts that B is not
     * slower than A by more than it.
     *
     * @return the result, when B was faster or alike within the margin
     * @throws AssertionFailedError when B is slower beyond the margin, with the result's summary as message
     * @throws org.opentest4j.TestAbortedException when the comparison could not tell, with its summary
     * @throws IllegalArgumentException when the margin is not a share from 0 to below 1
     */
    public static CompareResult assertNotSlower(Compare comparison, double margin) {
        requireNonNull(comparison, "comparison is null; pass a Compare, e.g. Compare.of(Old.class, New.class)");
        return assertNotSlower(comparison.margin(margin).run(), margin);
    }

    /**
     * Asserts that a comparison already run with {@code margin} found B not slower than A by more
     * than it; see {@link #assertNotSlower(Compare, double)}.
     *
     * @throws IllegalArgumentException when the result was judged with another margin: a verdict
     *     answers the margin it was run with, so run it with {@link Compare#margin(double)}
     */
    public static CompareResult assertNotSlower(CompareResult result, double margin) {
        requireSameMargin(requireNonNull(result, "result").margin(), margin);
        GateOutcome outcome = result.gateOutcome();
        if (outcome == GateOutcome.REGRESSED) {
            throw new AssertionFailedError(result.summary());
        }
        abortIfUndecided(outcome, result.summary());
        return result;
    }

    /**
     * Runs {@code comparison} with {@code margin} and asserts that B is faster than A by more than
     * it (the whole interval of B/A below {@code 1 / (1 + margin)}): for a change made to speed
     * something up.
     *
     * @return the result, when B was faster beyond the margin
     * @throws AssertionFailedError when B was slower, or alike within the margin, with the result's summary
     * @throws org.opentest4j.TestAbortedException when the comparison could not tell
     */
    public static CompareResult assertFaster(Compare comparison, double margin) {
        requireNonNull(comparison, "comparison is null; pass a Compare, e.g. Compare.of(Old.class, New.class)");
        CompareResult result = comparison.margin(margin).run();
        abortIfUndecided(result.gateOutcome(), result.summary());
        if (result.verdict() != Verdict.FASTER) {
            throw new AssertionFailedError("B is not faster than A by more than " + percent(margin) + ": " + result.summary());
        }
        return result;
    }

    /**
     * Runs {@code suite} with {@code margin} and asserts that no task of it regressed.
     *
     * @return the result, when every task passed
     * @throws AssertionFailedError when a task regressed (the message names each with its summary),
     *     or when a task failed to run (its exception is the cause)
     * @throws org.opentest4j.TestAbortedException when no task regressed but one could not tell
     * @throws IllegalArgumentException or {@link IllegalStateException} when a setting of the suite is
     *     refused before any task runs (see {@link CompareSuite#check()}): the test's mistake, an error
     */
    public static SuiteResult assertNotSlower(CompareSuite suite, double margin) {
        requireNonNull(suite, "suite is null; pass a CompareSuite, e.g. CompareSuite.ofBuilds(tasks, oldJar, newClasses)");
        return assertNotSlower(suite.margin(margin).run(), margin);
    }

    /** Asserts that a suite already run with {@code margin} has no regressed task; see {@link #assertNotSlower(CompareSuite, double)}. */
    public static SuiteResult assertNotSlower(SuiteResult result, double margin) {
        requireSameMargin(requireNonNull(result, "result").margin(), margin);
        if (result.gateOutcome() == GateOutcome.REGRESSED) {
            throw new AssertionFailedError(result.summary() + result.regressions().stream()
                    .map(t -> "\n  " + t.task() + ": " + t.result().orElseThrow().summary()).collect(Collectors.joining()));
        }
        if (result.gateOutcome() == GateOutcome.FAILED) {
            SuiteResult.TaskOutcome first = result.failures().get(0);
            throw new AssertionFailedError(result.summary() + " The first task that failed, " + first.task() + ": "
                    + first.failure().orElseThrow(), first.failure().orElseThrow());
        }
        abortIfUndecided(result.gateOutcome(), result.toString());
        return result;
    }

    private static void requireSameMargin(double judgedWith, double asked) {
        if (Double.compare(judgedWith, asked) != 0) {
            throw new IllegalArgumentException("the result was judged with a margin of " + percent(judgedWith)
                    + ", not the " + percent(asked) + " asked: a verdict answers the margin it was run with, so run the "
                    + "comparison with .margin(" + asked + ") or pass it to assertNotSlower(Compare, double)");
        }
    }

    private static void abortIfUndecided(GateOutcome outcome, String reason) {
        Assumptions.assumeFalse(outcome == GateOutcome.UNDECIDED, () -> "The comparison could not tell: " + reason);
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%s%%", java.math.BigDecimal.valueOf(100 * share).stripTrailingZeros()
                .toPlainString());
    }
}
