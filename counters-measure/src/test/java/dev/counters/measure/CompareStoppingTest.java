package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * When {@link Compare} stops, over the fake clocks of {@link CompareFixture}: at the budget when the
 * interval never narrows (and no later), at the target (a narrower one needing more pairs, checked
 * again after a first check fails), and on an interrupt, with the pairs so far and the interrupt left set.
 */
class CompareStoppingTest extends CompareFixture {
    @Test
    void anIntervalThatNeverNarrowsRunsUntilTheBudgetAndNoFurther() {
        // B's time alternates between 0.5x and 2x of A's per block: the interval stays wide.
        int[] block = {0};
        Task b = () -> {
            order.append('B');
            long nanos = block[0]++ % 4 < 2 ? 500_000 : 2_000_000;
            wall.advance(nanos);
            cpu.advance(0, nanos);
            return null;
        };
        Duration budget = Duration.ofMillis(300);
        long start = wall.read();
        CompareResult result = compare(task('A', 1_000_000, 1_000_000), b).budget(budget).run();
        long elapsed = wall.read() - start;
        assertEquals(Compare.StopReason.BUDGET, result.stoppedBy());
        assertTrue(elapsed <= budget.toNanos(), "took " + elapsed + " ns of a " + budget + " budget");
        // a round of 16 runs (8 of them re-warming) takes up to 24 ms: the last one started no later than one round before
        // the end
        assertTrue(elapsed > budget.toNanos() - 2 * 24_000_000, "stopped early, at " + elapsed);
        assertEquals(Verdict.TOO_NOISY, result.wall().verdict());
        assertEquals(Verdict.TOO_NOISY, result.verdict());
        assertEquals(result.elapsed().toNanos(), elapsed);
        assertTrue(result.toString().contains("stopped by budget"), result.toString());
    }

    @Test
    void aNarrowerTargetNeedsMorePairs() {
        // ratios of 0.8, 1.2 and about 1.0 in turn: the interval holds 1 and narrows only to about ±0.3%
        int[] calls = {0};
        Task b = () -> {
            order.append('B');
            int n = calls[0]++;
            long nanos = n % 3 == 0 ? 1_200_000 : n % 3 == 1 ? 800_000 : 1_000_000 + (n % 7 - 3) * 1000;
            wall.advance(nanos);
            cpu.advance(0, nanos);
            return null;
        };
        CompareResult loose = compare(task('A', 1_000_000, 1_000_000), b).target(0.2).run();
        // The loose target's band (4 x 20%) holds the interval at once: decided indistinguishable, the one definition of
        // decided that every stopping rule asks, or stopped by the target; either way before the tight one.
        assertTrue(loose.stoppedBy() == Compare.StopReason.TARGET || loose.stoppedBy() == Compare.StopReason.DECIDED
                && loose.verdict() == Verdict.INDISTINGUISHABLE, loose.toString());
        assertTrue(loose.pairs() >= Compare.DEFAULT_MIN_PAIRS, loose.toString());
        calls[0] = 0;
        CompareResult tight = compare(task('A', 1_000_000, 1_000_000), b).target(1e-6).budget(Duration.ofMillis(500)).run();
        assertEquals(Compare.StopReason.BUDGET, tight.stoppedBy());
        assertTrue(tight.pairs() > loose.pairs());
        assertEquals(1e-6, tight.target());
    }

    @Test
    void theTargetIsCheckedAgainAfterTheFirstCheckFails() {
        // The first 30 pairs (60 runs of B, each timed one after its re-warming run) are noisy, every later one is exactly
        // 1.1: the interval narrows later.
        int[] calls = {0};
        Task b = () -> {
            order.append('B');
            int n = calls[0]++;
            long nanos = n < 60 ? (n / 2 % 2 == 0 ? 500_000 : 2_000_000) : 1_100_000;
            wall.advance(nanos);
            cpu.advance(0, nanos);
            return null;
        };
        CompareResult result = compare(task('A', 1_000_000, 1_000_000), b).budget(Duration.ofSeconds(100)).run();
        // the 99% interval is [1.1, 1.1] before the stricter 99.9% one leaves the noisy ratios behind
        assertEquals(Compare.StopReason.TARGET, result.stoppedBy());
        assertEquals(Verdict.SLOWER, result.verdict());
        assertTrue(result.pairs() > 30 && result.pairs() < 200, "pairs " + result.pairs());
        assertEquals(Verdict.SLOWER, result.wall().verdict());
    }

    @Test
    void anInterruptEndsItWithThePairsSoFarAndStaysSet() {
        // B is so noisy that only the interrupt, after its 10th run (re-warming runs included), can end the comparison
        // early: the alternating order finishes the round of the interrupt, the sequential one stops at once.
        int[] runs = {0};
        Task b = () -> {
            order.append('B');
            wall.advance(runs[0] % 2 == 0 ? 500_000 : 3_000_000);
            cpu.advance(0, runs[0] % 2 == 0 ? 500_000 : 3_000_000);
            if (++runs[0] == 10) {
                Thread.currentThread().interrupt();
            }
            return null;
        };
        // (a duet's interrupt comes from another thread: CompareDuetFailuresTest)
        for (Compare.Order order : List.of(Compare.Order.ALTERNATING, Compare.Order.SEQUENTIAL)) {
            runs[0] = 0;
            CompareResult result = compare(task('A', 1_000_000, 1_000_000), b).order(order).run();
            assertTrue(Thread.interrupted(), "the interrupt is left set for the caller");
            assertEquals(Compare.StopReason.INTERRUPTED, result.stoppedBy(), order.toString());
            if (order == Compare.Order.SEQUENTIAL) {
                assertEquals(10, runs[0], order.toString());
            } else {
                assertEquals(0, result.pairs() % 4, "whole rounds: " + result.pairs());
                assertTrue(runs[0] >= 10 && runs[0] < 10 + 8, "B runs 8 times a round (4 re-warming): " + runs[0]);
            }
            assertEquals("interrupted", result.stoppedBy().label());
        }
    }
}
