package dev.counters.measure.internal.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.counters.measure.Compare;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How a budget is planned into forks, and planned again when a task is too long for them. */
class ForkPlanTest {
    private static final long SECOND = 1_000_000_000L;
    private static final long START_AND_END = 400_000_000L;

    @Test
    void aBudgetBuysOneForkPer2Point5SecondsBeyondTheMostAndLooksOnceAfterThemAll() {
        assertEquals(8, ForkPlan.mostForks(Duration.ofSeconds(10), 5, 8), "under 20 s: 8, for the looks after the first");
        assertEquals(8, ForkPlan.mostForks(Duration.ofSeconds(20), 5, 8));
        assertEquals(11, ForkPlan.mostForks(Compare.DEFAULT_BUDGET, 5, 8), "the default 28 s: 11");
        assertEquals(24, ForkPlan.mostForks(Duration.ofSeconds(60), 5, 8));
        assertEquals(6, ForkPlan.mostForks(Duration.ofSeconds(60), 6, 6), "forks(6) is exactly 6, whatever the budget");
        for (int seconds : new int[] {20, 28, 60, 600}) {
            Duration budget = Duration.ofSeconds(seconds);
            int most = ForkPlan.mostForks(budget, 5, 8);
            assertEquals(most, ForkPlan.fewestForks(budget, 5, most), seconds + " s: one look, after every planned fork");
        }
    }

    @Test
    void aForkTooShortForALongTaskLeavesTheRestOfTheBudgetToFewerForksLongEnoughToCount() {
        // 40 s planned as 16 forks; the first, in its 2.1 s, measured 1 pair of a 250 ms task: 3 pairs need 6.3 s.
        ForkPlan.Plan planned = new ForkPlan.Plan(16, 16);
        ForkPlan.Plan next = planned.afterTooShortForks(1, 0, 5, 37 * SECOND, 6_300_000_000L, START_AND_END);
        assertEquals(new ForkPlan.Plan(6, 5), next, "37 s holds 5 forks of 6.7 s: 6 replied, 5 counted");
    }

    @Test
    void aVerdictStillRestsOnTheFewestWhenTheRestHoldsFewerLongForks() {
        ForkPlan.Plan next = new ForkPlan.Plan(11, 11).afterTooShortForks(1, 0, 5, 25 * SECOND, 6_300_000_000L, START_AND_END);
        assertEquals(new ForkPlan.Plan(4, 5), next, "25 s holds 3 forks of 6.7 s, and a verdict rests on 5: too few");
        assertEquals(new ForkPlan.Plan(2, 5), new ForkPlan.Plan(11, 11).afterTooShortForks(2, 1, 5, -SECOND, SECOND, START_AND_END),
                "no budget left: no fork more");
    }

    @Test
    void forksAlreadyLongEnoughKeepThePlan() {
        ForkPlan.Plan planned = new ForkPlan.Plan(11, 11);
        assertEquals(planned, planned.afterTooShortForks(3, 2, 5, 20 * SECOND, 2 * SECOND, START_AND_END),
                "20 s holds 8 forks of 2.4 s, as many as are still planned");
    }
}
