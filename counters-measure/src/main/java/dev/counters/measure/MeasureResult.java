package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import com.google.common.math.Quantiles;
import com.google.common.math.Stats;
import dev.counters.internal.Durations;
import dev.counters.measure.MeasureResult.NoiseReport;
import dev.counters.measure.MeasureResult.Statistics;
import dev.counters.measure.internal.NoiseProbe;
import dev.counters.measure.internal.Preemptions;
import dev.counters.measure.internal.ProcReadings;
import dev.counters.measure.internal.StudentT;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

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

    /**
     * How much the machine itself wandered while something was measured, so that a result is read
     * with the right amount of trust: "this machine drifted 30% during the run; the intervals include
     * it" instead of a false precision. Every {@link MeasureResult} and {@link CompareResult} has one.
     *
     * <p>It holds three witnesses, each independent of the task:
     * <ul>
     *   <li><b>A fixed reference loop</b> ({@value NoiseProbe#REFERENCE_STEPS} xorshift steps), timed
     *       between the runs on wall time and on thread CPU time. Its work never changes, so every
     *       change of its time is the machine's: a host that slows the virtual CPU, frequency scaling,
     *       other tenants. {@link #drift()} is the spread of the middle 80% of its thread CPU times
     *       (see {@link Statistics#trimmedSpread()}, one tenth trimmed at each end): how much the CPU
     *       itself changed speed. {@link #wallDrift()} is the same on wall time, which adds every
     *       preemption of the measuring thread; on a loaded machine it is far larger.</li>
     *   <li><b>Context switches</b> of the measuring thread during the run, voluntary (it blocked) and
     *       involuntary (it was preempted), from Linux's {@code /proc/thread-self/status}.</li>
     *   <li><b>Steal</b>: the ticks the hypervisor gave the machine's virtual CPUs to someone else,
     *       as a share of all CPU ticks of the run, from Linux's {@code /proc/stat}.</li>
     * </ul>
     * From these, the run queue and the runs' own preemptions, {@link #load()} says whether the
     * machine was quiet or loaded, and why ({@link MachineLoad}); the summary starts with it.
     * Where a witness cannot be read (another OS, a {@code /proc} without it), it is empty and
     * {@link #contextSwitchesUnavailable()} or {@link #stealUnavailable()} says why: never a silent zero.
     */
    public static final class NoiseReport {
        private final Statistics referenceWall;
        private final Statistics referenceCpu;
        private final long[] contextSwitches;
        private final String contextSwitchesUnavailable;
        private final long[] ticks;
        private final String stealUnavailable;
        private final MachineLoad load;

        /**
         * @param contextSwitches voluntary and involuntary switches during the run, or null with a reason
         * @param ticks steal and total CPU ticks during the run, or null with a reason
         */
        public NoiseReport(Statistics referenceWall, Statistics referenceCpu, long[] contextSwitches, String contextSwitchesUnavailable,
                long[] ticks, String stealUnavailable, MachineLoad load) {
            this.referenceWall = requireNonNull(referenceWall, "referenceWall");
            this.referenceCpu = requireNonNull(referenceCpu, "referenceCpu");
            this.contextSwitches = contextSwitches == null ? null : contextSwitches.clone();
            this.contextSwitchesUnavailable = contextSwitches == null ? requireNonNull(contextSwitchesUnavailable, "reason") : null;
            this.ticks = ticks == null ? null : ticks.clone();
            this.stealUnavailable = ticks == null ? requireNonNull(stealUnavailable, "reason") : null;
            this.load = requireNonNull(load, "load");
        }

        /** Whether the machine was quiet or loaded, and why: the run queue, steal, preemptions. */
        public MachineLoad load() {
            return load;
        }

        /** {@code "quiet"} or {@code "loaded"}: see {@link MachineLoad}. */
        public String machine() {
            return load.label();
        }

        /** Wall time of each timing of the reference loop, nanoseconds, in order. */
        public Statistics referenceWall() {
            return referenceWall;
        }

        /** Thread CPU time of each timing of the reference loop, nanoseconds, in order. */
        public Statistics referenceCpu() {
            return referenceCpu;
        }

        /**
         * How far the machine's CPU drifted: the trimmed spread of the reference loop's thread CPU
         * times, (p90 - p10) / median roughly; 0.3 reads "drifted 30%". A host that slows the virtual
         * CPU shows here even when it reports no steal.
         */
        public double drift() {
            return referenceCpu.trimmedSpread();
        }

        /**
         * The same on wall time: the CPU's drift plus the time the measuring thread waited for a CPU
         * (preemptions, see {@link #involuntaryContextSwitches()}). Comparisons on wall time carry it.
         */
        public double wallDrift() {
            return referenceWall.trimmedSpread();
        }

        /** Times the measuring thread gave up the CPU itself (blocking, sleeping, I/O) during the run. */
        public OptionalLong voluntaryContextSwitches() {
            return contextSwitches == null ? OptionalLong.empty() : OptionalLong.of(contextSwitches[ProcReadings.VOLUNTARY]);
        }

        /** Times the measuring thread was preempted during the run. */
        public OptionalLong involuntaryContextSwitches() {
            return contextSwitches == null ? OptionalLong.empty() : OptionalLong.of(contextSwitches[ProcReadings.INVOLUNTARY]);
        }

        /** Why the context switches are not available (not Linux, no {@code /proc/thread-self}); empty when they are. */
        public Optional<String> contextSwitchesUnavailable() {
            return Optional.ofNullable(contextSwitchesUnavailable);
        }

        /** Ticks the hypervisor stole from the machine's CPUs during the run (all CPUs). */
        public OptionalLong stealTicks() {
            return ticks == null ? OptionalLong.empty() : OptionalLong.of(ticks[ProcReadings.STEAL]);
        }

        /** All CPU ticks of the machine during the run (all CPUs, idle included). */
        public OptionalLong cpuTicks() {
            return ticks == null ? OptionalLong.empty() : OptionalLong.of(ticks[ProcReadings.TOTAL]);
        }

        /** Steal as a share of all CPU ticks of the run (0.02 = 2%); 0 when no tick passed. */
        public OptionalDouble stealShare() {
            if (ticks == null) {
                return OptionalDouble.empty();
            }
            return OptionalDouble.of(ProcReadings.stealShare(ticks));
        }

        /** Why steal is not available (not Linux, not readable); empty when it is. */
        public Optional<String> stealUnavailable() {
            return Optional.ofNullable(stealUnavailable);
        }

        /**
         * One line for people, the load first: {@code loaded: 1.0 other threads runnable on 2 CPUs;
         * this machine drifted 8.4% during the run (thread CPU time of a
         * fixed reference loop: 164 us to 178 us; its wall time, preemptions included: 168 us to 203 us,
         * 20.8%, over 212 timings); 0 voluntary and 41 involuntary context switches; steal 0.0% of CPU
         * time. The figures and intervals include this noise.}
         */
        public String summary() {
            String switches = contextSwitches == null
                    ? "context switches not available (" + contextSwitchesUnavailable + ")"
                    : contextSwitches[ProcReadings.VOLUNTARY] + " voluntary and " + contextSwitches[ProcReadings.INVOLUNTARY]
                            + " involuntary context switches";
            String steal = ticks == null
                    ? "steal not available (" + stealUnavailable + ")"
                    : String.format(Locale.ROOT, "steal %.1f%% of CPU time", 100 * stealShare().getAsDouble());
            return load.summary() + "; " + String.format(Locale.ROOT,
                    "this machine drifted %.1f%% during the run (thread CPU time of a fixed reference loop: %s to %s; its wall "
                            + "time, preemptions included: %s to %s, %.1f%%, over %d timings); %s; %s. The figures and intervals "
                            + "include this noise.",
                    100 * drift(), Durations.formatNanos(referenceCpu.trimmedMin()), Durations.formatNanos(referenceCpu.trimmedMax()),
                    Durations.formatNanos(referenceWall.trimmedMin()), Durations.formatNanos(referenceWall.trimmedMax()),
                    100 * wallDrift(), referenceWall.count(), switches, steal);
        }

        @Override
        public String toString() {
            return "noise: " + summary();
        }
    }

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

    /**
     * One thing done (or not) to prepare the measuring thread, e.g. pinning it to a CPU or raising
     * its priority, with what happened: {@code "pinned to CPU 1 (was 0-1)"}, or why not:
     * {@code "not applied: no platform module (add counters-posix or counters-windows)"}.
     *
     * @param action what was asked for, e.g. {@code "pin"} or {@code "raise priority"}
     * @param applied whether it took effect
     * @param description what was done, or why it was not
     */
    public record PreparationStep(String action, boolean applied, String description) {
        public static final String PIN = "pin";
        public static final String RAISE_PRIORITY = "raise priority";
        /** A warning, never applied: threads that appeared during the repetitions, while the measuring thread was prepared. */
        public static final String INHERITED = "inherited";

        public PreparationStep {
            requireNonNull(action, "action");
            requireNonNull(description, "description");
        }

        @Override
        public String toString() {
            return action + ": " + description;
        }
    }

    /**
     * What a calibrated {@link Measure} subtracted from every sample: the cost of one empty
     * measuring pass (starting and stopping the wall-clock and thread-CPU counters around a task
     * that does nothing), the median over many passes after a warm-up. Each series has its own
     * figure, because each counter sees a different part of the cost.
     *
     * @param wallNanos subtracted from each wall-time sample
     * @param threadCpuNanos subtracted from each thread-CPU sample
     * @param threadUserNanos the user part of the CPU overhead: {@code threadCpuNanos} split in the empty
     *     passes' summed user/kernel ratio, so that user + kernel == CPU (samples subtract the CPU
     *     overhead and keep their own user/kernel ratio)
     * @param threadKernelNanos the kernel part of the CPU overhead, {@code threadCpuNanos - threadUserNanos}
     * @param passes how many empty passes the figures come from
     */
    public record Overhead(double wallNanos, double threadCpuNanos, double threadUserNanos, double threadKernelNanos, int passes) {

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "overhead subtracted: wall %s, thread CPU %s (user %s, kernel %s), median of %d empty passes",
                    Durations.formatNanos(wallNanos), Durations.formatNanos(threadCpuNanos), Durations.formatNanos(threadUserNanos),
                    Durations.formatNanos(threadKernelNanos), passes);
        }
    }

    /**
     * Whether the machine was {@link #isLoaded() loaded} while something was measured, and why: the
     * part of a {@link NoiseReport} that says "quiet" or "loaded". A loaded machine preempts the
     * measuring thread, so wall times carry waits that have nothing to do with the task.
     *
     * <p>Five witnesses, each with a threshold; any one over its threshold makes the machine loaded:
     * <table>
     *   <caption>the load thresholds</caption>
     *   <tr><th>witness</th><th>loaded from</th><th>read from</th></tr>
     *   <tr><td>other runnable threads (median over the run)</td><td>half the CPUs ({@link #RUNNABLE_SHARE_OF_CPUS})</td>
     *       <td>{@code procs_running} of Linux's {@code /proc/stat}, less the measuring thread</td></tr>
     *   <tr><td>other processes' CPU time over the run</td><td>{@link #OTHER_CPU_SHARE} of all CPUs' time</td>
     *       <td>the busy ticks of {@code /proc/stat} less this JVM's own ({@code /proc/self/stat})</td></tr>
     *   <tr><td>steal</td><td>{@link #STEAL_SHARE} of CPU ticks</td><td>{@code /proc/stat}</td></tr>
     *   <tr><td>involuntary context switches</td><td>{@link #SWITCHES_PER_SECOND} per second, and at least {@link #MIN_SWITCHES}</td>
     *       <td>{@code /proc/thread-self/status}</td></tr>
     *   <tr><td>runs whose wall time shows a preemption</td><td>{@link #PREEMPTED_SHARE} of runs</td>
     *       <td>the clocks themselves ({@link Preemptions}): on every OS</td></tr>
     * </table>
     * On a 2-vCPU VM one other busy thread is already half the machine: the measuring thread shares
     * the CPUs with it, the JIT, the GC and everything else that wakes. The thresholds sit between
     * what that VM shows idle (no other runnable thread, no steal; but a fresh JVM's own compiler
     * threads preempt the measuring thread up to ~60 times a second, and up to 27% of a short run's
     * runs) and with one core kept busy (one other runnable thread, 42 to 440 switches a second, 10% to
     * 71% of the runs preempted): docs/MEASURE.md has the figures. The run queue and the other
     * processes' CPU time tell the two apart on their own: the run queue is sampled between runs, and
     * a short run's few samples can miss a busy core, which the CPU time, counted by the kernel over the
     * whole run, does not; the others only confirm a clearly loaded machine. Where the run
     * queue is read, fewer than {@link #OWN_PREEMPTIONS_SHARE} of its samples saw another process's
     * thread runnable and other processes used less than {@link #OTHER_CPU_SHARE} of the CPUs, the
     * switches and the preempted runs are this JVM's own threads' doing (its
     * compiler, its GC, the pool a task hands its work to): they are reported beside "quiet" and do
     * not make the machine loaded.
     * On Windows there is no {@code /proc}: the run queue
     * ({@code \System\Processor Queue Length}) is a PDH counter this pure-Java module does not read,
     * and Windows has no per-thread count of preemptions and reports no steal, so the verdict rests
     * on the preempted share alone, and says so.
     */
    public static final class MachineLoad {
        /** Other runnable threads, as a share of the CPUs, from which the machine is loaded: 0.5. */
        public static final double RUNNABLE_SHARE_OF_CPUS = 0.5;
        /**
         * The measuring thread's preemptions are this JVM's own when fewer than this share of the run
         * queue's samples saw another process's thread runnable: 25%. Not the median alone: one core
         * kept busy was missed by the median of a short run's few samples (this JVM's compiler threads
         * woke between the two readings it subtracts), though it showed in 40% of them.
         */
        public static final double OWN_PREEMPTIONS_SHARE = 0.25;
        /**
         * Other processes' CPU time, as a share of all CPUs' time over the run, from which the machine
         * is loaded: 25%, half a core on 2 CPUs. One core kept busy on the 2-vCPU VM is 50%; idle, the
         * system's own daemons stay near 1%.
         */
        public static final double OTHER_CPU_SHARE = 0.25;
        /** Steal, as a share of all CPU ticks, from which the machine is loaded: 5%. */
        public static final double STEAL_SHARE = 0.05;
        /**
         * Involuntary context switches of the measuring thread per second from which the machine is
         * loaded: 100. A fresh JVM's own compiler and GC threads preempt it up to ~60 times a second on
         * an idle 2-vCPU VM; with one core kept busy, 42 to 430, a median of 176.
         */
        public static final double SWITCHES_PER_SECOND = 100;
        /** The fewest involuntary switches that can make the machine loaded: 30, so that a short run's few do not. */
        public static final long MIN_SWITCHES = 30;
        /**
         * The share of runs preempted from which the machine is loaded: 30%. On the idle 2-vCPU VM a
         * short run of 60 saw up to 27% (the JIT's threads); with one core busy, 10% to 71%, a median of 28%.
         */
        public static final double PREEMPTED_SHARE = 0.30;

        private final int cpus;
        private final OptionalDouble otherRunnable;
        private final OptionalDouble otherCpuShare;
        private final String runnableUnavailable;
        private final OptionalDouble stealShare;
        private final OptionalLong involuntarySwitches;
        private final OptionalDouble switchesPerSecond;
        private final int runs;
        private final int preemptedRuns;
        private final List<String> reasons = new ArrayList<>();
        /** Preemptions over their thresholds while other processes' threads were seldom runnable: this JVM's own threads' doing. */
        private final List<String> ownPreemptions;

        /**
         * As {@link #MachineLoad(int, OptionalDouble, double, OptionalDouble, String, OptionalDouble, OptionalLong, double, int, int)},
         * with another process's thread taken to be runnable in every sample when the median is above 0, in none at 0,
         * and other processes' CPU time not read.
         */
        public MachineLoad(int cpus, OptionalDouble otherRunnable, String runnableUnavailable, OptionalDouble stealShare,
                OptionalLong involuntarySwitches, double seconds, int runs, int preemptedRuns) {
            this(cpus, otherRunnable, otherRunnable.isPresent() && otherRunnable.getAsDouble() > 0 ? 1 : 0, OptionalDouble.empty(),
                    runnableUnavailable, stealShare, involuntarySwitches, seconds, runs, preemptedRuns);
        }

        /**
         * @param otherRunnable the median number of other runnable threads, or empty
         * @param otherRunnableShare the share of the run queue's samples that saw another process's thread runnable
         * @param otherCpuShare other processes' CPU time over the run, as a share of all CPUs' time, or empty where not read
         * @param runnableUnavailable why {@code otherRunnable} is empty, or null
         * @param involuntarySwitches the measuring thread's involuntary context switches over {@code seconds}, or empty
         */
        public MachineLoad(int cpus, OptionalDouble otherRunnable, double otherRunnableShare, OptionalDouble otherCpuShare,
                String runnableUnavailable, OptionalDouble stealShare, OptionalLong involuntarySwitches, double seconds, int runs,
                int preemptedRuns) {
            checkArgument(cpus >= 1, "at least one CPU, was %s", cpus);
            checkArgument(otherRunnableShare >= 0 && otherRunnableShare <= 1, "a share of samples, was %s", otherRunnableShare);
            checkArgument(otherCpuShare.isEmpty() || otherCpuShare.getAsDouble() >= 0 && otherCpuShare.getAsDouble() <= 1,
                    "a share of the CPUs' time, was %s", otherCpuShare);
            checkArgument(runs >= 0 && preemptedRuns >= 0 && preemptedRuns <= runs, "%s of %s runs preempted", preemptedRuns, runs);
            checkArgument(otherRunnable.isPresent() || runnableUnavailable != null, "say why the run queue is unavailable");
            this.cpus = cpus;
            this.otherRunnable = otherRunnable;
            this.otherCpuShare = otherCpuShare;
            this.runnableUnavailable = otherRunnable.isPresent() ? null : runnableUnavailable;
            this.stealShare = stealShare;
            this.involuntarySwitches = involuntarySwitches;
            this.switchesPerSecond = involuntarySwitches.isPresent() && seconds > 0
                    ? OptionalDouble.of(involuntarySwitches.getAsLong() / seconds)
                    : OptionalDouble.empty();
            this.runs = runs;
            this.preemptedRuns = preemptedRuns;
            if (otherRunnable.isPresent() && otherRunnable.getAsDouble() >= RUNNABLE_SHARE_OF_CPUS * cpus) {
                reasons.add(String.format(Locale.ROOT, "%.1f other threads runnable on %d CPUs", otherRunnable.getAsDouble(), cpus));
            }
            boolean othersBusy = otherCpuShare.isPresent() && otherCpuShare.getAsDouble() >= OTHER_CPU_SHARE;
            if (othersBusy) {
                reasons.add(otherCpu());
            }
            if (stealShare.isPresent() && stealShare.getAsDouble() >= STEAL_SHARE) {
                reasons.add(String.format(Locale.ROOT, "steal %.1f%%", 100 * stealShare.getAsDouble()));
            }
            List<String> preemptions = new ArrayList<>();
            if (switchesPerSecond.isPresent() && switchesPerSecond.getAsDouble() >= SWITCHES_PER_SECOND
                    && involuntarySwitches.getAsLong() >= MIN_SWITCHES) {
                preemptions.add(String.format(Locale.ROOT, "%.1f involuntary context switches per second (%d)",
                        switchesPerSecond.getAsDouble(), involuntarySwitches.getAsLong()));
            }
            if (runs > 0 && preemptedShare() >= PREEMPTED_SHARE) {
                preemptions.add(String.format(Locale.ROOT, "%d of %d runs preempted (%.0f%%)", preemptedRuns, runs,
                        100 * preemptedShare()));
            }
            boolean own = !othersBusy && otherRunnable.isPresent() && otherRunnableShare < OWN_PREEMPTIONS_SHARE;
            this.ownPreemptions = own ? preemptions : List.of();
            if (!own) {
                reasons.addAll(preemptions);
            }
        }

        /** Whether any witness passed its threshold. */
        public boolean isLoaded() {
            return !reasons.isEmpty();
        }

        /** {@code "loaded"} or {@code "quiet"}, as the reports write it. */
        public String label() {
            return isLoaded() ? "loaded" : "quiet";
        }

        /** How many CPUs the JVM may use. */
        public int cpus() {
            return cpus;
        }

        /** The median number of runnable threads of other processes (this JVM's own excluded); empty where it cannot be read. */
        public OptionalDouble otherRunnableThreads() {
            return otherRunnable;
        }

        /** Other processes' CPU time over the run, as a share of all CPUs' time; empty where it cannot be read (not Linux). */
        public OptionalDouble otherProcessesCpuShare() {
            return otherCpuShare;
        }

        private String otherCpu() {
            return String.format(Locale.ROOT, "other processes used %.0f%% of the CPUs' time (%.2f of %d CPUs)",
                    100 * otherCpuShare.getAsDouble(), otherCpuShare.getAsDouble() * cpus, cpus);
        }

        /** Why the run queue could not be read; empty when it was. */
        public Optional<String> runnableUnavailable() {
            return Optional.ofNullable(runnableUnavailable);
        }

        /** Involuntary context switches of the measuring thread during the run; empty where they cannot be read. */
        public OptionalLong involuntarySwitches() {
            return involuntarySwitches;
        }

        /** Involuntary context switches of the measuring thread per second of the run; empty where they cannot be read. */
        public OptionalDouble involuntarySwitchesPerSecond() {
            return switchesPerSecond;
        }

        /** How many timed runs the preempted share is taken over. */
        public int runs() {
            return runs;
        }

        /** How many of them were preempted, by their wall and CPU times ({@link Preemptions}). */
        public int preemptedRuns() {
            return preemptedRuns;
        }

        /** The share of the runs preempted (0 without runs). */
        public double preemptedShare() {
            return runs == 0 ? 0 : (double) preemptedRuns / runs;
        }

        /**
         * {@code loaded: 1.0 other threads runnable on 2 CPUs, 12 of 400 runs preempted (3%)} or
         * {@code quiet: 0.0 other threads runnable on 2 CPUs, steal 0.1%, 0.2 involuntary switches per
         * second, 0 of 400 runs preempted}.
         */
        public String summary() {
            if (isLoaded()) {
                return "loaded: " + String.join(", ", reasons);
            }
            List<String> figures = new ArrayList<>();
            figures.add(otherRunnable.isPresent()
                    ? String.format(Locale.ROOT, "%.1f other threads runnable on %d CPUs", otherRunnable.getAsDouble(), cpus)
                    : "run queue not available (" + runnableUnavailable + ")");
            if (otherCpuShare.isPresent()) {
                figures.add(otherCpu());
            }
            stealShare.ifPresent(steal -> figures.add(String.format(Locale.ROOT, "steal %.1f%%", 100 * steal)));
            switchesPerSecond.ifPresent(rate -> figures.add(String.format(Locale.ROOT, "%.1f involuntary switches per second", rate)));
            figures.add(preemptedRuns + " of " + runs + " runs preempted");
            String quiet = "quiet: " + String.join(", ", figures);
            return ownPreemptions.isEmpty() ? quiet : quiet + "; " + String.join(" and ", ownPreemptions)
                    + " by this JVM's own threads (its compiler, GC or the task's pool), as other processes' threads were "
                    + "runnable in fewer than a quarter of the samples" + (otherCpuShare.isPresent() ? " and used little CPU" : "");
        }

        @Override
        public String toString() {
            return summary();
        }
    }
}
