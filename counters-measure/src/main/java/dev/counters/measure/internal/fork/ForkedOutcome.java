package dev.counters.measure.internal.fork;

import dev.counters.measure.CompareTerms;
import dev.counters.measure.ForkRun;
import dev.counters.measure.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the forks of a comparison said, judged together: the verdict with the clock, ratio and
 * interval it rests on, the reason in words, each fork as it ran, and what to tell the user.
 *
 * @param clock the clock the verdict rests on: {@code wall} or {@code thread CPU}
 * @param confidence the confidence the interval was read at (the deciding look's)
 * @param nanosPerRunA the median over the counted forks of one run of A on that clock (NaN: none counted)
 * @param budgetToDecide for an undecided verdict, the budget that would decide, when one would
 * @param forksToDecide the forks to set with that budget (0 when there is none)
 * @param fewestForks the fewest forks a verdict rests on
 * @param jvmOptions the JVM options the forks ran with
 * @param budgetNote how the budget was adapted to the tasks' length ({@code ""}: as given)
 */
public record ForkedOutcome(Verdict verdict, String clock, double ratio, double low, double high, double confidence,
        String reason, String machine, CompareTerms.StopReason stoppedBy, List<ForkRun> runs, List<String> warnings,
        List<String> jvmOptions, double nanosPerRunA, double nanosPerRunB, Optional<Duration> budgetToDecide, int forksToDecide,
        int fewestForks, String budgetNote) {
    public ForkedOutcome {
        runs = List.copyOf(runs);
        warnings = List.copyOf(warnings);
        jvmOptions = List.copyOf(jvmOptions);
    }

    /** This outcome, stopped by {@code why}. */
    ForkedOutcome stopped(CompareTerms.StopReason why) {
        return new ForkedOutcome(verdict, clock, ratio, low, high, confidence, reason, machine, why, runs, warnings, jvmOptions,
                nanosPerRunA, nanosPerRunB, budgetToDecide, forksToDecide, fewestForks, budgetNote);
    }

    /** This outcome, with {@code note} saying how the budget was adapted. */
    ForkedOutcome withBudgetNote(String note) {
        return new ForkedOutcome(verdict, clock, ratio, low, high, confidence, reason, machine, stoppedBy, runs, warnings,
                jvmOptions, nanosPerRunA, nanosPerRunB, budgetToDecide, forksToDecide, fewestForks, note);
    }
}
