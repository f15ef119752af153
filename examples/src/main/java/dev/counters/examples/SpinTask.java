package dev.counters.examples;

import static com.google.common.base.Preconditions.checkArgument;

import dev.counters.measure.Task;

/**
 * The built-in workload of {@code counters measure}: a fixed number of xorshift steps
 * ({@link SpinWorkload}), about 100 ms of pure CPU work by default, like the test function of a
 * classic benchmark. Its result is returned, so {@code Measure} keeps it alive.
 */
final class SpinTask implements Task {
    private final long iterations;
    private long seed = System.nanoTime();

    SpinTask(long iterations) {
        checkArgument(iterations > 0, "iterations must be positive, was %s", iterations);
        this.iterations = iterations;
    }

    @Override
    public Object run() {
        seed = SpinWorkload.spin(iterations, seed);
        return seed;
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "the built-in workload (%,d xorshift steps)", iterations);
    }
}
