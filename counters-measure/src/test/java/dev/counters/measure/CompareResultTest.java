package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.internal.CompareSettings;
import dev.counters.measure.internal.fork.ForkedOutcome;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a result across JVMs says first: the sentence, the time per run, the difference ruled out, the budget that would decide. */
class CompareResultTest {
    private static final CompareSettings SETTINGS = new CompareSettings(Duration.ofSeconds(20), 0.0025, 0.99, 0, 32,
            Duration.ofMillis(1200), Compare.Order.ALTERNATING, Compare.JudgedBy.AUTO);

    private static ForkRun fork(int number, boolean counted) {
        return new ForkRun(number, counted ? ForkRun.Status.COUNTED : ForkRun.Status.TOO_FEW_PAIRS,
                counted ? "" : "2 pairs in its share of 1 s, fewer than 3", 1.0, 1.0, 100, 101, 99,
                100, counted ? 40 : 2, Optional.of(Verdict.TOO_NOISY), "quiet", Duration.ofSeconds(4));
    }

    /** A result whose times per run have the ratio B/A it reports. */
    private static CompareResult result(Verdict verdict, double ratio, double low, double high, String machine,
            Optional<Duration> budget) {
        return result(verdict, ratio, low, high, machine, budget, 2_500, 2_500 * ratio);
    }

    private static CompareResult result(Verdict verdict, double ratio, double low, double high, String machine,
            Optional<Duration> budget, double nanosA, double nanosB) {
        ForkedOutcome outcome = new ForkedOutcome(verdict, CompareResult.WALL, ratio, low, high, 0.992, "the reason", machine,
                Compare.StopReason.FORKS, List.of(fork(1, true), fork(2, false), fork(3, true)),
                List.of("JVM 1: the tasks left 1 non-daemon thread(s) running (pool-1)"), List.of("-Xmx1g"), nanosA, nanosB, budget, budget.isPresent() ? 12 : 0, 5, "");
        return CompareResult.acrossJvms(outcome, SETTINGS, Duration.ofSeconds(21));
    }

    @Test
    void anUndecidedResultSaysTheLargestDifferenceItAllowsAndTheBudgetThatWouldDecide() {
        CompareResult noisy = result(Verdict.TOO_NOISY, 1.01, 0.974, 1.026, "quiet", Optional.of(Duration.ofSeconds(95)));
        assertEquals(0.026, noisy.differenceRuledOut(), 1e-12, "the upper end is the farther from 1");
        assertEquals("Too noisy to tell: B/A 1.0100 [0.9740, 1.0260] in wall time (99.2% interval over 2 JVMs). No difference "
                + "above 2.60% either way. A budget of about 95 s, with forks set to 12, would decide.", noisy.summary());
        assertEquals(2, noisy.jvms(), "the counted forks");
        assertEquals(3, noisy.forkRuns().size());
        assertEquals(2_500, noisy.nanosPerRunA());
        assertEquals(2_525, noisy.nanosPerRunB(), 1e-9);
        assertEquals(Optional.of(Duration.ofSeconds(95)), noisy.budgetToDecide());
        assertEquals(12, noisy.forksToDecide());
        assertEquals(GateOutcome.UNDECIDED, noisy.gateOutcome());
        assertEquals("A", noisy.nameA());
        assertEquals("B", noisy.nameB());
        assertEquals(List.of("-Xmx1g"), noisy.forkJvmOptions());
        assertEquals(List.of("JVM 1: the tasks left 1 non-daemon thread(s) running (pool-1)"), noisy.warnings());
        assertTrue(noisy.toString().contains("ForkRun[number=2, status=TOO_FEW_PAIRS, note=2 pairs"), noisy.toString());
        assertTrue(noisy.toString().contains("warning: JVM 1: the tasks left"), noisy.toString());
        CompareResult below = result(Verdict.INDISTINGUISHABLE, 0.99, 0.95, 1.01, "quiet", Optional.empty());
        assertEquals(0.05, below.differenceRuledOut(), 1e-12, "the lower end is the farther from 1");
        assertTrue(below.summary().startsWith("A and B cannot be told apart: B/A 0.9900 [0.9500, 1.0100]"), below.summary());
        assertTrue(below.summary().endsWith("No difference above 5.00% either way."), below.summary());
    }

    @Test
    void timesPerRunWhoseRatioTheIntervalRulesOutAreNamedAsSuchInEveryReport() {
        // A CRC32 of one 2 KiB array against itself across 11 JVMs: each copy's array ran at 70 us or 86 us
        // by where it lay in memory, B's more often at 86: the medians' ratio, 1.2070, is not what B/A shows.
        CompareResult modes = result(Verdict.TOO_NOISY, 1.0601, 0.9840, 1.1421, "quiet", Optional.empty(), 71_450, 86_240);
        String warning = "the times per run, A 71.45 us and B 86.24 us (B/A 1.2070), lie outside B/A's interval [0.9840, "
                + "1.1421]: the runs' times fall into modes (the JIT's code, or the data's place in memory, differs from one "
                + "copy of a task to another), which B/A weighs alike and a median does not; act on B/A, not on the times per run";
        assertEquals(warning, modes.warnings().get(modes.warnings().size() - 1));
        assertTrue(CompareReport.text(modes).contains("Warning: " + warning + "."), CompareReport.text(modes));
        assertTrue(CompareReport.markdown(modes).contains(warning), CompareReport.markdown(modes));
        assertTrue(CompareReport.json(modes).contains(warning), CompareReport.json(modes));
        CompareResult below = result(Verdict.FASTER, 0.90, 0.88, 0.92, "quiet", Optional.empty(), 2_000, 1_700);
        assertTrue(below.warnings().get(below.warnings().size() - 1).startsWith("the times per run, A 2 us and B 1.7 us "
                + "(B/A 0.8500), lie outside B/A's interval [0.8800, 0.9200]"), below.warnings().toString());
        for (double nanosB : new double[] {2_500 * 0.9840, 2_500 * 1.1421, 2_600}) {
            CompareResult within = result(Verdict.TOO_NOISY, 1.0601, 0.9840, 1.1421, "quiet", Optional.empty(), 2_500, nanosB);
            assertTrue(within.warnings().stream().noneMatch(line -> line.startsWith("the times per run")), within.warnings().toString());
        }
        CompareResult none = result(Verdict.TOO_FEW, Double.NaN, Double.NaN, Double.NaN, "quiet", Optional.empty(), 2_500, 3_000);
        assertTrue(none.warnings().stream().noneMatch(line -> line.startsWith("the times per run")), "no interval, no claim");
    }

