package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.math.Stats;
import java.time.Duration;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * Runs a task until its timings are stable, instead of for a guessed time (seed 003 guessed
 * 1200 ms): stable means the coefficient of variation of the last {@code window} runs is at most
 * {@code threshold}. The budget bounds the wait for tasks that never settle.
 */
final class WarmUp {
    private WarmUp() {}

    /**
     * @param run runs the task once and returns its time in nanoseconds
     * @param nanoClock the clock the budget is checked against ({@code System::nanoTime})
     */
    static WarmUpReport run(DoubleSupplier run, LongSupplier nanoClock, Duration budget, int window, double threshold) {
        requireNonNull(run, "run");
        requireNonNull(nanoClock, "nanoClock");
        checkArgument(!budget.isNegative() && !budget.isZero(), "warm-up budget must be positive, was %s", budget);
        checkArgument(window >= 2, "the stability window needs at least 2 runs, was %s", window);
        checkArgument(threshold > 0, "the stability threshold must be positive, was %s", threshold);
        long budgetNanos = budget.toNanos();
        long start = nanoClock.getAsLong();
        double[] latest = new double[window];
        int runs = 0;
        double cv = Double.NaN;
        boolean converged = false;
        long elapsed;
        do {
            latest[runs % window] = run.getAsDouble();
            runs++;
            if (runs >= window) {
                cv = coefficientOfVariation(latest);
                converged = cv <= threshold;
            }
            elapsed = nanoClock.getAsLong() - start;
        } while (!converged && elapsed < budgetNanos);
        return new WarmUpReport(Duration.ofNanos(elapsed), runs, converged, cv, budget, window, threshold);
    }

    static double coefficientOfVariation(double[] values) {
        Stats stats = Stats.of(values);
        return stats.mean() == 0 ? (stats.populationVariance() == 0 ? 0 : Double.POSITIVE_INFINITY)
                : stats.sampleStandardDeviation() / Math.abs(stats.mean());
    }
}
