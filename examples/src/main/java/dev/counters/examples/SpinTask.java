package dev.counters.examples;

import dev.counters.measure.SpinWorkload;
import dev.counters.measure.Task;

/**
 * The built-in workload of {@code measure}, {@code compare} and {@code isolation}: a
 * {@link SpinWorkload} of the size given with {@code --iterations}, about 100 ms of pure CPU work by
 * default, like the test function of a classic benchmark, named for the reports.
 */
final class SpinTask implements Task {
    /** The largest workload a command accepts: about 20 s per run, far beyond any useful timing. */
    static final long MAX_ITERATIONS = 10_000_000_000L;

    private final SpinWorkload workload;

    SpinTask(long iterations) {
        this.workload = SpinWorkload.of(iterations);
    }

    @Override
    public Object run() {
        return workload.run();
    }

    @Override
    public String toString() {
        return "the built-in workload (" + workload + ")";
    }
}
