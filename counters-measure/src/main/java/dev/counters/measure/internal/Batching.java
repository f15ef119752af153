package dev.counters.measure.internal;

import dev.counters.measure.WarmUpReport;

/**
 * How many invocations of a task one timed run of a {@code Compare} holds, so that no run is
 * within {@code 1 / ShortTasks.LIMIT_SHARE} (100) times its clock's step or reading cost: a task
 * shorter than that is batched, as JMH's operations per invocation, and its figures are reported
 * per invocation. A and B get the same count, so the ratio of a pair stays a ratio of equal work.
 *
 * <p>Beyond that floor, the count grows toward runs as long as the untimed re-warming before each
 * ({@link Pairing#REWARM}), so that the re-warming does not take nearly all the time, but only
 * while the longer task's run stays within it: with B 45 times slower than A, lifting A's run to
 * 5 ms made B's 256 ms, and a fork's share held four pairs.
 *
 * <p>The count is sized from the warm-ups, which already timed many runs of each task: their mean
 * run net of the measuring pass's own wall time (a 1 µs task timed by clocks costing 2 µs a run
 * would otherwise look three times longer than it is, and be batched three times too little), and
 * the smallest power of two that lifts the shorter task's run to the floor, at most
 * {@link #MAX_INVOCATIONS}, so that a task that takes no time at all (an empty lambda) still ends,
 * and the short-task warning then says so. Without a warm-up there is nothing to size from: each
 * run is one invocation.
 */
public final class Batching {
    /** The most invocations one timed run holds: 2^24. */
    static final int MAX_INVOCATIONS = 1 << 24;
    /** A floor is at most this share of the budget: 1/200. */
    static final int FLOOR_PER_BUDGET = 200;

    private Batching() {}

    /**
     * The invocations per timed run: the smallest power of two that lifts the shorter of the two
     * warm-ups' mean runs, net of {@code passNanos} (the wall time of an empty measuring pass), to
     * 100 times {@code stepOrCost} (the larger of the clocks' steps and reading costs), then doubled
     * while the shorter run is below {@link Pairing#REWARM} and the longer one would stay within
     * it; each floor at most {@code budgetNanos / 200}.
     */
    public static int invocations(WarmUpReport a, WarmUpReport b, double passNanos, double stepOrCost, long budgetNanos) {
        if (!a.ran() || !b.ran()) {
            return 1;
        }
        double runA = Math.max(0, meanRunNanos(a) - passNanos);
        double runB = Math.max(0, meanRunNanos(b) - passNanos);
        double shorter = Math.min(runA, runB);
        double longer = Math.max(runA, runB);
        double clockFloor = Math.min(stepOrCost / ShortTasks.LIMIT_SHARE, budgetNanos / (double) FLOOR_PER_BUDGET);
        double rewarmFloor = Math.min(Pairing.REWARM.toNanos(), budgetNanos / (double) FLOOR_PER_BUDGET);
        int invocations = 1;
        while (invocations < MAX_INVOCATIONS && shorter * invocations < clockFloor) {
            invocations *= 2;
        }
        while (invocations < MAX_INVOCATIONS && shorter * invocations < rewarmFloor
                && longer * invocations * 2 <= rewarmFloor) {
            invocations *= 2;
        }
        return invocations;
    }

    private static double meanRunNanos(WarmUpReport warmUp) {
        return (double) warmUp.duration().toNanos() / warmUp.runs();
    }
}
