package dev.counters.internal;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.math.Stats;
import com.google.common.util.concurrent.Uninterruptibles;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Estimates the frequency of a cycle counter (the x86 TSC, the aarch64 virtual counter) without
 * trusting any single interval: count cycles across an interval timed by a reference clock,
 * repeat, and keep the trimmed mean. Platform-neutral: a platform
 * module estimates its own counter with {@link #estimate} against {@link System#nanoTime()},
 * without going through the registry; {@code counters-measure}'s {@code CpuFrequency} reports the
 * samples in full.
 *
 * <p>Each interval's ends are bracketed: the reference is read just before and just after the
 * cycle counter, the cycle reading is placed at the midpoint, and the tightest of
 * {@value #BRACKETS} brackets is kept. So neither the sleep between the ends nor the cost of the
 * reads distorts the result; the error left is a fraction of one read's cost over the interval.
 */
public final class CycleFrequency {
    /** The length of each sampled interval by default. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(20);
    /** The number of intervals by default: about a quarter of a second in all. */
    public static final int DEFAULT_REPEATS = 11;
    /** Brackets tried at each end of an interval; the tightest is kept. */
    public static final int BRACKETS = 5;
    private static final int WARM_UP_BRACKETS = 100;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private CycleFrequency() {}

    /**
     * One estimate of {@code cycles}' frequency per interval, in ticks per second, in the order
     * taken: {@code repeats} intervals of {@code interval}, each timed by {@code reference}, which
     * ticks {@code referenceHz} times a second.
     *
     * @throws IllegalArgumentException if {@code interval} is not positive or {@code repeats} is below 1
     */
    public static double[] samples(TickSource cycles, TickSource reference, long referenceHz, Duration interval, int repeats) {
        requireNonNull(cycles, "cycles");
        requireNonNull(reference, "reference");
        requireNonNull(interval, "interval");
        checkArgument(referenceHz > 0, "referenceHz must be positive, was %s", referenceHz);
        checkArgument(!interval.isNegative() && !interval.isZero(), "interval must be positive, was %s", interval);
        checkArgument(repeats >= 1, "repeats must be at least 1, was %s", repeats);
        for (int i = 0; i < WARM_UP_BRACKETS; i++) {
            bracket(cycles, reference);
        }
        double[] samples = new double[repeats];
        double[] previous = bracket(cycles, reference);
        for (int i = 0; i < repeats; i++) {
            Uninterruptibles.sleepUninterruptibly(interval);
            double[] next = bracket(cycles, reference);
            samples[i] = (next[0] - previous[0]) * referenceHz / (next[1] - previous[1]);
            previous = next;
        }
        return samples;
    }

    /**
     * The instruction that reads the processor's cycle counter on {@code osArch} (as the JVM names
     * it): {@code "RDTSC"} on x86-64, {@code "CNTVCT_EL0"} on aarch64; empty where none is known.
     */
    public static Optional<String> instruction(String osArch) {
        return switch (osArch.toLowerCase(Locale.ROOT)) {
            case "amd64", "x86_64", "x86-64" -> Optional.of("RDTSC");
            case "aarch64", "arm64" -> Optional.of("CNTVCT_EL0");
            default -> Optional.empty();
        };
    }

    /** How many samples at each end {@link #trimmedMean} drops: one each once there are at least 3. */
    public static int trim(int sampleCount) {
        return sampleCount >= 3 ? 1 : 0;
    }

    /** The mean of {@code samples} once the {@link #trim} highest and lowest are dropped. */
    public static double trimmedMean(double[] samples) {
        checkArgument(samples.length > 0, "no samples");
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int drop = trim(sorted.length);
        return Stats.meanOf(Arrays.copyOfRange(sorted, drop, sorted.length - drop));
    }

    /**
     * {@code cycles}' frequency in ticks per second, estimated now with the defaults against
     * {@link System#nanoTime()}: about a quarter of a second.
     */
    public static long estimate(TickSource cycles) {
        requireNonNull(cycles, "cycles");
        return Math.round(trimmedMean(samples(cycles, System::nanoTime, NANOS_PER_SECOND, DEFAULT_INTERVAL, DEFAULT_REPEATS)));
    }

    /** {cycle reading, reference reading at that moment}, from the tightest of a few brackets. */
    private static double[] bracket(TickSource cycles, TickSource reference) {
        long bestWidth = Long.MAX_VALUE;
        double[] best = new double[2];
        for (int i = 0; i < BRACKETS; i++) {
            long before = reference.read();
            long count = cycles.read();
            long after = reference.read();
            if (after - before < bestWidth) {
                bestWidth = after - before;
                best[0] = count;
                best[1] = before + (after - before) / 2.0;
            }
        }
        return best;
    }
}
