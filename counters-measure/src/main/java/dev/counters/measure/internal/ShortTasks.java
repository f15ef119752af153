package dev.counters.measure.internal;

import dev.counters.Counter;
import dev.counters.internal.Durations;
import dev.counters.measure.ClockComparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a task is too short for a clock to time it well. Each reading of a clock is rounded to
 * its step (resolution), and costs time (the reading cost, taken out of every run by calibration,
 * but only on average: what is left is its jitter). Both are fixed per run, so their share shrinks
 * as the task grows; while either is more than {@link #LIMIT_SHARE} of the task's time, the
 * clock's ratios carry them. The warning says how long a run should be.
 */
public final class ShortTasks {
    /** The largest share of a run a clock's step or reading cost may be before a warning: 1%. */
    static final double LIMIT_SHARE = 0.01;

    private ShortTasks() {}

    /** The warnings for both clocks of a comparison: none when A's runs are long enough for both. */
    public static List<String> warnings(ClockComparison wall, double wallOverheadNanos, Counter wallCounter, ClockComparison cpu,
            double cpuOverheadNanos, Counter cpuCounter, int invocationsA, int invocationsB) {
        List<String> warnings = new ArrayList<>();
        warning(wall, wallOverheadNanos, stepNanos(wallCounter), invocationsA, invocationsB, warnings);
        warning(cpu, cpuOverheadNanos, stepNanos(cpuCounter), invocationsA, invocationsB, warnings);
        return warnings;
    }

    /**
     * Adds the warning for one clock, if its step or reading cost is over the limit share of the
     * shorter run, of {@code invocationsA} invocations of A or {@code invocationsB} of B (the medians are per invocation).
     */
    public static void warning(ClockComparison clock, double overheadNanos, double stepNanos, int invocationsA,
            int invocationsB, List<String> warnings) {
        double run = Math.min(clock.medianA() * invocationsA, clock.medianB() * invocationsB);
        double limit = Math.max(overheadNanos, stepNanos);
        if (run < limit / LIMIT_SHARE) {
            warnings.add(String.format(Locale.ROOT, "the tasks are too short for %s time: a run takes %s, and the clock's "
                    + "step (%s) and reading cost (%s, taken out of each run) are more than %.0f%% of that; make each run "
                    + "take at least %s", clock.clock(), Durations.formatNanos(run), Durations.formatNanos(stepNanos),
                    Durations.formatNanos(overheadNanos), 100 * LIMIT_SHARE, Durations.formatNanos(limit / LIMIT_SHARE)));
        }
    }

    /** The counter's typical step in nanoseconds, or 0 when it cannot be probed. */
    public static double stepNanos(Counter counter) {
        try {
            return counter.getInfo().measureResolution().typical().toNanos();
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
