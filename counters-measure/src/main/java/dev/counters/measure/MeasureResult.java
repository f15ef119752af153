package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import com.google.common.math.Quantiles;
import com.google.common.math.Stats;
import dev.counters.internal.Durations;
import dev.counters.measure.internal.NoiseReport;
import dev.counters.measure.internal.Overhead;
import dev.counters.measure.internal.PreparationStep;
import dev.counters.measure.internal.StudentT;
import dev.counters.measure.internal.WarmUpReport;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The outcome of a {@link Measure}: statistics of the wall time and of the measuring thread's
 * CPU time (total, user, kernel) over the repetitions, how the warm-up went, what was done to
 * prepare the thread, the overhead subtracted when calibrated, and how much the machine itself
 * drifted meanwhile ({@link #noise()}). {@link #toString()} prints all
 * of it as a table.
 *
 * <p>All statistics are in nanoseconds; each repetition's four figures come from the same pass.
 */
public final class MeasureResult {
    private final Statistics wall;
    private final Statistics threadCpu;
    private final Statistics threadUser;
    private final Statistics threadKernel;
    private final WarmUpReport warmUp;
    private final ImmutableList<PreparationStep> preparation;
    private final Overhead overhead;
    private final NoiseReport noise;
    private final String counters;

    MeasureResult(Statistics wall, Statistics threadCpu, Statistics threadUser, Statistics threadKernel,
            WarmUpReport warmUp, List<PreparationStep> preparation, Overhead overhead, NoiseReport noise, String counters) {
        this.wall = requireNonNull(wall, "wall");
        this.threadCpu = requireNonNull(threadCpu, "threadCpu");
        this.threadUser = threadUser;
        this.threadKernel = threadKernel;
        this.warmUp = requireNonNull(warmUp, "warmUp");
        this.preparation = ImmutableList.copyOf(preparation);
        this.overhead = overhead;
        this.noise = requireNonNull(noise, "noise");
        this.counters = requireNonNull(counters, "counters");
    }

    /** Elapsed wall time per repetition. */
    public Statistics wall() {
        return wall;
    }

    /** CPU time of the measuring thread per repetition (user + kernel). */
    public Statistics threadCpu() {
        return threadCpu;
    }

    /**
     * User-mode CPU time of the measuring thread per repetition.
     *
     * @throws UnsupportedOperationException if the thread counter has no kernel/user split
     */
    public Statistics threadUser() {
        return requireSplit(threadUser);
    }

    /**
     * Kernel-mode CPU time of the measuring thread per repetition.
     *
     * @throws UnsupportedOperationException if the thread counter has no kernel/user split
     */
    public Statistics threadKernel() {
        return requireSplit(threadKernel);
    }

    /** Whether {@link #threadUser()} and {@link #threadKernel()} are available. */
    public boolean hasKernelUserSplit() {
        return threadUser != null;
    }

    private Statistics requireSplit(Statistics part) {
        if (part == null) {
            throw new UnsupportedOperationException("the thread counter (" + counters
                    + ") has no kernel/user split; read threadCpu(), or add the platform module that splits it");
        }
        return part;
    }

    /** How the warm-up went. */
    public WarmUpReport warmUp() {
        return warmUp;
    }

    /** What was asked of the machine (pin, raise priority) and whether each was applied, in order. */
    public List<PreparationStep> preparation() {
        return preparation;
    }

    /** What calibration subtracted from each sample; empty unless {@link Measure#calibrated()} was asked for. */
    public Optional<Overhead> overhead() {
        return Optional.ofNullable(overhead);
    }

    /** How much the machine itself drifted during the repetitions: read the figures in its light. */
    public NoiseReport noise() {
        return noise;
    }

    /** The repetitions measured. */
    public int repetitions() {
        return wall.count();
    }

    /** The table: one row per series, then warm-up, preparation and overhead. */
    @Override
    public String toString() {
        StringBuilder table = new StringBuilder();
        table.append(String.format(Locale.ROOT, "%d repetitions, trimmed figures drop the %d highest and lowest; counters: %s%n",
                repetitions(), wall.trim(), counters));
        String header = String.format(Locale.ROOT, "%-12s %12s %12s %12s %12s %12s %9s %9s %12s %9s %27s%n",
                "series", "median", "mean", "min", "max", "sd", "cv", "spread", "trim mean", "trim sprd", "95% CI of mean");
        table.append(header);
        row(table, "wall", wall);
        row(table, "thread CPU", threadCpu);
        if (hasKernelUserSplit()) {
            row(table, "  user", threadUser);
            row(table, "  kernel", threadKernel);
        } else {
            table.append("  (no kernel/user split from this thread counter)").append(System.lineSeparator());
        }
        table.append("warm-up: ").append(warmUp).append(System.lineSeparator());
        if (preparation.isEmpty()) {
            table.append("preparation: none asked for").append(System.lineSeparator());
        }
        for (PreparationStep step : preparation) {
            table.append("preparation: ").append(step).append(System.lineSeparator());
        }
        table.append(noise).append(System.lineSeparator());
        table.append(overhead == null ? "not calibrated: figures include the counters' own cost" : overhead.toString());
        return table.toString();
    }

    private static void row(StringBuilder table, String name, Statistics s) {
        Statistics.Interval ci = s.confidenceInterval95();
        table.append(String.format(Locale.ROOT, "%-12s %12s %12s %12s %12s %12s %9s %9s %12s %9s %27s%n",
                name, Durations.formatNanos(s.median()), Durations.formatNanos(s.mean()), Durations.formatNanos(s.min()),
                Durations.formatNanos(s.max()), Durations.formatNanos(s.standardDeviation()), percent(s.coefficientOfVariation()),
                percent(s.spread()), Durations.formatNanos(s.trimmedMean()), percent(s.trimmedSpread()),
                Durations.formatNanos(ci.low()) + ".." + Durations.formatNanos(ci.high())));
    }

    /** A ratio as a percentage; "n/a" when it has no meaning (a spread relative to a median of zero). */
    private static String percent(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.3f%%", 100 * ratio) : "n/a";
    }

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
    public static final class Statistics {
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
}
