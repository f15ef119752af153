package dev.counters.measure.internal.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Compare;
import dev.counters.measure.ForkRun;
import dev.counters.measure.Verdict;
import dev.counters.measure.internal.CompareSettings;
import dev.counters.measure.internal.stats.ForkStoppingRule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The forks' figures judged together, from replies made up here: what counts, what decides, what would. */
class ForkJudgementTest {
    private static final CompareSettings SETTINGS = new CompareSettings(Duration.ofSeconds(20), 0.0025, 0.99, 0, 32,
            Duration.ofMillis(1200), Compare.Order.ALTERNATING, Compare.JudgedBy.AUTO);
    private static final ForkStoppingRule RULE = new ForkStoppingRule(0.99, 5, 8);
    private static final ForkReply.OwnInterval OWN = new ForkReply.OwnInterval(1, 0.9, 1.1, 0.5);

    private static ForkJudgement.Fork fork(int number, double ratio, double floor, int pairs, String machine) {
        ForkReply.Measured figures = new ForkReply.Measured(ForkMessage.VERSION, ratio, ratio, floor, floor, 60e6, 60e6 * ratio,
                59e6, 59e6 * ratio, OWN, OWN, 0, 0, pairs, machine, machine + ": 3 of 4 runs preempted", 0, 0,
                3_000_000_000L, 1, 1, 1, 4, "wall w (posix, FFM), thread CPU t (posix, FFM)", List.of(), List.of());
        Duration share = Duration.ofMillis(3600);
        return ForkJudgement.replied(number, figures, 3_400_000_000L, share, false);
    }

    @Test
    void forksOfAFewLongPairsThatAgreeDecide() {
        // A 61 ms sort against a parallel one: each fork 4 pairs at 0.53-0.57, each alone too few for a 99% interval.
        List<ForkJudgement.Fork> forks = new ArrayList<>();
        double[] ratios = {0.55, 0.53, 0.57, 0.54, 0.56};
        for (int i = 0; i < ratios.length; i++) {
            forks.add(fork(i + 1, ratios[i], 2e-4, 4, "quiet"));
        }
        ForkedOutcome outcome = ForkJudgement.judge(forks, RULE, SETTINGS, List.of(), 5);
        assertEquals(Verdict.FASTER, outcome.verdict(), outcome.reason());
        assertTrue(outcome.runs().stream().allMatch(ForkRun::counted));
        assertEquals(59e6, outcome.nanosPerRunA(), 1, "on thread CPU time, whose interval is as narrow: the verdict's clock");
        assertEquals(59e6 * 0.55, outcome.nanosPerRunB(), 1);
    }

    @Test
    void oneCountedForkShowsItsOwnIntervalNeverZeroToInfinity() {
        // Issue #51: tasks about 7,000 times apart read "too_few" with intervals such as [0, 7.4] and [0, 2.6e15].
        ForkedOutcome one = ForkJudgement.judge(List.of(fork(1, 1.0, 0, 40, "quiet")), RULE, SETTINGS, List.of(), 5);
        assertEquals(Verdict.TOO_FEW, one.verdict());
        assertEquals(OWN.low(), one.low(), 1e-12, one.toString());
        assertEquals(OWN.high(), one.high(), 1e-12, one.toString());
        assertEquals(OWN.achieved(), one.confidence(), 1e-12, "the confidence its own pairs reach");
    }

    @Test
    void aForkThatReadsItsClocksOtherwiseThanThisJvmIsNamed() {
        ForkedOutcome outcome = ForkJudgement.judge(List.of(fork(1, 1.0, 0, 40, "quiet")), RULE, SETTINGS, List.of(), 5,
                "wall w (posix, FFM), thread CPU t (posix, JNA)");
        assertTrue(outcome.warnings().stream().anyMatch(w -> w.startsWith("JVM 1 read its clocks as wall w (posix, FFM)")),
                outcome.warnings().toString());
        assertTrue(ForkJudgement.judge(List.of(fork(1, 1.0, 0, 40, "quiet")), RULE, SETTINGS, List.of(), 5,
                "wall w (posix, FFM), thread CPU t (posix, FFM)").warnings().isEmpty());
    }

