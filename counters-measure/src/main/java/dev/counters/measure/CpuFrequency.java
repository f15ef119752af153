package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.util.concurrent.Uninterruptibles;
import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.measure.cycles.ProcessorCounter;
import dev.counters.spi.TickSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Estimates the frequency of the processor's cycle counter ({@link ProcessorCounter}: the x86
 * TSC, the aarch64 virtual counter) the classic way, but without trusting any single
 * interval: count cycles across an interval timed by the high-performance counter, repeat, and
 * keep the trimmed mean.
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
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(20);
    public static final int DEFAULT_REPEATS = 11;
    /** Brackets tried at each end of an interval; the tightest is kept. */
    static final int BRACKETS = 5;

    private CpuFrequency() {}

    /** Estimates with {@value #DEFAULT_REPEATS} intervals of 20 ms (about a quarter of a second). */
    public static FrequencyEstimate estimate() {
        return estimate(DEFAULT_INTERVAL, DEFAULT_REPEATS);
    }

    /**
     * Estimates with {@code repeats} intervals of {@code interval} each; the highest and lowest
     * samples are dropped when there are at least 3.
     *
     * @throws UnsupportedOperationException if the processor counter cannot be read here
     */
    public static FrequencyEstimate estimate(Duration interval, int repeats) {
        return estimate(ProcessorCounter.source(), Counters.highPerformance(), interval, repeats,
                ProcessorCounter.instruction(), kernelReportedHz());
    }

    /** Estimates the frequency of {@code cycles} against {@code reference}; the seam for tests. */
    static FrequencyEstimate estimate(TickSource cycles, Counter reference, Duration interval, int repeats, String name,
            OptionalLong kernelHz) {
        requireNonNull(cycles, "cycles");
        requireNonNull(reference, "reference");
        requireNonNull(interval, "interval");
        checkArgument(!interval.isNegative() && !interval.isZero(), "interval must be positive, was %s", interval);
        checkArgument(repeats >= 1, "repeats must be at least 1, was %s", repeats);
        long referenceHz = reference.getFrequency();
        reference.start();
        for (int i = 0; i < 100; i++) {
            bracket(cycles, reference);
        }
        double[] samples = new double[repeats];
        double[] previous = bracket(cycles, reference);
        for (int i = 0; i < repeats; i++) {
            Uninterruptibles.sleepUninterruptibly(interval);
            double[] next = bracket(cycles, reference);
            double referenceTicks = next[1] - previous[1];
            samples[i] = (next[0] - previous[0]) * referenceHz / referenceTicks;
            previous = next;
        }
        return new FrequencyEstimate(samples, repeats >= 3 ? 1 : 0, interval, name, kernelHz);
    }

    /** {cycle reading, reference ticks since start at the moment of that reading}, from the tightest of a few brackets. */
    private static double[] bracket(TickSource cycles, Counter reference) {
        long bestWidth = Long.MAX_VALUE;
        double[] best = new double[2];
        for (int i = 0; i < BRACKETS; i++) {
            reference.stop();
            long before = reference.getPeriodCount();
            long count = cycles.read();
            reference.stop();
            long after = reference.getPeriodCount();
            if (after - before < bestWidth) {
                bestWidth = after - before;
                best[0] = count;
                best[1] = before + (after - before) / 2.0;
            }
        }
        return best;
    }

    /**
     * The exact counter frequency the system reports, where it reports one: on Linux x86 the
     * {@code cpu MHz} of {@code /proc/cpuinfo} when the flags include {@code tsc_known_freq}; on
     * aarch64 {@code CNTFRQ_EL0}.
     */
    public static OptionalLong kernelReportedHz() {
        if (ProcessorCounter.declaredFrequency().isPresent()) {
            return OptionalLong.of(ProcessorCounter.declaredFrequency().get());
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
                knownFrequency = Arrays.asList(value.split("\\s+")).contains("tsc_known_freq");
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
