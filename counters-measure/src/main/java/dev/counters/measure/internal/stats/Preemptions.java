package dev.counters.measure.internal.stats;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.math.Quantiles;

/**
 * Which runs were descheduled, told by the two clocks themselves. A single-threaded run's wall time
 * is its thread CPU time plus the time the thread waited for a CPU, plus the fixed gap of reading
 * the clocks (the wall counter is read outside the CPU counter). A run whose wall time exceeds its
 * CPU time by much more than that gap was preempted (or blocked) for the excess: its wall time
 * says more about the machine than about the task.
 *
 * <p>A run counts as preempted when its wait, {@code wall - cpu}, exceeds the median wait of all
 * runs' lower quartile ({@link #USUAL_WAIT_QUANTILE}: the gap, robust even when most runs were
 * preempted) by more than {@link #MIN_WAIT_NANOS} and more than {@link #MIN_WAIT_SHARE} of its CPU time:
 * a time slice given to another thread costs hundreds of microseconds to milliseconds, far above
 * both, while an interrupt or a clock's jitter stays below them.
 *
 * <pre>{@code
 * boolean[] preempted = Preemptions.of(wallNanos, cpuNanos);
 * }</pre>
 */
public final class Preemptions {
    /** The least excess wait that counts as a preemption: 20 µs, well above an interrupt's cost. */
    static final double MIN_WAIT_NANOS = 20_000;
    /** The least excess wait, as a share of the run's CPU time, that counts: 0.2%. */
    static final double MIN_WAIT_SHARE = 0.002;

    /** The percentile of the waits taken as the usual gap between the clocks: 25, the lower quartile. */
    static final int USUAL_WAIT_QUANTILE = 25;

    private Preemptions() {}

    /**
     * Whether each run was preempted, from its wall and thread CPU nanoseconds.
     *
     * @throws IllegalArgumentException if the series differ in length or are empty
     */
    public static boolean[] of(double[] wallNanos, double[] cpuNanos) {
        requireNonNull(wallNanos, "wallNanos");
        requireNonNull(cpuNanos, "cpuNanos");
        checkArgument(wallNanos.length == cpuNanos.length, "%s wall times but %s CPU times; each run needs both",
                wallNanos.length, cpuNanos.length);
        checkArgument(wallNanos.length > 0, "no runs");
        double[] waits = new double[wallNanos.length];
        for (int i = 0; i < waits.length; i++) {
            waits[i] = wallNanos[i] - cpuNanos[i];
        }
        double usualWait = Quantiles.percentiles().index(USUAL_WAIT_QUANTILE).compute(waits);
        boolean[] preempted = new boolean[waits.length];
        for (int i = 0; i < waits.length; i++) {
            double excess = waits[i] - usualWait;
            preempted[i] = excess > MIN_WAIT_NANOS && excess > MIN_WAIT_SHARE * cpuNanos[i];
        }
        return preempted;
    }

    /** How many of {@code flags} are set. */
    public static int count(boolean[] flags) {
        int count = 0;
        for (boolean flag : flags) {
            if (flag) {
                count++;
            }
        }
        return count;
    }
}
