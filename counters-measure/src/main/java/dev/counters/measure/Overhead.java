package dev.counters.measure;

import dev.counters.internal.Durations;
import java.util.Locale;

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
