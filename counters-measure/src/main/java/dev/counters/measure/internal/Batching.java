package dev.counters.measure.internal;

import dev.counters.measure.WarmUpReport;

/**
 * How many invocations of a task one timed run of a {@code Compare} holds, each task on its own, so
 * that no run is within {@code 1 / ShortTasks.LIMIT_SHARE} (100) times its clocks' step or reading
 * cost, and short runs grow toward the untimed re-warming before each ({@link Pairing#REWARM}) so
 * that it does not take nearly all the time; each floor at most {@code budget / 200}. A task shorter
 * than that is batched, as JMH's operations per invocation, and its figures are reported per
 * invocation: the ratio of a pair is a ratio of the time of one invocation of each. Each task gets
 * its own count: with one count for both, tasks 7,000 times apart made the longer one's runs a
 * third of a second, and a fork's share held too few pairs to count.
 *
 * <p>The count is probed after the warm-up: a run of 1, 2, 4, ... invocations is timed (the least of
 * three) until it reaches the floor, net of the measuring pass's own wall time, jumping ahead by
 * what the last run says. A warm-up's mean run is no guide for a task of tens of nanoseconds: net of
 * a pass that costs more than the task, it reads near zero or below, and a count sized from it ran
 * 2^24 invocations a run. At most {@link #MAX_INVOCATIONS}, so that a task that takes no time at all
 * (an empty lambda) still ends, and the short-task warning then says so. Without a warm-up each run
 * is one invocation.
 */
public final class Batching {
    /** The most invocations one timed run holds: 2^24. */
    static final int MAX_INVOCATIONS = 1 << 24;
    /** A floor is at most this share of the budget: 1/200. */
    static final int FLOOR_PER_BUDGET = 200;
    /** Each probe is the least of this many runs: one preempted run must not stop the probing early. */
    private static final int PROBE_RUNS = 3;

    private Batching() {}

    /**
     * The floor a run of either task is lifted to: 100 times {@code stepOrCost} (the larger of the
     * clocks' steps and reading costs) or {@link Pairing#REWARM}, whichever is longer, at most
     * {@code budgetNanos / 200}.
     */
    public static double floorNanos(double stepOrCost, long budgetNanos) {
        double clockFloor = stepOrCost / ShortTasks.LIMIT_SHARE;
        return Math.min(Math.max(clockFloor, Pairing.REWARM.toNanos()), budgetNanos / (double) FLOOR_PER_BUDGET);
    }

    /**
     * The invocations per timed run of {@code loop}: the smallest power of two whose run, timed by
     * {@code pass} net of {@code passNanos}, reaches {@code floorNanos}; the loop is left set to it.
     */
    public static int probe(Pass pass, TaskLoop loop, String name, double passNanos, double floorNanos) {
        int invocations = 1;
        while (true) {
            loop.invocations(invocations);
            double run = Double.POSITIVE_INFINITY;
            for (int i = 0; i < PROBE_RUNS; i++) {
                run = Math.min(run, pass.once(loop, "batch probe of " + name + " (" + invocations + " invocations)", i)[Pass.WALL]
                        - passNanos);
            }
            if (run >= floorNanos || invocations >= MAX_INVOCATIONS) {
                return invocations;
            }
            long next = 2L * invocations;
            if (run > 0 && run * 8 < floorNanos) {
                next = Math.max(next, Long.highestOneBit((long) (invocations * floorNanos / run)));
            }
            invocations = (int) Math.min(MAX_INVOCATIONS, next);
        }
    }
}
