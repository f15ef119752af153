package dev.counters.measure.internal.fork;

import java.time.Duration;

/** How many forks a budget holds before the first look, and what a fork costs beyond its share. */
final class ForkPlan {
    /**
     * A budget holds at least one fork per this much before the first look: 2.5 s, so 20 s makes
     * the first look after 8 forks, not 5, and the default 28 s after 11. Between JVMs is where everyday code
     * scatters (a JIT or placement lottery that sets one JVM's copy of a task 8% or twice apart from
     * the other's), and only more JVMs narrow that: Student's t at 7 degrees of freedom over 8 forks
     * at one 99% look is 44% narrower than at 4 over 5 at 99.2%, and shorter forks cost only pairs,
     * whose scatter inside a fork is the smaller part. Measured at 20 s (docs/trials/2026-11-28-night.md):
     * CRC32 rounds 5% more, undecided [1.019, 1.078] in 5 forks, slower [1.035, 1.067] in 8.
     */
    static final Duration PLANNED_FORK = Duration.ofMillis(2_500);
    /** What a JVM is taken to need to start and end before the first fork has measured it: 400 ms. */
    static final Duration FIRST_START_AND_END = Duration.ofMillis(400);

    private ForkPlan() {}

    /**
     * The most forks: {@code maxForks} when the forks were given ({@code minForks == maxForks}), else
     * also one per {@link #PLANNED_FORK} of a longer budget, so that a budget buys forks and its one
     * look reads them all at the confidence asked. Side by side (docs/trials/2026-11-29.md), a date
     * regex 5% slower read ±1.7% over 11 forks in 28 s, ±2.0% over 8 in 20 s; CRC32 1% slower ±0.7%
     * over 24 forks of 2.5 s in 60 s, ±1.4-1.9% over 8 of 7.5 s.
     */
    static int mostForks(Duration budget, int minForks, int maxForks) {
        return forksGiven(minForks, maxForks) ? maxForks : (int) Math.max(maxForks, budget.toNanos() / PLANNED_FORK.toNanos());
    }

    /** Whether the forks were given ({@code Compare.forks(n)}: exactly n), which the budget then neither adds to nor plans again. */
    static boolean forksGiven(int minForks, int maxForks) {
        return minForks == maxForks;
    }

    /**
     * The forks to have replied before the first look, {@code planned}, and the fewest counted a
     * verdict rests on, {@code fewest}: the same number until a fork of a long task measures too few
     * pairs to count, or runs far past its share.
     */
    record Plan(int planned, int fewest) {
        /**
         * After a fork too short for its task (too few pairs to count, or far past its share), with
         * {@code replied} forks replied and {@code counted} counted: the rest of the budget,
         * {@code leftNanos}, in forks of the share that fork needed, {@code neededNanos}, and
         * {@code startAndEndNanos} each, when they are fewer than planned; a verdict still rests on at
         * least {@code minForks}. So a budget that buys forks of 2.5 s does not spend itself on forks
         * that a task of 300 ms a run overruns fivefold (docs/trials/2026-11-29.md).
         */
        Plan afterTooShortForks(int replied, int counted, int minForks, long leftNanos, long neededNanos, long startAndEndNanos) {
            int fit = (int) Math.max(0, leftNanos / Math.max(1, neededNanos + startAndEndNanos));
            return replied + fit < planned ? new Plan(replied + fit, Math.max(minForks, counted + fit)) : this;
        }
    }

    /** The forks before the first look: {@code minForks}, or as many as {@code budget} holds at {@link #PLANNED_FORK} each, up to {@code maxForks}. */
    static int fewestForks(Duration budget, int minForks, int maxForks) {
        return Math.max(minForks, (int) Math.min(maxForks, budget.toNanos() / PLANNED_FORK.toNanos()));
    }
}
