package dev.counters.cli;

import dev.counters.measure.Task;
import dev.counters.measure.internal.SpinWorkload;

/**
 * The built-in workload of {@code measure}, {@code compare} and {@code isolation}: a
 * {@link SpinWorkload} of the size given with {@code --iterations}, about 100 ms of pure CPU work by
 * default, like the test function of a classic benchmark, named for the reports.
 */
final class SpinTask implements Task {
    /** The largest workload a command accepts: about 20 s per run, far beyond any useful timing. */
    static final long MAX_ITERATIONS = 10_000_000_000L;

    /** The system property that tells {@link ForkedA} its steps in a fork of {@code counters compare}. */
    static final String ITERATIONS_A = "counters.compare.iterations-a";
    /** The system property that tells {@link ForkedB} its steps. */
    static final String ITERATIONS_B = "counters.compare.iterations-b";

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

    /** The built-in task A in a fork of {@code counters compare}: {@code -Dcounters.compare.iterations-a} steps. */
    public static final class ForkedA implements Task {
        private final SpinTask task = new SpinTask(Long.getLong(ITERATIONS_A, 1));

        @Override
        public Object run() {
            return task.run();
        }
    }

    /** The built-in task B in a fork: {@code -Dcounters.compare.iterations-b} steps. */
    public static final class ForkedB implements Task {
        private final SpinTask task = new SpinTask(Long.getLong(ITERATIONS_B, 1));

        @Override
        public Object run() {
            return task.run();
        }
    }
}