    @Test
    void aForkWithFewerThanThreePairsIsListedButNotCounted() {
        ForkJudgement.Fork two = fork(1, 0.5, 0, 2, "quiet");
        assertFalse(two.counted());
        assertEquals("2 pairs in its share of 3.6 s, fewer than 3", two.note());
    }

    @Test
    void aLoadedMachineIsNamedAsTheCauseWhenNoForkCounted() {
        ForkedOutcome loaded = ForkJudgement.judge(List.of(fork(1, 1.2, 0, 1, "loaded"), fork(2, 1.1, 0, 2, "quiet")), RULE,
                SETTINGS, List.of(), 5);
        assertEquals(Verdict.TOO_FEW, loaded.verdict());
        assertTrue(loaded.reason().contains("the machine was loaded (loaded: 3 of 4 runs preempted)"), loaded.reason());
        assertFalse(loaded.reason().contains("takes too long"), loaded.reason());
        ForkedOutcome quiet = ForkJudgement.judge(List.of(fork(1, 1.2, 0, 1, "quiet")), RULE, SETTINGS, List.of(), 5);
        assertTrue(quiet.reason().contains("a pair of the tasks takes too long for a fork's share"), quiet.reason());
        // A pair of 60 + 72 ms runs, each after a re-warming run: 0.264 s. 5 forks of 3 pairs, the pairs a third of a
        // share at least, each JVM 0.4 s to start and end: 5 x (3 x 0.264 s x 3 + 0.4 s).
        assertEquals(Duration.ofMillis(13_880), quiet.budgetToDecide().orElseThrow());
    }

    @Test
    void anUndecidedVerdictSaysHowManyForksWouldDecideItAndWhatBudget() {
        List<ForkJudgement.Fork> forks = new ArrayList<>();
        double[] ratios = {1.00, 1.06, 1.01, 1.07, 1.02};
        for (int i = 0; i < ratios.length; i++) {
            forks.add(fork(i + 1, ratios[i], 0, 40, "quiet"));
        }
        ForkedOutcome outcome = ForkJudgement.judge(forks, RULE, SETTINGS, List.of(), 5);
        assertEquals(Verdict.TOO_NOISY, outcome.verdict(), outcome.reason());
        Duration budget = outcome.budgetToDecide().orElseThrow();
        assertTrue(budget.compareTo(Duration.ofSeconds(20)) > 0, budget.toString());
        assertTrue(outcome.forksToDecide() > 5, "the forks the budget runs: " + outcome.forksToDecide());
    }

    @Test
    void aForkWithTooFewPairsLengthensTheForksTheAdviceAsksFor() {
        // Four forks agree; the fifth measured 2 pairs in its 3.6 s share, too few to count: 4 counted, too few.
        List<ForkJudgement.Fork> forks = new ArrayList<>();
        double[] ratios = {0.54, 0.541, 0.539, 0.5405};
        for (int i = 0; i < ratios.length; i++) {
            forks.add(fork(i + 1, ratios[i], 1e-6, 8, "quiet"));
        }
        forks.add(fork(5, 0.55, 1e-6, 2, "quiet"));
        ForkedOutcome outcome = ForkJudgement.judge(forks, RULE, SETTINGS, List.of(), 5);
        assertEquals(Verdict.TOO_FEW, outcome.verdict(), outcome.reason());
        assertEquals(5, outcome.forksToDecide());
        // 5 forks, each with the 3.6 s share times 3 pairs / 2 measured: 5.4 s; not 5 of the 3.4 s these took.
        assertEquals(Duration.ofMillis(27_000), outcome.budgetToDecide().orElseThrow());
    }

    @Test
    void identicalForksThatDisagreeByChanceGetNoPromiseTheyCannotKeep() {
        List<ForkJudgement.Fork> forks = new ArrayList<>();
        double[] ratios = {0.90, 1.10, 0.95, 1.08, 0.97};
        for (int i = 0; i < ratios.length; i++) {
            forks.add(fork(i + 1, ratios[i], 0, 40, "quiet"));
        }
        ForkedOutcome outcome = ForkJudgement.judge(forks, RULE, SETTINGS, List.of(), 5);
        assertFalse(outcome.verdict().isDecisive(), outcome.reason());
    }
}
