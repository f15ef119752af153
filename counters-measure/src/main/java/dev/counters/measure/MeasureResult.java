package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import dev.counters.internal.Durations;
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

}
