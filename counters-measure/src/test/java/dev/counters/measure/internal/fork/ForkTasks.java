package dev.counters.measure.internal.fork;

import dev.counters.measure.Task;
import dev.counters.measure.internal.CompareSettings;
import dev.counters.measure.internal.SpinWorkload;
import dev.counters.measure.Compare;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** The task classes the fork tests run in real forks, and a way to build a {@link ForkedCompare} of two of them. */
public final class ForkTasks {
    private ForkTasks() {}

    /** A comparison of {@code a} against {@code b} in forks on this test's class path. */
    static ForkedCompare forked(Class<? extends Task> a, Class<? extends Task> b, Duration budget, int minForks, int maxForks,
            List<String> options) {
        CompareSettings settings = new CompareSettings(budget, Compare.DEFAULT_TARGET, Compare.DEFAULT_CONFIDENCE, 0,
                Compare.DEFAULT_MIN_PAIRS, Compare.DEFAULT_WARM_UP, Compare.Order.ALTERNATING, Compare.JudgedBy.AUTO);
        return new ForkedCompare(new TaskSpec("A", a.getName(), ""), new TaskSpec("B", b.getName(), ""), settings, minForks,
                maxForks, options, System.getProperty("java.class.path"));
    }

    /** {@code steps} xorshift steps a run. */
    abstract static class Steps implements Task {
        private final int steps;
        private long seed = 1;

        Steps(int steps) {
            this.steps = steps;
        }

        @Override
        public Object run() {
            seed = SpinWorkload.spin(steps, seed);
            return seed;
        }
    }

    /** About 0.3 ms of xorshift steps. */
    public static final class Once extends Steps {
        public Once() {
            super(100_000);
        }
    }

    /** Four times {@link Once}'s work. */
    public static final class FourTimes extends Steps {
        public FourTimes() {
            super(400_000);
        }
    }

    /** About 60 ms of xorshift steps a run: a round of four pairs (sixteen runs, half of them re-warming) takes a second. */
    public static final class Slow extends Steps {
        public Slow() {
            super(20_000_000);
        }
    }

    /** Never returns from being made. */
    public static final class NeverMade extends Steps {
        public NeverMade() {
            super(100_000);
            hang();
        }
    }

    /**
     * Never returns from being made in the first JVM that makes it: the one that creates the file the
     * system property {@code counters.test.marker} names; made at once in every other.
     */
    public static final class NeverMadeInTheFirstFork extends Steps {
        public NeverMadeInTheFirstFork() {
            super(100_000);
            try {
                Files.createFile(Path.of(System.getProperty("counters.test.marker")));
            } catch (FileAlreadyExistsException e) {
                return;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            hang();
        }
    }

    /**
     * Made at once in the first JVM that makes it (which creates the file named by the system
     * property {@code counters.test.marker}); never returns from being made in the next one, which
     * creates the file with {@code .second} appended first.
     */
    public static final class NeverMadeInTheSecondFork extends Steps {
        /** Whether this JVM is the first to make the class: decided once, when the class is loaded. */
        private static final boolean FIRST_JVM = claim(Path.of(System.getProperty("counters.test.marker")));

        public NeverMadeInTheSecondFork() {
            super(100_000);
            if (!FIRST_JVM) {
                hang();
            }
        }

        private static boolean claim(Path first) {
            try {
                Files.createFile(first);
                return true;
            } catch (FileAlreadyExistsException e) {
                try {
                    Files.createFile(Path.of(first + ".second"));
                    return false;
                } catch (FileAlreadyExistsException again) {
                    return true;
                } catch (IOException e2) {
                    throw new UncheckedIOException(e2);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Throws from its fifth run on. */
    public static final class ThrowsInRun extends Steps {
        private int runs;

        public ThrowsInRun() {
            super(100_000);
        }

        @Override
        public Object run() {
            if (++runs > 4) {
                throw new IllegalStateException("boom in run " + runs);
            }
            return super.run();
        }
    }

    /** Its constructor throws. */
    /** A task whose class cannot be initialised: its static initialiser throws. */
    public static final class FailsToInitialise implements Task {
        static final int SIZE = Integer.parseInt(System.getProperty("counters.test.no-such-size", "not a number"));

        @Override
        public Object run() {
            return SIZE;
        }
    }

    public static final class ThrowsWhenMade implements Task {
        public ThrowsWhenMade() {
            throw new IllegalArgumentException("no data file");
        }

        @Override
        public Object run() {
            return null;
        }
    }

    /** Calls {@code System.exit(3)} in its third run. */
    public static final class ExitsInRun extends Steps {
        private int runs;

        public ExitsInRun() {
            super(100_000);
        }

        @Override
        public Object run() {
            if (++runs == 3) {
                System.exit(3);
            }
            return super.run();
        }
    }

    /** Keeps 24 MB. */
    public static final class Keeps24Megabytes extends Steps {
        private final long[] kept = new long[3 << 20];

        public Keeps24Megabytes() {
            super(100_000);
        }

        @Override
        public Object run() {
            kept[0]++;
            return super.run();
        }
    }

    /** Starts a non-daemon thread that never ends, as an executor never shut down does. */
    public static final class LeavesAThreadRunning extends Steps {
        public LeavesAThreadRunning() {
            super(100_000);
            Thread left = new Thread(ForkTasks::hang, "left-running-" + System.identityHashCode(this));
            left.start();
        }
    }

    /** Prints 64 KiB each run on standard output. */
    public static final class Chatty extends Steps {
        private static final String LINE = "x".repeat(1023);

        public Chatty() {
            super(100_000);
        }

        @Override
        public Object run() {
            for (int i = 0; i < 64; i++) {
                System.out.println(LINE);
            }
            return super.run();
        }
    }

    static void hang() {
        while (true) {
            LockSupport.park();
        }
    }

    /**
     * A parent whose other thread calls {@code System.exit} while the comparison's first fork runs; it
     * prints how the comparison ended, which its shutdown hook waits for.
     */
    public static final class ParentThatExitsDuringItsFirstFork {
        private ParentThatExitsDuringItsFirstFork() {}

        public static void main(String[] args) {
            CountDownLatch told = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    told.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            Thread exiter = new Thread(() -> {
                while (ProcessHandle.current().descendants().findAny().isEmpty()) {
                    LockSupport.parkNanos(50_000_000L);
                }
                LockSupport.parkNanos(1_000_000_000L); // the fork is past its start, measuring
                ProcessHandle.current().descendants().forEach(fork -> System.out.println("fork " + fork.pid()));
                System.exit(0);
            });
            exiter.setDaemon(true);
            exiter.start();
            try {
                System.out.println("returned, stopped by " + forked(Once.class, Once.class, Duration.ofSeconds(120), 2, 2,
                        List.of()).run().stoppedBy());
            } catch (RuntimeException e) {
                System.out.println("threw " + e);
            }
            System.out.flush();
            told.countDown();
        }
    }

    /** A parent that starts a forked comparison that never ends: the test kills it and watches its fork. */
    public static final class ParentOfAHangingFork {
        private ParentOfAHangingFork() {}

        public static void main(String[] args) {
            forked(Once.class, NeverMade.class, Duration.ofSeconds(120), 2, 2, List.of()).run();
        }
    }
}
