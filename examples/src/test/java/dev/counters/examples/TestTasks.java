package dev.counters.examples;

import dev.counters.measure.Task;
import java.util.concurrent.atomic.AtomicInteger;

/** Classes for {@code counters measure --task}: one good task and every way a class can fail to be one. */
public final class TestTasks {
    private TestTasks() {}

    /** A good task: a little CPU work, counted. */
    public static final class Tiny implements Task {
        static final AtomicInteger RUNS = new AtomicInteger();

        @Override
        public Object run() {
            RUNS.incrementAndGet();
            return SpinWorkload.spin(20_000, 7);
        }
    }

    /** Has a public no-argument constructor but is no task. */
    public static final class NotATask {
        public Object run() {
            return null;
        }
    }

    /** A task that cannot be built without an argument. */
    public static final class NeedsAnArgument implements Task {
        public NeedsAnArgument(int size) {}

        @Override
        public Object run() {
            return null;
        }
    }

    /** A task whose constructor fails. */
    public static final class FailsToConstruct implements Task {
        public FailsToConstruct() {
            throw new IllegalStateException("no data file");
        }

        @Override
        public Object run() {
            return null;
        }
    }

    /** A task that is not public. */
    static final class Hidden implements Task {
        @Override
        public Object run() {
            return null;
        }
    }

    /** A task whose work fails with a checked exception, as reading a missing file would. */
    public static final class ThrowsWhileRunning implements Task {
        @Override
        public Object run() throws java.io.IOException {
            throw new java.io.IOException("input.csv: No such file or directory");
        }
    }
}
