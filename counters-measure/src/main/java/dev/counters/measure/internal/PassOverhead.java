package dev.counters.measure.internal;

import com.google.common.math.Quantiles;
import dev.counters.measure.Overhead;
import dev.counters.measure.Task;
import java.util.Arrays;

/** What reading the clocks costs a {@link Pass}: the median of empty passes through the same measuring code, per series. */
public final class PassOverhead {
    /**
     * Empty passes discarded before the calibration passes: enough for the JIT to compile the
     * measuring code fully (C2) before the overhead is measured.
     */
    static final int WARM_UP_PASSES = 10_000;
    /** Empty passes whose median is the overhead. */
    public static final int PASSES = 1_000;

    private PassOverhead() {}

    /** The overhead of {@code pass}: the median of {@link #PASSES} empty passes, after {@link #WARM_UP_PASSES} discarded. */
    public static Overhead of(Pass pass) {
        Task empty = () -> null;
        Runnable nothing = () -> { };
        pass.record(empty, new double[Pass.SERIES][WARM_UP_PASSES], WARM_UP_PASSES, "calibration", nothing);
        double[][] series = new double[Pass.SERIES][PASSES];
        pass.record(empty, series, PASSES, "calibration", nothing);
        double cpu = Quantiles.median().computeInPlace(series[Pass.CPU]);
        // Medians of the parts need not add up to the median of the whole (750 ns of CPU beside
        // user 0 and kernel 520 ns): the CPU median is split in the passes' summed user/kernel ratio.
        double user = 0;
        if (pass.hasSplit()) {
            double userSum = Arrays.stream(series[Pass.USER]).sum();
            double cpuSum = userSum + Arrays.stream(series[Pass.KERNEL]).sum();
            user = cpuSum > 0 ? cpu * (userSum / cpuSum) : cpu;
        }
        return new Overhead(Quantiles.median().computeInPlace(series[Pass.WALL]), cpu, user, pass.hasSplit() ? cpu - user : 0,
                PASSES);
    }
}
