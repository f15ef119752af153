package dev.counters.measure.internal;

import dev.counters.measure.WarmUpReport;

/**
 * How many invocations of a task one timed run of a {@code Compare} holds, each task on its own, so
 * that no run is within {@code 1 / ShortTasks.LIMIT_SHARE} (100) times its clocks' step or reading
 * cost, and short runs grow toward the untimed re-warming before each ({@link Pairing#REWARM}) so
 * that it does not take nearly all the time, while the longer stays within it; each floor at most
 * {@code budget / 200}. A task shorter
 * than that is batched, as JMH's operations per invocation, and its figures are reported per
 * invocation: the ratio of a pair is a ratio of the time of one invocation of each. Each task gets
 * its own count: with one count for both, tasks 7,000 times apart made the longer one's runs a
 * third of a second, and a fork's share held too few pairs to count.
 *
 * <p>Each count is probed after the warm-up: a run of 1, 2, 4, ... invocations is timed (the least of
 * three) until it reaches the clocks' floor, net of the measuring pass's own wall time, jumping ahead
 * by what the last run says; then both grow together toward the re-warming ({@link #grown}). A warm-up's mean run is no guide for a task of tens of nanoseconds: net of
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

    /** A task's invocations per timed run, and how long such a run took when probed (nanoseconds, the pass's cost taken out). */
    public record Batch(int invocations, double runNanos) {}

    /** The floor of a run for its clocks: 100 times {@code stepOrCost}, at most {@code budgetNanos / 200}. */
    public static double clockFloorNanos(double stepOrCost, long budgetNanos) {
        return Math.min(stepOrCost / ShortTasks.LIMIT_SHARE, budgetNanos / (double) FLOOR_PER_BUDGET);
    }

    /**
     * The invocations per timed run of {@code loop}: the smallest power of two whose run, timed by
     * {@code pass} net of {@code passNanos}, reaches {@code floorNanos}; the loop is left set to it.
     */
    public static Batch probe(Pass pass, TaskLoop loop, String name, double passNanos, double floorNanos) {
        int invocations = 1;
        while (true) {
            loop.invocations(invocations);
            double run = Double.POSITIVE_INFINITY;
            for (int i = 0; i < PROBE_RUNS; i++) {
                run = Math.min(run, pass.once(loop, "batch probe of " + name + " (" + invocations + " invocations)", i)[Pass.WALL]
                        - passNanos);
            }
            if (run >= floorNanos || invocations >= MAX_INVOCATIONS) {
                return new Batch(invocations, run);
            }
            long next = 2L * invocations;
            if (run > 0 && run * 8 < floorNanos) {
                next = Math.max(next, Long.highestOneBit((long) (invocations * floorNanos / run)));
            }
            invocations = (int) Math.min(MAX_INVOCATIONS, next);
        }
    }

    /**
     * Both tasks' batches grown together toward runs as long as the untimed re-warming before each
     * ({@code rewarmNanos}), so that it does not take nearly all the time: doubled while the shorter
     * run is below it and the longer would stay within it (with B 45 times slower than A, lifting
     * A's run to 5 ms made B's 256 ms, and a fork's share held four pairs).
     */
    public static Batch[] grown(Batch a, Batch b, double rewarmNanos) {
        int factor = 1;
        double shorter = Math.min(a.runNanos(), b.runNanos());
        double longer = Math.max(a.runNanos(), b.runNanos());
        while (shorter * factor < rewarmNanos && longer * factor * 2 <= rewarmNanos
                && (long) Math.max(a.invocations(), b.invocations()) * factor * 2 <= MAX_INVOCATIONS) {
            factor *= 2;
        }
        return new Batch[] {new Batch(a.invocations() * factor, a.runNanos() * factor),
            new Batch(b.invocations() * factor, b.runNanos() * factor)};
    }
}
