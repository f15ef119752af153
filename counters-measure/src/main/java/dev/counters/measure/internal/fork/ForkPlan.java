package dev.counters.measure.internal.fork;

import java.time.Duration;

/** How many forks a budget holds before the first look, and what a fork costs beyond its share. */
final class ForkPlan {
    /**
     * A budget holds at least one fork per this much before the first look: 6 s. With 60 s, the
     * first look is after 8 forks, not 5: Student's t at 7 degrees of freedom over 8 forks is 45%
     * narrower than at 4 over 5.
     */
    static final Duration PLANNED_FORK = Duration.ofSeconds(6);
    /** What a JVM is taken to need to start and end before the first fork has measured it: 400 ms. */
    static final Duration FIRST_START_AND_END = Duration.ofMillis(400);

    private ForkPlan() {}

    /** The forks before the first look: {@code minForks}, or as many as {@code budget} holds at {@link #PLANNED_FORK} each, up to {@code maxForks}. */
    static int fewestForks(Duration budget, int minForks, int maxForks) {
        return Math.max(minForks, (int) Math.min(maxForks, budget.toNanos() / PLANNED_FORK.toNanos()));
    }
}