    @Test
    void anUndecidedIntervalThatExcludesOneSaysWhatItShowsAndWhyItIsNoVerdictNeverNoDifference() {
        // The parallel sort of issue #51: four JVMs agreed on 0.48-0.57, a verdict rests on five.
        CompareResult fewJvms = result(Verdict.TOO_FEW, 0.5395, 0.4180, 0.6964, "quiet", Optional.of(Duration.ofSeconds(30)));
        assertEquals(Double.NaN, fewJvms.differenceRuledOut(), "an interval that excludes 1 rules out no difference");
        assertEquals("Too few measurements for a verdict: B/A 0.5395 [0.4180, 0.6964] in wall time (99.2% interval over 2 "
                + "JVMs). B takes between 30.4% and 58.2% less time than A, but a verdict rests on at least 5 JVMs and 2 were "
                + "counted. A budget of about 30 s, with forks set to 12, would decide.", fewJvms.summary());
        assertFalse(fewJvms.summary().toLowerCase(Locale.ROOT).contains("no difference"), fewJvms.summary());
        // Beyond a margin the interval reaches into: a difference, not surely one beyond the margin.
        CompareResult withinMargin = result(Verdict.TOO_NOISY, 1.02, 1.01, 1.03, "quiet", Optional.empty());
        assertTrue(withinMargin.summary().contains("B takes between 1.00% and 3.00% more time than A: a difference, but not "
                + "surely one beyond the margin"), withinMargin.summary());
    }

    @Test
    void aDecidedResultSaysByHowMuchInOneConventionAndNothingAboutADifferenceItRulesOut() {
        CompareResult slower = result(Verdict.SLOWER, 1.0302, 1.0231, 1.0364, "quiet", Optional.empty());
        assertEquals("B takes 3.02% more time than A: B/A 1.0302 [1.0231, 1.0364] in wall time (99.2% interval over 2 JVMs).",
                slower.summary());
        assertEquals(GateOutcome.REGRESSED, slower.gateOutcome());
        CompareResult faster = result(Verdict.FASTER, 0.8, 0.7, 0.9, "loaded", Optional.empty());
        assertEquals(GateOutcome.PASSED, faster.gateOutcome());
        assertEquals("B takes 20.0% less time than A: B/A 0.8000 [0.7000, 0.9000] in wall time (99.2% interval over 2 JVMs).",
                faster.summary(), "a share is of B/A from 1: 0.8 is 20% less, never 25% faster");
        CompareResult farApart = result(Verdict.FASTER, 0.0001423, 0.0001398, 0.0001449, "quiet", Optional.empty());
        assertTrue(farApart.summary().startsWith("B takes 1/7027 of A's time: B/A 0.0001423 [0.0001398, 0.0001449]"),
                farApart.summary());
        assertEquals("loaded", faster.machine());
        assertTrue(faster.toString().startsWith(faster.summary()), faster.toString());
        CompareResult disagree = result(Verdict.CLOCKS_DISAGREE, 1.2, 1.1, 1.3, "quiet", Optional.empty());
        assertTrue(disagree.summary().startsWith("The clocks disagree: B/A 1.2000"), disagree.summary());
        assertTrue(disagree.summary().contains("(by wall or by cpu)"), disagree.summary());
    }

    @Test
    void aResultWithNoCountedForkSaysWhatBecameOfThemAndTheBudgetThatWouldDecide() {
        CompareResult none = result(Verdict.TOO_FEW, Double.NaN, 0, Double.POSITIVE_INFINITY, "loaded",
                Optional.of(Duration.ofSeconds(14)));
        assertEquals(Double.NaN, none.differenceRuledOut());
        assertEquals("Too few measurements for a verdict: the reason. A budget of about 14 s, with forks set to 12, would decide.",
                none.summary());
    }

    @Test
    void aSuiteWithATaskThatCouldNotBeMeasuredFailsAboveOneThatCouldNotTell() {
        SuiteResult.TaskOutcome noisy = SuiteResult.TaskOutcome.ran("noisy",
                result(Verdict.TOO_NOISY, 1.01, 0.974, 1.026, "quiet", Optional.empty()));
        SuiteResult.TaskOutcome failed = SuiteResult.TaskOutcome.failed("failed", new IllegalStateException("fork died"));
        assertEquals(GateOutcome.UNDECIDED, new SuiteResult(List.of(noisy), 0.02, Duration.ofSeconds(1)).gateOutcome());
        SuiteResult both = new SuiteResult(List.of(noisy, failed), 0.02, Duration.ofSeconds(1));
        assertEquals(GateOutcome.FAILED, both.gateOutcome());
        assertEquals(List.of(failed), both.failures());
        assertTrue(both.summary().startsWith("FAILED: 0 of 2 tasks regressed beyond a margin of 2.0%, 1 undecided, 1 failed, "
                + "0 passed"), both.summary());
    }
}
