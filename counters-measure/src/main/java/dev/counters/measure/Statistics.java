package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.math.Quantiles;
import com.google.common.math.Stats;
import dev.counters.internal.Durations;
import dev.counters.measure.internal.stats.StudentT;
import java.util.Arrays;
import java.util.Locale;

/**
 * The summary of repeated timings, in nanoseconds, read the way they should be: never
 * one number, but the median and the mean with a 95% confidence interval, the spread, and the
 * same figures once the {@code k} highest and {@code k} lowest samples are dropped ("trimmed"),
 * which removes the odd interrupted run without hiding a real change.
 *
 * <pre>{@code
 * Statistics wall = result.wall();
 * System.out.printf("median %.0f ns, spread %.2f%%, trimmed spread %.2f%%%n",
 *         wall.median(), 100 * wall.spread(), 100 * wall.trimmedSpread());
 * }</pre>
 *
 * <p>Immutable. Built by {@link Measure}, or from any samples with {@link #of(double[], int)}.
 */
public final class Statistics {
    private final double[] samples;
    private final int trim;
    private final Stats all;
    private final Stats trimmed;
    private final double median;

    private Statistics(double[] samples, int trim) {
        this.samples = samples;
        this.trim = trim;
        this.all = Stats.of(samples);
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        this.trimmed = Stats.of(Arrays.copyOfRange(sorted, trim, sorted.length - trim));
        this.median = Quantiles.median().computeInPlace(sorted.clone());
    }

    /**
     * Summarises {@code samples} (nanoseconds, in the order they were taken), dropping the
     * {@code trim} highest and {@code trim} lowest for the trimmed figures.
     *
     * @throws IllegalArgumentException if there are no samples, a sample is not finite, {@code trim}
     *     is negative, or trimming would leave nothing ({@code samples.length <= 2 * trim})
     */
    public static Statistics of(double[] samples, int trim) {
        requireNonNull(samples, "samples");
        checkArgument(samples.length > 0, "no samples to summarise: measure at least one repetition");
        checkArgument(trim >= 0, "trim must not be negative, was %s", trim);
        checkArgument(samples.length > 2 * trim,
                "cannot drop the %s highest and %s lowest of only %s samples: take more than %s repetitions or trim less",
                trim, trim, samples.length, 2 * trim);
        for (double sample : samples) {
            checkArgument(Double.isFinite(sample), "sample %s is not a finite number of nanoseconds", sample);
        }
        return new Statistics(samples.clone(), trim);
    }

    /** Summarises {@code samples} in nanoseconds; see {@link #of(double[], int)}. */
    public static Statistics of(long[] samples, int trim) {
        requireNonNull(samples, "samples");
        return of(Arrays.stream(samples).asDoubleStream().toArray(), trim);
    }

    /** How many samples were taken. */
    public int count() {
        return samples.length;
    }

    /** How many of the highest, and as many of the lowest, samples the trimmed figures drop. */
    public int trim() {
        return trim;
    }

    public double min() {
        return all.min();
    }

    public double max() {
        return all.max();
    }

    /** The middle sample (the mean of the two middle ones for an even count). */
    public double median() {
        return median;
    }

    public double mean() {
        return all.mean();
    }

    /** The sample standard deviation (divided by n - 1); zero for a single sample. */
    public double standardDeviation() {
        return samples.length < 2 ? 0 : all.sampleStandardDeviation();
    }

    /** Standard deviation over mean: the noise relative to the size of the timing; zero when the mean is zero. */
    public double coefficientOfVariation() {
        double mean = mean();
        return mean == 0 ? 0 : standardDeviation() / Math.abs(mean);
    }

    /** The mean once the {@link #trim()} highest and lowest samples are dropped (the "corrected" figure of a benchmark). */
    public double trimmedMean() {
        return trimmed.mean();
    }

    /** The lowest sample that survives trimming. */
    public double trimmedMin() {
        return trimmed.min();
    }

    /** The highest sample that survives trimming. */
    public double trimmedMax() {
        return trimmed.max();
    }

    /**
     * The 95% confidence interval of the mean, from Student's t distribution with n - 1 degrees
     * of freedom: if the runs are independent, the true mean lies inside in 19 cases out of 20.
     * A single sample gives the degenerate interval [sample, sample].
     *
     * <p>When no sample is negative (times, such as a kernel time that is mostly 0), neither is the
     * mean, so the interval is cut at 0 where the symmetric t interval would reach below it: the
     * cut interval holds the true mean at least as often.
     */
    public Interval confidenceInterval95() {
        if (samples.length < 2) {
            return new Interval(mean(), mean());
        }
        double halfWidth = StudentT.quantile975(samples.length - 1) * standardDeviation() / Math.sqrt(samples.length);
        double low = mean() - halfWidth;
        return new Interval(min() >= 0 ? Math.max(0, low) : low, mean() + halfWidth);
    }

    /** (max - min) / median: how far apart the fastest and slowest runs are, relative to a typical run. */
    public double spread() {
        return relative(max() - min());
    }

    /** (trimmed max - trimmed min) / median: the spread once the extreme runs are dropped. */
    public double trimmedSpread() {
        return relative(trimmedMax() - trimmedMin());
    }

    /** The samples in nanoseconds, in the order they were taken (a copy). */
    public double[] samples() {
        return samples.clone();
    }

    private double relative(double range) {
        return median == 0 ? (range == 0 ? 0 : Double.POSITIVE_INFINITY) : range / Math.abs(median);
    }

    /** One line: median, mean ± CI, min/max, spreads, in readable units. */
    @Override
    public String toString() {
        Interval ci = confidenceInterval95();
        return String.format(Locale.ROOT,
                "n=%d median %s mean %s (95%% CI %s..%s) min %s max %s sd %s cv %.3f%% spread %.3f%% trimmed(%d) mean %s spread %.3f%%",
                count(), nanos(median()), nanos(mean()), nanos(ci.low()), nanos(ci.high()), nanos(min()), nanos(max()),
                nanos(standardDeviation()), 100 * coefficientOfVariation(), 100 * spread(), trim, nanos(trimmedMean()),
                100 * trimmedSpread());
    }

    private static String nanos(double nanos) {
        return Durations.formatNanos(nanos);
    }

    /** A closed interval of nanoseconds, {@code low <= high}. */
    public record Interval(double low, double high) {
        public Interval {
            checkArgument(low <= high, "interval low %s is above high %s", low, high);
        }

        /** Whether {@code value} lies inside, ends included. */
        public boolean contains(double value) {
            return low <= value && value <= high;
        }

        public double width() {
            return high - low;
        }
    }
}
