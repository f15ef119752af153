package dev.counters.examples;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * A fixed amount of pure CPU work: {@code iterations} steps of the xorshift64 generator, each
 * step depending on the one before, so that neither the JIT nor the processor can skip, merge or
 * vectorise them. It touches no memory beyond registers, so it times the CPU alone. About
 * 50 million steps take 100 ms on a 3 GHz core.
 */
final class SpinWorkload {
    /** Steps that take about 100 ms on a 3 GHz core. */
    static final long ABOUT_100_MS = 50_000_000L;
    /** The largest workload a command accepts: about 20 s per run, far beyond any useful timing. */
    static final long MAX_ITERATIONS = 10_000_000_000L;

    /** Where results go, so that the work is never dead code. */
    private static volatile long sink;

    private SpinWorkload() {}

    /** Runs {@code iterations} steps from {@code seed} and returns the last value (never 0 for a non-zero seed). */
    static long spin(long iterations, long seed) {
        checkArgument(iterations >= 0, "iterations must not be negative, was %s", iterations);
        long x = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
        for (long i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /** Runs {@code iterations} steps and keeps the result where the JIT cannot drop it. */
    static long spinAndKeep(long iterations) {
        long result = spin(iterations, System.nanoTime());
        keep(result);
        return result;
    }

    /** Keeps {@code result} where the JIT cannot drop the work that made it. */
    static void keep(long result) {
        sink = result;
    }
}
