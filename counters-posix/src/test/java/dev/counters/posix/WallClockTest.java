package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import dev.counters.Resolution;
import dev.counters.testing.Bracket;
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
    /**
     * Scheduling noise between adjacent readings on a shared, busy machine, and a timer tick that a
     * loaded VM delays: a coarse clock (TICK) then lags by more than its step (6 ms beyond a 4 ms step
     * seen in CI).
     */
    private static final long MARGIN_NANOS = Duration.ofMillis(10).toNanos();
    private static final int WALL_CLOCK_PAIRS = 1_000_000;
    /** Each CPU-times pair makes four system calls (about 2.5 us here, several times that under load), so fewer pairs. */
    private static final int CPU_TIMES_PAIRS = 100_000;
    private static final int THREADS = 2;

    private final PosixCounterProvider provider = new PosixCounterProvider();

    @ParameterizedTest
    @EnumSource(names = {"TICK", "MULTIMEDIA", "SYSTEM_TIME", "HIGH_PERFORMANCE", "PERFORMANCE"})
    void agreesWithSystemNanoTimeOverTheSameInterval(CounterKind kind) {
        Counter counter = provider.create(kind);
        // Either end of a coarse clock's interval may lag by a step.
        Duration tolerance = Duration.ofNanos(2 * resolutionNanos(counter.getInfo().measureResolution()) + MARGIN_NANOS);

        Bracket bracket = Bracket.time(counter, System::nanoTime, () -> Bracket.sleep(SLEEP));

        Duration measured = Duration.ofNanos(counter.getNanoseconds());
        System.out.println(kind + ": " + measured + ", System.nanoTime " + bracket + ", tolerance " + tolerance);
        bracket.assertContains(measured, tolerance, kind + " against System.nanoTime");
    }

    @ParameterizedTest
    @EnumSource(names = {"SYSTEM_TIME"})
    void systemTimeAgreesWithCurrentTimeMillis(CounterKind kind) {
        Counter counter = provider.create(kind);
        // currentTimeMillis truncates to whole milliseconds, hence the extra millisecond either side.
        long toleranceMillis = 1 + Duration.ofNanos(resolutionNanos(counter.getInfo().measureResolution()) + MARGIN_NANOS).toMillis();

        Bracket bracket = Bracket.time(counter, () -> System.currentTimeMillis() * 1_000_000L, () -> Bracket.sleep(SLEEP));

        Duration measured = Duration.ofMillis(counter.getMilliseconds());
        System.out.println(kind + ": " + measured + ", System.currentTimeMillis " + bracket);
        bracket.assertContains(measured, Duration.ofMillis(toleranceMillis), kind + " against System.currentTimeMillis");
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
