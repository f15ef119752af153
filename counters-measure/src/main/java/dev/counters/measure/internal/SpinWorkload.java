package dev.counters.measure.internal;

import static com.google.common.base.Preconditions.checkArgument;

import dev.counters.measure.Task;

/**
 * A fixed amount of pure CPU work: {@code iterations} steps of the xorshift64 generator, each step
 * depending on the one before, so that neither the JIT nor the processor can skip, merge or
 * vectorise them. It touches no memory beyond registers, so it times the CPU alone: the noise
 * report's reference loop, the built-in task of the command line, and load for other cores.
 *
 * <p>As a {@link Task}, each run continues from the value the last one left and returns it, so
 * {@code Measure} keeps the work alive:
 * <pre>{@code
 * MeasureResult result = Measure.of(SpinWorkload.of(SpinWorkload.ABOUT_100_MS)).runs(20).run();
 * }</pre>
 * About {@value #ABOUT_100_MS} steps take 100 ms on a 3 GHz core. A workload is used by one
 * thread at a time.
 */
public final class SpinWorkload implements Task {
    /** Steps that take about 100 ms on a 3 GHz core. */
    public static final long ABOUT_100_MS = 50_000_000L;

    /** The seed used for 0, which xorshift would never leave. */
    private static final long NON_ZERO_SEED = 0x9E3779B97F4A7C15L;

    private final long iterations;
    private long value = NON_ZERO_SEED;

    private SpinWorkload(long iterations) {
        this.iterations = iterations;
    }

    /**
     * A task of {@code iterations} steps a run.
     *
     * @throws IllegalArgumentException if {@code iterations} is not positive
     */
    public static SpinWorkload of(long iterations) {
        checkArgument(iterations > 0, "iterations must be positive, was %s", iterations);
        return new SpinWorkload(iterations);
    }

    /** Runs {@code iterations} steps from {@code seed} (0 counts as a fixed non-zero seed) and returns the last value, never 0. */
    public static long spin(long iterations, long seed) {
        checkArgument(iterations >= 0, "iterations must not be negative, was %s", iterations);
        long x = seed == 0 ? NON_ZERO_SEED : seed;
        for (long i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /** Steps a run. */
    public long iterations() {
        return iterations;
    }

    /** One run: {@link #iterations()} steps from where the last run ended; returns the value reached. */
    @Override
    public Object run() {
        value = spin(iterations, value);
        return value;
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "%,d xorshift steps", iterations);
    }
}
