package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import dev.counters.Resolution;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The wall-clock kinds against the JDK's clocks over the same interval, and the monotonic kinds under load. */
class WallClockTest {
    private static final Duration SLEEP = Duration.ofMillis(60);
    /** Scheduling noise between adjacent readings on a shared, busy machine. */
    private static final long MARGIN_NANOS = Duration.ofMillis(2).toNanos();
    private static final int WALL_CLOCK_PAIRS = 1_000_000;
    /** Each CPU-times pair makes four system calls (about 2.5 us here, several times that under load), so fewer pairs. */
    private static final int CPU_TIMES_PAIRS = 100_000;
    private static final int THREADS = 2;

    private final PosixCounterProvider provider = new PosixCounterProvider();

    @ParameterizedTest
    @EnumSource(names = {"TICK", "MULTIMEDIA", "SYSTEM_TIME", "HIGH_PERFORMANCE", "PERFORMANCE"})
    void agreesWithSystemNanoTimeOverTheSameInterval(CounterKind kind) throws InterruptedException {
        Counter counter = provider.create(kind);
        long tolerance = resolutionNanos(counter.getInfo().measureResolution()) + MARGIN_NANOS;

        long outerStart = System.nanoTime();
        counter.start();
        long innerStart = System.nanoTime();
        Thread.sleep(SLEEP.toMillis());
        long innerEnd = System.nanoTime();
        counter.stop();
        long outerEnd = System.nanoTime();

        long measured = counter.getNanoseconds();
        System.out.printf("%s: %.3f ms inside System.nanoTime's [%.3f, %.3f] ms, tolerance %.3f ms%n", kind,
                measured / 1e6, (innerEnd - innerStart) / 1e6, (outerEnd - outerStart) / 1e6, tolerance / 1e6);
        assertTrue(measured >= innerEnd - innerStart - tolerance,
                () -> kind + " measured " + measured + " ns, System.nanoTime at least " + (innerEnd - innerStart));
        assertTrue(measured <= outerEnd - outerStart + tolerance,
                () -> kind + " measured " + measured + " ns, System.nanoTime at most " + (outerEnd - outerStart));
    }

    @ParameterizedTest
    @EnumSource(names = {"SYSTEM_TIME"})
    void systemTimeAgreesWithCurrentTimeMillis(CounterKind kind) throws InterruptedException {
        Counter counter = provider.create(kind);
        long toleranceMillis = 1 + Duration.ofNanos(resolutionNanos(counter.getInfo().measureResolution()) + MARGIN_NANOS).toMillis();

        long outerStart = System.currentTimeMillis();
        counter.start();
        long innerStart = System.currentTimeMillis();
        Thread.sleep(SLEEP.toMillis());
        long innerEnd = System.currentTimeMillis();
        counter.stop();
        long outerEnd = System.currentTimeMillis();

        long measured = counter.getMilliseconds();
        System.out.printf("%s: %d ms inside System.currentTimeMillis's [%d, %d] ms%n",
                kind, measured, innerEnd - innerStart, outerEnd - outerStart);
        // currentTimeMillis truncates to whole milliseconds, hence the extra millisecond either side.
        assertTrue(measured >= innerEnd - innerStart - toleranceMillis);
        assertTrue(measured <= outerEnd - outerStart + toleranceMillis);
    }

    @ParameterizedTest
    @EnumSource(names = {"TICK", "MULTIMEDIA", "HIGH_PERFORMANCE", "PERFORMANCE", "THREAD_TIMES", "PROCESS_TIMES"})
    void monotonicKindsNeverGoBackwardsOverManyPairsOnTwoThreads(CounterKind kind) throws Exception {
        assertTrue(provider.create(kind).getInfo().isMonotonic(), kind + " claims to be monotonic");
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Callable<Long>> tasks = new ArrayList<>();
            for (int i = 0; i < THREADS; i++) {
                tasks.add(() -> backwardSteps(provider.create(kind)));
            }
            for (Future<Long> result : pool.invokeAll(tasks)) {
                assertEquals(0L, result.get(), kind + " went backwards");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Counts the start/stop pairs (and kernel/user shares) that came out negative. */
    private static long backwardSteps(Counter counter) {
        long backwards = 0;
        CpuTimesCounter cpu = counter instanceof CpuTimesCounter ? (CpuTimesCounter) counter : null;
        int pairs = cpu == null ? WALL_CLOCK_PAIRS : CPU_TIMES_PAIRS;
        for (int i = 0; i < pairs; i++) {
            counter.start();
            counter.stop();
            if (counter.getPeriodCount() < 0) {
                backwards++;
            }
            if (cpu != null && (cpu.getKernelPeriodCount() < 0 || cpu.getUserPeriodCount() < 0)) {
                backwards++;
            }
        }
        return backwards;
    }

    private static long resolutionNanos(Resolution resolution) {
        return Math.max(resolution.typical().toNanos(), resolution.declared().orElse(Duration.ZERO).toNanos());
    }
}
