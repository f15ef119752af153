package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.counters.internal.Durations;
import java.time.Duration;
import java.util.Locale;

/**
 * How the warm-up went: how long it ran, how many runs of the task it took, whether the timings
 * became stable (the coefficient of variation of the last {@code window} batch medians fell to
 * the threshold; a batch is at least a hundredth of the budget, one run for a 100 ms task) before
 * the budget ran out, and the coefficient of variation it ended on.
 *
 * <p>Not converged is not an error: the measurement still runs, but its figures deserve less
 * trust, and {@link MeasureResult#toString()} says so.
 *
 * @param duration how long the warm-up ran
 * @param runs how many times the task ran
 * @param converged whether the timings became stable within the budget
 * @param finalCoefficientOfVariation the coefficient of variation of the last window of batches
 *     (NaN if fewer batches than a window were made)
 * @param budget the most the warm-up was allowed to take ({@link Duration#ZERO} when skipped)
 * @param window how many of the latest batches the stability test looks at
 * @param threshold the coefficient of variation the window had to reach
 */
public record WarmUpReport(
        Duration duration, int runs, boolean converged, double finalCoefficientOfVariation,
        Duration budget, int window, double threshold) {

    public WarmUpReport {
        requireNonNull(duration, "duration");
        requireNonNull(budget, "budget");
        checkArgument(runs >= 0, "runs must not be negative, was %s", runs);
    }

    /** The report of a measurement made without warm-up. */
    public static WarmUpReport skipped() {
        return new WarmUpReport(Duration.ZERO, 0, false, Double.NaN, Duration.ZERO, 0, Double.NaN);
    }

    /** Whether a warm-up ran at all. */
    public boolean ran() {
        return runs > 0;
    }

    @Override
    public String toString() {
        if (!ran()) {
            return "no warm-up";
        }
        return String.format(Locale.ROOT, "%s after %d runs in %s (budget %s): cv of last %d batches %.3f%% (threshold %.3f%%)",
                converged ? "converged" : "NOT converged", runs, Durations.formatNanos(duration.toNanos()),
                Durations.formatNanos(budget.toNanos()), window, 100 * finalCoefficientOfVariation, 100 * threshold);
    }
}
