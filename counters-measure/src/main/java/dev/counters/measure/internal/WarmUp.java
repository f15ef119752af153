package dev.counters.measure.internal;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.math.Quantiles;
import com.google.common.math.Stats;
import dev.counters.measure.WarmUpReport;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * Runs a task until its timings are stable, instead of for a guessed time (a common guess is
 * 1200 ms). The runs are grouped in batches of at least a hundredth of the budget (12 ms for the
 * default 1.2 s), each summarised by its median run; stable means the coefficient of variation of
 * the last {@code window} batch medians is at most {@code threshold}. A 100 ms task makes one run
 * per batch, so this is simply "the last five runs agree"; a 3 us task makes thousands, so five
 * quiet runs in a row (which happen by chance long before the JIT has finished) do not count as
 * stable. The budget bounds the wait for tasks that never settle.
 */
public final class WarmUp {
    /** How many of the latest warm-up batches must agree: 5. */
    public static final int DEFAULT_WINDOW = 5;
    /** The coefficient of variation those batches must reach: 0.5%. */
    public static final double DEFAULT_THRESHOLD = 0.005;

    /** A batch lasts at least budget / this. */
    static final int BATCHES_PER_BUDGET = 100;
    /** The median of a batch is taken over its latest runs, at most this many. */
    static final int MAX_RUNS_PER_BATCH_MEDIAN = 4096;

    private WarmUp() {}

    /**
     * @param run runs the task once and returns its time in nanoseconds
     * @param nanoClock the clock the budget and batches are measured with ({@code System::nanoTime})
     */
    public static WarmUpReport run(DoubleSupplier run, LongSupplier nanoClock, Duration budget, int window, double threshold) {
        return run(run, nanoClock, budget, window, threshold, budget);
    }

    /**
     * As {@link #run(DoubleSupplier, LongSupplier, Duration, int, double)}, but once it has made its
     * {@code window} batches it also ends when {@code patience} has passed, the runs agreeing or
     * not: on a loaded machine they never agree within the threshold, and {@link CompilingWarmUp}
     * then lets the JIT's silence end the warm-up. A long task still makes its window of runs.
     */
    public static WarmUpReport run(DoubleSupplier run, LongSupplier nanoClock, Duration budget, int window, double threshold,
            Duration patience) {
        requireNonNull(run, "run");
        requireNonNull(nanoClock, "nanoClock");
        checkArgument(!budget.isNegative() && !budget.isZero(), "warm-up budget must be positive, was %s", budget);
        checkArgument(window >= 2, "the stability window needs at least 2 batches, was %s", window);
        checkArgument(threshold > 0, "the stability threshold must be positive, was %s", threshold);
        requireNonNull(patience, "patience");
        long budgetNanos = budget.toNanos();
        long patienceNanos = patience.toNanos();
        long batchNanos = Math.max(1, budgetNanos / BATCHES_PER_BUDGET);
        long start = nanoClock.getAsLong();
        double[] batchMedians = new double[window];
        double[] batchRuns = new double[MAX_RUNS_PER_BATCH_MEDIAN];
        int runs = 0;
        int batches = 0;
        double cv = Double.NaN;
        boolean converged = false;
        long elapsed;
        do {
            long batchStart = nanoClock.getAsLong();
            int inBatch = 0;
            do {
                batchRuns[inBatch++ % batchRuns.length] = run.getAsDouble();
                runs++;
                elapsed = nanoClock.getAsLong() - start;
            } while (nanoClock.getAsLong() - batchStart < batchNanos && elapsed < budgetNanos);
            batchMedians[batches++ % window] =
                    Quantiles.median().computeInPlace(Arrays.copyOf(batchRuns, Math.min(inBatch, batchRuns.length)));
            if (batches >= window) {
                cv = coefficientOfVariation(batchMedians);
                converged = cv <= threshold;
            }
        } while (!converged && elapsed < budgetNanos && (batches < window || elapsed < patienceNanos));
        return new WarmUpReport(Duration.ofNanos(elapsed), runs, converged, cv, budget, window, threshold);
    }

    static double coefficientOfVariation(double[] values) {
        Stats stats = Stats.of(values);
        return stats.mean() == 0 ? (stats.populationVariance() == 0 ? 0 : Double.POSITIVE_INFINITY)
                : stats.sampleStandardDeviation() / Math.abs(stats.mean());
    }
}
