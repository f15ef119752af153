package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.internal.PassOverhead;
import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.measure.Overhead;
import dev.counters.measure.PreparationStep;
import dev.counters.measure.internal.CostlyClock;
import dev.counters.measure.internal.CostlyCpuTimes;
import dev.counters.measure.internal.FakeThreadControl;
import dev.counters.measure.internal.Sink;
import dev.counters.testing.FakeCounters;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MeasureTest {
    private final FakeThreadControl control = new FakeThreadControl();

    @Test
    void eachRepetitionRecordsWallAndThreadCpuInOnePass() {
        MeasureResult result = Measure.of(() -> CpuBound.run(200_000)).noWarmUp().repetitions(7).trim(1).run();
        assertEquals(7, result.repetitions());
        assertEquals(7, result.threadCpu().count());
        double[] wall = result.wall().samples();
        double[] cpu = result.threadCpu().samples();
        for (int i = 0; i < wall.length; i++) {
            // A single thread cannot run longer than the time that passed (1 ms covers clock granularity).
            assertTrue(cpu[i] <= wall[i] + 1e6, "repetition " + i + ": cpu " + cpu[i] + " > wall " + wall[i]);
            assertTrue(cpu[i] > 0);
        }
        assertFalse(result.warmUp().ran());
        assertTrue(result.overhead().isEmpty());
        assertTrue(result.preparation().isEmpty());
    }

    @Test
    void eachRepetitionKeepsItsOwnKernelAndUserTime() {
        CostlyCpuTimes cpuTimes = new CostlyCpuTimes(0, 0);
        int[] run = {0};
        MeasureResult result = Measure.of(() -> {
                    run[0]++;
                    cpuTimes.advance(1_000L * run[0], 3_000L * run[0]);
                    return null;
                })
                .noWarmUp().repetitions(4).trim(0)
                .wallCounter(() -> FakeCounters.nanoseconds(new CostlyClock(1)))
                .threadCounter(() -> FakeCounters.threadTimes(cpuTimes))
                .run();
        assertTrue(result.hasKernelUserSplit());
        assertArrayEquals(new double[] {1_000, 2_000, 3_000, 4_000}, result.threadKernel().samples());
        assertArrayEquals(new double[] {3_000, 6_000, 9_000, 12_000}, result.threadUser().samples());
        assertArrayEquals(new double[] {4_000, 8_000, 12_000, 16_000}, result.threadCpu().samples());
    }

    @Test
    void theOverheadsUserAndKernelPartsAddUpToItsCpuTime() {
        // Empty passes cost 100 ns all user, 100 ns all kernel, or 150 ns half and half, in turn:
        // the medians of the parts (75 + 75) would exceed the median of the whole (100).
        long[][] costs = {{0, 100}, {100, 0}, {75, 75}};
        int[] samples = {0};
        dev.counters.internal.CpuTimesSource source = new dev.counters.internal.CpuTimesSource() {
            private long kernel;
            private long user;

            @Override
            public void sample(long[] into) {
                if (samples[0]++ % 2 == 1) {
                    long[] cost = costs[(samples[0] / 2) % costs.length];
                    kernel += cost[0];
                    user += cost[1];
                }
                into[TOTAL] = kernel + user;
                into[KERNEL] = kernel;
                into[USER] = user;
            }
        };
        Overhead overhead = Measure.of(() -> null).noWarmUp().repetitions(3).calibrated()
                .wallCounter(() -> FakeCounters.nanoseconds(new CostlyClock(7)))
                .threadCounter(() -> FakeCounters.threadTimes(source))
                .run().overhead().orElseThrow();
        assertEquals(100, overhead.threadCpuNanos());
        assertEquals(overhead.threadCpuNanos(), overhead.threadUserNanos() + overhead.threadKernelNanos(), 1e-9,
                overhead.toString());
    }

    @Test
    void calibrationSubtractsAKnownOverheadAndKeepsEachSamplesSplit() {
        // Every sample costs 10 ns kernel and 30 ns user, every clock read 7 ns: an empty pass reads 7 ns wall and 40 ns CPU.
        CostlyCpuTimes cpuTimes = new CostlyCpuTimes(10, 30);
        MeasureResult result = Measure.of(() -> {
                    cpuTimes.advance(250, 750);
                    return null;
                })
                .noWarmUp().repetitions(5).trim(1).calibrated()
                .wallCounter(() -> FakeCounters.nanoseconds(new CostlyClock(7)))
                .threadCounter(() -> FakeCounters.threadTimes(cpuTimes))
                .run();
        Overhead overhead = result.overhead().orElseThrow();
        assertEquals(new Overhead(7, 40, 30, 10, PassOverhead.PASSES), overhead);
        assertEquals(0, result.wall().max(), "every empty-of-wall-time run reads zero once calibrated");
        // Raw: 1040 ns CPU, 780 user, 260 kernel; less 40 ns of overhead in the sample's own 3:1 ratio.
        assertArrayEquals(new double[] {1_000, 1_000, 1_000, 1_000, 1_000}, result.threadCpu().samples());
        assertArrayEquals(new double[] {750, 750, 750, 750, 750}, result.threadUser().samples());
        assertArrayEquals(new double[] {250, 250, 250, 250, 250}, result.threadKernel().samples());
    }

    @Test
    void pinsAndRaisesOnlyAfterWarmUpAndRestoresBeforeReturning() {
        AtomicInteger runs = new AtomicInteger();
        control.progress = runs::get;
        MeasureResult result = Measure.of(runs::incrementAndGet)
                .warmUp(Duration.ofMillis(50), 3, 0.9)
                .repetitions(5)
                .pinned()
                .highPriority()
                .threadControl(control)
                .run();
        assertEquals(result.warmUp().runs(), control.progressWhenPinned, "pinned right after the warm-up runs");
        assertEquals(result.warmUp().runs(), control.progressWhenRaised);
        assertEquals(result.warmUp().runs() + 5, runs.get());
        assertSame(Thread.currentThread(), control.pinnedOn, "only the measuring thread is pinned");
        assertArrayEquals(new int[] {0, 1, 2, 3}, control.affinity);
        assertEquals(0, control.priority);
        assertEquals(List.of("pin 3", "raise", "lower", "unpin"), control.log);
        assertEquals(2, result.preparation().size());
        assertTrue(result.preparation().stream().allMatch(PreparationStep::applied));
        assertTrue(result.toString().contains("preparation: pin: pinned to CPU 3"));
    }

    @Test
    void restoresTheThreadWhenTheTaskFails() {
        Task failsOncePrepared = () -> {
            if (!control.log.isEmpty()) {
                throw new IOException("disk gone");
            }
            return null;
        };
        TaskFailedException failure = assertThrows(TaskFailedException.class, () -> Measure.of(failsOncePrepared)
                .warmUp(Duration.ofMillis(20)).repetitions(5).pinned().highPriority().threadControl(control).run());
        assertInstanceOf(IOException.class, failure.getCause());
        assertTrue(failure.getMessage().contains("repetition 1"), failure.getMessage());
        assertEquals("repetition 1", failure.phase());
        assertEquals(List.of("pin 3", "raise", "lower", "unpin"), control.log);
    }

    @Test
    void uncheckedExceptionsAreWrappedLikeCheckedOnes() {
        int zero = 0;
        TaskFailedException failure = assertThrows(TaskFailedException.class, () -> Measure.of(() -> 1 / zero).noWarmUp().run());
        assertInstanceOf(ArithmeticException.class, failure.getCause());
        assertEquals("repetition 1", failure.phase());
    }

    @Test
    void calibratedEmptyTaskReadsAboutZero() {
        MeasureResult result = Measure.of(() -> null).noWarmUp().repetitions(101).trim(10).calibrated().run();
        Overhead overhead = result.overhead().orElseThrow();
        assertTrue(overhead.wallNanos() > 0, "an empty pass still costs something: " + overhead);
        assertTrue(result.wall().min() >= 0, "never below zero");
        // Half the calibration passes read at most the subtracted overhead. The runs come later, on a machine other
        // work may disturb more by then, and through code the JIT may have just deoptimised for the new task, so
        // their median may not; the quietest of 101 stays within the overhead (and a clock step) of zero.
        long step = Counters.performance().getInfo().measureResolution().typical().toNanos();
        assertTrue(result.wall().min() <= overhead.wallNanos() + step,
                "quietest empty run beyond the " + overhead + " and one " + step + " ns step: " + result);
        assertTrue(result.toString().contains("overhead subtracted"));
        double[] user = result.threadUser().samples();
        double[] kernel = result.threadKernel().samples();
        for (int i = 0; i < user.length; i++) {
            assertTrue(user[i] >= 0 && kernel[i] >= 0, "neither part below zero");
        }
    }

    @Test
    void resultsGoToTheSink() {
        Sink sink = new Sink();
        Object value = new Object();
        Measure.of(() -> value).noWarmUp().repetitions(3).sink(sink).run();
        assertTrue(sink.toString().contains("Object"));
    }

    @Test
    void rejectsRepetitionsThatTrimmingWouldEmpty() {
        Measure measure = Measure.of(() -> null).noWarmUp().repetitions(2).trim(1);
        assertTrue(assertThrows(IllegalStateException.class, measure::run).getMessage().contains("trim less"));
        assertThrows(IllegalArgumentException.class, () -> Measure.of(() -> null).repetitions(0));
        assertThrows(IllegalArgumentException.class, () -> Measure.of(() -> null).trim(-1));
        assertThrows(IllegalArgumentException.class, () -> Measure.of(() -> null).warmUp(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> Measure.of(() -> null).pinned(-1));
        assertThrows(NullPointerException.class, () -> Measure.of(null));
    }

    @Test
    void tableNamesEverySeries() {
        String table = Measure.of(() -> CpuBound.run(10_000)).noWarmUp().repetitions(5).run().toString();
        for (String expected : List.of("wall", "thread CPU", "median", "trim mean", "95% CI", "no warm-up", "not calibrated")) {
            assertTrue(table.contains(expected), () -> "missing '" + expected + "' in\n" + table);
        }
    }

    @Test
    void threadsTheTaskStartsWhilePreparedAreNamedInAWarning() throws Exception {
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        Thread[] started = new Thread[1];
        MeasureResult result = Measure.of(() -> {
                    if (started[0] == null) {
                        started[0] = new Thread(() -> {
                            try {
                                release.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }, "task-helper");
                        started[0].start();
                    }
                    return 1;
                })
                .noWarmUp().repetitions(3).trim(0).pinned().threadControl(control).run();
        try {
            PreparationStep warning = result.preparation().stream()
                    .filter(step -> step.action().equals(PreparationStep.INHERITED)).findFirst().orElseThrow();
            assertTrue(!warning.applied());
            assertTrue(warning.description().contains("'task-helper'"), warning.description());
            assertTrue(warning.description().startsWith("1 thread(s) appeared during the repetitions"), warning.description());
            assertTrue(warning.description().contains("should not start threads"), warning.description());
        } finally {
            release.countDown();
            started[0].join();
        }
    }

    @Test
    void aTaskThatStartsNoThreadsGetsNoWarning() {
        MeasureResult result = Measure.of(() -> 1).noWarmUp().repetitions(3).trim(0).pinned().threadControl(control).run();
        assertTrue(result.preparation().stream().noneMatch(step -> step.action().equals(PreparationStep.INHERITED)),
                result.preparation().toString());
    }

    /**
     * Issue #23 item 14: a thread the library starts while preparing (JNA's cleaner, a process
     * reaper) was blamed on a task that starts none.
     */
    @Test
    void threadsStartedWhilePreparingAreNotBlamedOnTheTask() throws Exception {
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        Thread[] cleaner = new Thread[1];
        FakeThreadControl startsACleaner = new FakeThreadControl() {
            @Override
            public Adjustment pinCurrentThread(int cpu) {
                cleaner[0] = new Thread(() -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }, "library-cleaner");
                cleaner[0].start();
                return super.pinCurrentThread(cpu);
            }
        };
        try {
            MeasureResult result = Measure.of(() -> 1).noWarmUp().repetitions(3).trim(0).pinned()
                    .threadControl(startsACleaner).run();
            assertTrue(cleaner[0].isAlive());
            assertTrue(result.preparation().stream().noneMatch(step -> step.action().equals(PreparationStep.INHERITED)),
                    result.preparation().toString());
        } finally {
            release.countDown();
            cleaner[0].join();
        }
    }

    /**
     * Issue #23 item 5: a time-of-day counter stepped back 3 s during a repetition gave a -2999 ms
     * sample and a negative mean, with no warning. A wall counter that can be stepped is refused.
     */
    @Test
    void refusesAWallCounterThatIsNotMonotonic() {
        long[] now = {10_000_000_000L};
        // Steps back 3 s on every read after the first two: what a stepped wall clock would record.
        Counter timeOfDay = FakeCounters.timeOfDay(() -> now[0] += now[0] > 10_000_000_010L ? -3_000_000_000L : 1);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Measure.of(() -> 1).noWarmUp().repetitions(3).trim(0).wallCounter(() -> timeOfDay).run());
        assertEquals("The wall counter must be monotonic, but SYSTEM_TIME (fake source) is not: the clock can be stepped "
                + "back or forward while a task runs, giving a negative or inflated sample. Time with "
                + "Counters.performance() (the default) or another monotonic kind", refused.getMessage());
    }
}
