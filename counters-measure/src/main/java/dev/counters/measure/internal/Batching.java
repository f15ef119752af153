package dev.counters.measure.internal;

import dev.counters.measure.Compare;
import dev.counters.measure.MeasureResult.WarmUpReport;
import dev.counters.measure.Task;

/**
 * How many invocations of a task one timed run of a {@link Compare} holds, so that no run is
 * within {@code 1 / ShortTasks.LIMIT_SHARE} (100) times its clock's step or reading cost: a task
 * shorter than that is batched, as JMH's operations per invocation, and its figures are reported
 * per invocation. A and B get the same count, so the ratio of a pair stays a ratio of equal work.
 *
 * <p>The count is sized from the warm-ups, which already timed many runs of each task (their
 * mean run, the clocks' own cost included, is a fair estimate): the smallest power of two that
 * lifts the shorter task's run to the floor, at most {@link #MAX_INVOCATIONS}, so that a task that
 * takes no time at all (an empty lambda) still ends, and the short-task warning then says so.
 * Without a warm-up there is nothing to size from: each run is one invocation.
 */
public final class Batching {
    /** The most invocations one timed run holds: 2^24. */
    static final int MAX_INVOCATIONS = 1 << 24;

    private Batching() {}

    /** The invocations per timed run that lift the shorter of the two warm-ups' mean runs to {@code floorNanos}. */
    public static int invocations(WarmUpReport a, WarmUpReport b, double floorNanos) {
        if (!a.ran() || !b.ran()) {
            return 1;
        }
        double shortest = Math.min(meanRunNanos(a), meanRunNanos(b));
        int invocations = 1;
        while (invocations < MAX_INVOCATIONS && shortest * invocations < floorNanos) {
            invocations *= 2;
        }
        return invocations;
    }

    private static double meanRunNanos(WarmUpReport warmUp) {
        return (double) warmUp.duration().toNanos() / warmUp.runs();
    }

    /** {@code task} {@code invocations} times in a row, every result but the last fed to {@code sink} (the caller's pass takes the last). */
    public static Task of(Task task, int invocations, Sink sink) {
        if (invocations == 1) {
            return task;
        }
        return () -> {
            for (int i = 1; i < invocations; i++) {
                sink.consume(task.run());
            }
            return task.run();
        };
    }

    /** The floor of a run: the larger of the clocks' steps and reading costs, times 100, at most {@code budgetNanos / 200}. */
    public static double floorNanos(double largestStepOrCost, long budgetNanos) {
        return Math.min(largestStepOrCost / ShortTasks.LIMIT_SHARE, budgetNanos / 200.0);
    }
}
