package dev.counters.measure.internal;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.Counters;
import dev.counters.internal.CycleFrequency;
import dev.counters.internal.TickSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Estimates the frequency of the processor's cycle counter ({@link CounterKind#CPU_CYCLES}: the
 * x86 TSC, the aarch64 virtual counter, served by the platform module) the classic way, but without trusting any single interval: count cycles across an interval timed by the
 * high-performance counter, repeat, and keep the trimmed mean. The sampling is
 * {@link CycleFrequency}'s, the same the platform modules use for the counter's own frequency;
 * this class reports every sample, the spread and the kernel's figure beside it.
 *
 * <p>Each interval's ends are bracketed: the high-performance counter is read just before and
 * just after the cycle counter, the cycle reading is placed at the midpoint, and the tightest of a
 * few brackets is kept. So neither the sleep between the ends (the classic recipe trusts
 * {@code Sleep(1000)} to last a second) nor the cost of the reads distorts the result; the error left is a fraction of
 * one read's cost over the interval (well under 10 ppm for 20 ms intervals).
 *
 * <pre>{@code
 * FrequencyEstimate tsc = CpuFrequency.estimate();
 * System.out.println(tsc);             // RDTSC frequency 2445.43 MHz (...); kernel reports ...
 * }</pre>
 *
 * <p>On x86 the TSC rate is fixed ({@code constant_tsc}) and is not the current core clock, which
 * varies with load and power state.
 */
public final class CpuFrequency {
    public static final Duration DEFAULT_INTERVAL = CycleFrequency.DEFAULT_INTERVAL;
    public static final int DEFAULT_REPEATS = CycleFrequency.DEFAULT_REPEATS;
    /** Brackets tried at each end of an interval; the tightest is kept. */
    static final int BRACKETS = CycleFrequency.BRACKETS;

    private CpuFrequency() {}

    /** Estimates with {@value #DEFAULT_REPEATS} intervals of 20 ms (about a quarter of a second). */
    public static FrequencyEstimate estimate() {
        return estimate(DEFAULT_INTERVAL, DEFAULT_REPEATS);
    }

    /**
     * Estimates with {@code repeats} intervals of {@code interval} each; the highest and lowest
     * samples are dropped when there are at least 3.
     *
     * @throws UnsupportedOperationException if the processor counter cannot be read here (no
     *     platform module serves {@link CounterKind#CPU_CYCLES}), saying why
     */
    public static FrequencyEstimate estimate(Duration interval, int repeats) {
        return estimate(Counters.create(CounterKind.CPU_CYCLES), Counters.highPerformance(), interval, repeats,
                kernelReportedHz());
    }

    /**
     * Estimates the frequency of {@code cycles} (a {@link CounterKind#CPU_CYCLES} counter) against
     * {@code reference} (a high-performance counter), with {@code repeats} intervals of
     * {@code interval}, beside {@code kernelHz} (from {@link #kernelReportedHz()}). This only
     * samples: it creates no counter and reads no file, so a caller can create the counters where
     * it chooses (the first counter of a process binds the native layer, loading libraries and
     * classes) and sample elsewhere, for instance on a thread bounded by a time limit.
     *
     * @throws IllegalArgumentException if {@code interval} is not positive or {@code repeats} is below 1
     */
    public static FrequencyEstimate estimate(Counter cycles, Counter reference, Duration interval, int repeats,
            OptionalLong kernelHz) {
        requireNonNull(cycles, "cycles");
        requireNonNull(kernelHz, "kernelHz");
        return estimate(readings(cycles), reference, interval, repeats,
                instructionName(System.getProperty("os.arch", "")), kernelHz);
    }

    /** Estimates the frequency of {@code cycles} against {@code reference}; the seam for tests. */
    static FrequencyEstimate estimate(TickSource cycles, Counter reference, Duration interval, int repeats, String name,
            OptionalLong kernelHz) {
        requireNonNull(cycles, "cycles");
        requireNonNull(reference, "reference");
        requireNonNull(interval, "interval");
        checkArgument(!interval.isNegative() && !interval.isZero(), "interval must be positive, was %s", interval);
        checkArgument(repeats >= 1, "repeats must be at least 1, was %s", repeats);
        double[] samples = CycleFrequency.samples(cycles, readings(reference), reference.getFrequency(), interval, repeats);
        return new FrequencyEstimate(samples, CycleFrequency.trim(repeats), interval, name, kernelHz);
    }

    /** {@code counter}'s ticks since now, read by stopping it again each time (every stop measures from the same start). */
    private static TickSource readings(Counter counter) {
        counter.start();
        return () -> {
            counter.stop();
            return counter.getPeriodCount();
        };
    }

    /** The instruction behind CPU_CYCLES on {@code osArch}: {@code RDTSC} on x86-64, {@code CNTVCT_EL0} on aarch64. */
    static String instructionName(String osArch) {
        return CycleFrequency.instruction(osArch).orElse("CPU_CYCLES");
    }

    /**
     * The exact counter frequency the system reports, where it reports one: on Linux x86 the
     * {@code cpu MHz} of {@code /proc/cpuinfo} when the flags include {@code tsc_known_freq}; on
     * aarch64 {@code CNTFRQ_EL0}.
     */
    public static OptionalLong kernelReportedHz() {
        if (instructionName(System.getProperty("os.arch", "")).equals("CNTVCT_EL0")) {
            // The platform modules take the aarch64 counter's rate from CNTFRQ_EL0, where the firmware declares it.
            return OptionalLong.of(Counters.create(CounterKind.CPU_CYCLES).getFrequency());
        }
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(cpuinfo)) {
            return OptionalLong.empty();
        }
        try {
            return fromCpuinfo(Files.readAllLines(cpuinfo));
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    /** The first processor's {@code cpu MHz} in Hz, if its flags include {@code tsc_known_freq}. */
    static OptionalLong fromCpuinfo(List<String> lines) {
        boolean knownFrequency = false;
        Double megahertz = null;
        for (String line : lines) {
            if (line.isBlank()) {
                break; // end of the first processor's block
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim();
            if (key.equals("flags")) {
                knownFrequency = ProcReadings.fields(value).contains("tsc_known_freq");
            } else if (key.equals("cpu mhz")) {
                try {
                    megahertz = Double.parseDouble(value);
                } catch (NumberFormatException e) {
                    megahertz = null;
                }
            }
        }
        return knownFrequency && megahertz != null ? OptionalLong.of(Math.round(megahertz * 1e6)) : OptionalLong.empty();
    }
}
