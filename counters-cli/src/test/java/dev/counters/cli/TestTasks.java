package dev.counters.cli;

import dev.counters.measure.Task;
import dev.counters.measure.internal.SpinWorkload;
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

    /** Twice the work of {@link Tiny}, for {@code counters compare --task-b}. */
    public static final class TinyTwice implements Task {
        @Override
        public Object run() {
            return SpinWorkload.spin(40_000, 7);
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

    /** A task with a bug that shows on its second run: an unchecked exception. */
    public static final class ThrowsOnSecondRun implements Task {
        private int runs;

        @Override
        public Object run() {
            if (++runs == 2) {
                throw new IllegalStateException("task bug");
            }
            return runs;
        }
    }

    /** Runs {@link #GOOD_RUNS} times (the unprepared runs of {@code --runs 3}), then fails in the warm-up. */
    public static final class ThrowsInWarmUp implements Task {
        static final int GOOD_RUNS = 3;
        private int runs;

        @Override
        public Object run() {
            if (++runs > GOOD_RUNS) {
                throw new ArithmeticException("/ by zero");
            }
            return runs;
        }
    }

    /** A recursion that never ends. */
    public static final class OverflowsTheStack implements Task {
        @Override
        public Object run() {
            return depth(0);
        }

        private static long depth(long n) {
            return depth(n + 1) + 1;
        }
    }

    /** A task whose class cannot be initialised. */
    public static final class FailsToInitialise implements Task {
        static final String SETTING = System.getProperty("no.such.setting", "");

        static {
            if (SETTING.isEmpty()) {
                throw new IllegalStateException("no.such.setting is not set");
            }
        }

        @Override
        public Object run() {
            return null;
        }
    }

    /** Runs {@link ThrowsInWarmUp#GOOD_RUNS} times, then blocks until it is interrupted: a hang. */
    public static final class HangsAfterThreeRuns implements Task {
        private int runs;

        @Override
        public Object run() throws InterruptedException {
            if (++runs > ThrowsInWarmUp.GOOD_RUNS) {
                Thread.sleep(Long.MAX_VALUE);
            }
            return SpinWorkload.spin(20_000, runs);
        }
    }

    /** Ends the JVM from its second run on. */
    public static final class CallsSystemExit implements Task {
        private int runs;

        @Override
        public Object run() {
            if (++runs == 2) {
                System.exit(0);
            }
            return runs;
        }
    }

    /** Ends the JVM, with its own status 7, while it is constructed. */
    public static final class ExitsInItsConstructor implements Task {
        public ExitsInItsConstructor() {
            System.exit(7);
        }

        @Override
        public Object run() {
            return 0;
        }
    }

    /** Ends the JVM, with status 0, while its class is initialised. */
    public static final class ExitsInItsStaticInitialiser implements Task {
        static {
            if (Boolean.parseBoolean("true")) {
                System.exit(0);
            }
        }

        @Override
        public Object run() {
            return 0;
        }
    }

    /** Deletes the folder named by the system property {@value #FOLDER} on its first run, as a vanishing disk would. */
    public static final class DeletesAFolder implements Task {
        static final String FOLDER = "counters.test.folderToDelete";

        @Override
        public Object run() throws java.io.IOException {
            String folder = System.getProperty(FOLDER);
            if (folder != null && java.nio.file.Files.isDirectory(java.nio.file.Path.of(folder))) {
                java.nio.file.Files.delete(java.nio.file.Path.of(folder));
            }
            return folder;
        }
    }

    /** Prints a line of {@link #LINE_LENGTH} characters to {@code System.out} on every run, as a chatty task does. */
    public static final class Chatty implements Task {
        static final String MARK = "chatty task line ";
        static final int LINE_LENGTH = 200;
        private int runs;

        @Override
        public Object run() {
            String line = MARK + ++runs + " ";
            System.out.println(line + "x".repeat(LINE_LENGTH - line.length()));
            return SpinWorkload.spin(20_000, runs);
        }
    }

    /** Ends the JVM with {@code Runtime.halt(0)} on its second run: no shutdown hook runs, the status is 0. */
    public static final class Halts implements Task {
        private int runs;

        @Override
        public Object run() {
            if (++runs == 2) {
                Runtime.getRuntime().halt(0);
            }
            return runs;
        }
    }

    /** {@link Tiny}'s work, and a failure unless the JVM has the system property {@value #PROPERTY}: a fork's options show. */
    public static final class NeedsAProperty implements Task {
        static final String PROPERTY = "counters.test.forkOption";

        public NeedsAProperty() {
            if (System.getProperty(PROPERTY) == null) {
                throw new IllegalStateException("-D" + PROPERTY + " is not set");
            }
        }

        @Override
        public Object run() {
            return SpinWorkload.spin(20_000, 7);
        }
    }

    /** Runs of ten seconds: too long for any short budget. */
    public static final class TenSecondRuns implements Task {
        @Override
        public Object run() throws InterruptedException {
            Thread.sleep(10_000);
            return 1;
        }
    }

    /** {@link Tiny}'s work for its first 400 ms, past a warm-up of 100 ms, then a failure: in the measured pairs. */
    public static final class ThrowsAfterItsWarmUp implements Task {
        private long first;

        @Override
        public Object run() {
            long now = System.nanoTime();
            if (first == 0) {
                first = now;
            }
            if (now - first > 400_000_000L) {
                throw new IllegalStateException("task bug after 400 ms");
            }
            return SpinWorkload.spin(20_000, 7);
        }
    }
}
