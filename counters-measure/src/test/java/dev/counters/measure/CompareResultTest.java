package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        return new ForkRun(number, counted, counted ? "" : "2 pairs in its share of 1 s, fewer than 3", 1.0, 1.0, 100, 101, 99,
                100, counted ? 40 : 2, Verdict.TOO_NOISY, "quiet", Duration.ofSeconds(4));
    }

    private static CompareResult result(Verdict verdict, double ratio, double low, double high, String machine,
            Optional<Duration> budget) {
        ForkedOutcome outcome = new ForkedOutcome(verdict, CompareResult.WALL, ratio, low, high, 0.992, "the reason", machine,
                Compare.StopReason.FORKS, List.of(fork(1, true), fork(2, false), fork(3, true)),
                List.of("JVM 1: the tasks left 1 non-daemon thread(s) running (pool-1)"), List.of("-Xmx1g"), 2_500, 2_600, budget);
        return CompareResult.acrossJvms(outcome, SETTINGS, Duration.ofSeconds(21));
    }

    @Test
    void anUndecidedResultSaysTheLargestDifferenceItAllowsAndTheBudgetThatWouldDecide() {
        CompareResult noisy = result(Verdict.TOO_NOISY, 1.01, 0.974, 1.026, "quiet", Optional.of(Duration.ofSeconds(95)));
        assertEquals(0.026, noisy.differenceRuledOut(), 1e-12, "the upper end is the farther from 1");
        assertEquals("Too noisy to tell: B/A 1.0100 [0.9740, 1.0260] in wall time (99.2% interval over 2 JVMs). No difference "
                + "above 2.6% either way. A budget of about 1.6 min would decide.", noisy.summary().replace("95 s", "1.6 min"));
        assertEquals(2, noisy.jvms(), "the counted forks");
        assertEquals(3, noisy.forkRuns().size());
        assertEquals(2_500, noisy.nanosPerRunA());
        assertEquals(2_600, noisy.nanosPerRunB());
        assertEquals(Optional.of(Duration.ofSeconds(95)), noisy.budgetToDecide());
        assertEquals(List.of("-Xmx1g"), noisy.forkJvmOptions());
        assertEquals(List.of("JVM 1: the tasks left 1 non-daemon thread(s) running (pool-1)"), noisy.warnings());
        assertTrue(noisy.toString().contains("ForkRun[number=2, counted=false, leftOutReason=2 pairs"), noisy.toString());
        assertTrue(noisy.toString().contains("warning: JVM 1: the tasks left"), noisy.toString());
        CompareResult below = result(Verdict.INDISTINGUISHABLE, 0.99, 0.95, 1.01, "quiet", Optional.empty());
        assertEquals(0.05, below.differenceRuledOut(), 1e-12, "the lower end is the farther from 1");
        assertTrue(below.summary().startsWith("A and B cannot be told apart: B/A 0.9900 [0.9500, 1.0100]"), below.summary());
        assertTrue(below.summary().endsWith("No difference above 5.0% either way."), below.summary());
    }

    @Test
    void aDecidedResultSaysByHowMuchAndNothingAboutADifferenceItRulesOut() {
        CompareResult slower = result(Verdict.SLOWER, 1.0302, 1.0231, 1.0364, "quiet", Optional.empty());
        assertEquals("B is 3.02% slower than A: B/A 1.0302 [1.0231, 1.0364] in wall time (99.2% interval over 2 JVMs).",
                slower.summary());
        CompareResult faster = result(Verdict.FASTER, 0.8, 0.7, 0.9, "loaded", Optional.empty());
        assertEquals(String.format(Locale.ROOT, "B is %.2f%% faster than A (takes 20.00%% less time): B/A 0.8000 [0.7000, "
                + "0.9000] in wall time (99.2%% interval over 2 JVMs).", 25.0), faster.summary());
        assertEquals("loaded", faster.machine());
        assertTrue(faster.toString().startsWith(faster.summary()), faster.toString());
        assertTrue(faster.toString().contains("time per run: A 2.5 us, B 2.6 us; machine: loaded"), faster.toString());
        CompareResult disagree = result(Verdict.CLOCKS_DISAGREE, 1.2, 1.1, 1.3, "quiet", Optional.empty());
        assertTrue(disagree.summary().startsWith("The clocks disagree: B/A 1.2000"), disagree.summary());
        assertTrue(disagree.summary().contains("--by wall or --by cpu"), disagree.summary());
    }

    @Test
    void aResultWithNoCountedForkSaysSoAndOnALoadedMachineNamesIt() {
        CompareResult none = result(Verdict.TOO_FEW, Double.NaN, 0, Double.POSITIVE_INFINITY, "loaded",
                Optional.of(Duration.ofSeconds(14)));
        assertEquals(Double.NaN, none.differenceRuledOut());
        assertEquals("Too few measurements to tell on a loaded machine: no JVM measured enough to give a ratio. A budget of "
                + "about 14 s would decide.", none.summary());
    }
}
