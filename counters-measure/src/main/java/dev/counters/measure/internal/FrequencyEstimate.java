package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.internal.Durations;
import dev.counters.measure.Statistics;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The processor counter's frequency as {@link CpuFrequency} estimated it: every sample (counter
 * ticks over one measured interval of the high-performance counter), their trimmed mean, their
 * spread, and what the kernel reports for comparison where it reports an exact figure.
 */
public final class FrequencyEstimate {
    private final Statistics samples;
    private final Duration interval;
    private final String counter;
    private final Long kernelReportedHz;

    FrequencyEstimate(double[] samplesHz, int trim, Duration interval, String counter, OptionalLong kernelReportedHz) {
        this.samples = Statistics.of(samplesHz, trim);
        this.interval = requireNonNull(interval, "interval");
        this.counter = requireNonNull(counter, "counter");
        this.kernelReportedHz = kernelReportedHz.isPresent() ? kernelReportedHz.getAsLong() : null;
    }

    /** The estimate in ticks per second: the mean of the samples once the highest and lowest are dropped. */
    public double hz() {
        return samples.trimmedMean();
    }

    /** The median sample, in ticks per second. */
    public double medianHz() {
        return samples.median();
    }

    /** Every sample in ticks per second, in the order taken. */
    public double[] samplesHz() {
        return samples.samples();
    }

    /** (max - min) / median of the samples: how much one interval's estimate can be trusted. */
    public double spread() {
        return samples.spread();
    }

    /** The length of each sampled interval. */
    public Duration interval() {
        return interval;
    }

    /**
     * The kernel's exact figure for the counter, where it has one: on Linux x86, {@code cpu MHz}
     * in {@code /proc/cpuinfo} when the CPU flags include {@code tsc_known_freq} (the kernel then
     * took the TSC rate from the CPU or hypervisor instead of calibrating it); on aarch64 the rate
     * the firmware put in {@code CNTFRQ_EL0}.
     */
    public Optional<Long> kernelReportedHz() {
        return Optional.ofNullable(kernelReportedHz);
    }

    /** (estimate - kernel figure) / kernel figure, where the kernel reports one. */
    public Optional<Double> relativeErrorToKernel() {
        return kernelReportedHz().map(kernel -> (hz() - kernel) / kernel);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
                "%s frequency %.6f MHz (trimmed mean of %d samples of %s; median %.6f MHz, spread %.4f%%)",
                counter, hz() / 1e6, samples.count(), Durations.formatNanos(interval.toNanos()), medianHz() / 1e6,
                100 * spread()));
        kernelReportedHz().ifPresentOrElse(
                kernel -> text.append(String.format(Locale.ROOT, "; kernel reports %.3f MHz, difference %+.5f%%",
                        kernel / 1e6, 100 * relativeErrorToKernel().get())),
                () -> text.append("; the kernel reports no exact figure here"));
        return text.toString();
    }
}
