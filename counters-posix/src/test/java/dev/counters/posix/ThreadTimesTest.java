package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import dev.counters.testing.Work;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** THREAD_TIMES against the kernel's per-thread accounting in {@code /proc/thread-self/stat}. */
class ThreadTimesTest {
    private static final Duration BUSY = Duration.ofMillis(200);
    /** How far behind the thread's true run time {@code /proc} may be: a scheduler tick, late on a loaded VM. */
    private static final long PROC_STALENESS_NANOS = Duration.ofMillis(10).toNanos();
    private final PosixCounterProvider provider = new PosixCounterProvider();

    private CpuTimesCounter threadTimes() {
        return (CpuTimesCounter) provider.create(CounterKind.THREAD_TIMES);
    }

    @Test
    void busyLoopAgreesWithProcThreadStatWithinOneClockTickAndTwoPercent() throws Exception {
        OnThread.run("busy", () -> {
            CpuTimesCounter counter = threadTimes();
            ProcStat before = ProcStat.thread();
            counter.start();
            Work.burnCpu(BUSY);
            counter.stop();
            ProcStat after = ProcStat.thread();

            long procNanos = Kernel.ticksToNanos(after.cpuTicks() - before.cpuTicks());
            long counterNanos = counter.getNanoseconds();
            // /proc truncates utime and stime to whole ticks separately, and a delta of truncated values is off by
            // less than one tick for each: together less than two ticks. Its run time is also brought up to date
            // only at a scheduler tick (or a switch), which a loaded VM delays: 10 ms for that.
            long tolerance = 2 * Kernel.clockTick().toNanos() + PROC_STALENESS_NANOS + procNanos / 50;
            System.out.printf("THREAD_TIMES busy loop: counter %.3f ms, /proc/thread-self/stat %.3f ms, tolerance %.3f ms%n",
                    counterNanos / 1e6, procNanos / 1e6, tolerance / 1e6);
            assertTrue(counterNanos >= BUSY.toNanos(), () -> "a loop that burned " + BUSY + " measured " + counterNanos + " ns");
            assertTrue(Math.abs(counterNanos - procNanos) <= tolerance, () -> String.format(
                    "counter %d ns vs /proc/thread-self/stat %d ns: differ by more than %d ns", counterNanos, procNanos, tolerance));
        });
    }

    @Test
    void pureComputationIsAtLeastNinetyPercentUserTime() throws Exception {
        OnThread.run("compute", () -> {
            CpuTimesCounter counter = threadTimes();
            ProcStat before = ProcStat.thread();
            counter.start();
            Work.burnCpu(Duration.ofMillis(400));
            counter.stop();
            ProcStat after = ProcStat.thread();
            double userShare = (double) counter.getUserPeriodCount() / counter.getPeriodCount();
            long procTicks = after.cpuTicks() - before.cpuTicks();
            double procUserShare = (double) (after.utimeTicks() - before.utimeTicks()) / procTicks;
            System.out.printf("THREAD_TIMES computation: %d us total, %d us user (%.1f%%; /proc says %.1f%%), %d us kernel%n",
                    counter.getMicroseconds(), counter.getUserMicroseconds(), 100 * userShare, 100 * procUserShare,
                    counter.getKernelMicroseconds());
            ProcSplit.assertEachPartAgrees(counter, before, after);
            if (procUserShare >= 0.95) {
                assertTrue(userShare >= 0.90, () -> "user share of pure computation was only " + userShare
                        + " while /proc/thread-self/stat says " + procUserShare);
            } else {
                // A heavily loaded machine charges this thread kernel time for preemption; the kernel's own
                // accounting of the same interval is then the truth, within two ticks of its granularity.
                double slack = 2.0 / procTicks + 0.02;
                assertTrue(Math.abs(userShare - procUserShare) <= slack, () -> "user share " + userShare
                        + " but /proc/thread-self/stat says " + procUserShare);
            }
        });
    }

    @Test
    void systemCallHeavyLoopSpendsClearlyMoreThanNothingInTheKernel() throws Exception {
        OnThread.run("syscalls", () -> {
            CpuTimesCounter counter = threadTimes();
            ProcStat before = ProcStat.thread();
            counter.start();
            Work.systemCalls(BUSY);
            counter.stop();
            ProcStat after = ProcStat.thread();
            double kernelShare = (double) counter.getKernelPeriodCount() / counter.getPeriodCount();
            double procKernelShare = (double) (after.stimeTicks() - before.stimeTicks()) / (after.cpuTicks() - before.cpuTicks());
            System.out.printf("THREAD_TIMES reading /dev/zero: %d us total, %d us kernel (%.1f%%; /proc says %.1f%%)%n",
                    counter.getMicroseconds(), counter.getKernelMicroseconds(), 100 * kernelShare, 100 * procKernelShare);
            ProcSplit.assertEachPartAgrees(counter, before, after);
            assertTrue(kernelShare >= 0.10, () -> "kernel share of a system-call loop was only " + kernelShare);
        });
    }

    @Test
    void sleepingThreadAccruesAlmostNoCpuWhileWallTimeAdvances() throws Exception {
        OnThread.run("sleeper", () -> {
            CpuTimesCounter cpu = threadTimes();
            Counter wall = provider.create(CounterKind.HIGH_PERFORMANCE);
            cpu.start();            // once untimed: the first calls' linkage is CPU time too (3 ms under qemu)
            Thread.sleep(1);
            cpu.stop();
            wall.start();
            cpu.start();
            Thread.sleep(BUSY.toMillis());
            cpu.stop();
            wall.stop();
            System.out.printf("THREAD_TIMES sleeping: %d us CPU over %d us wall%n", cpu.getMicroseconds(), wall.getMicroseconds());
            assertTrue(wall.getNanoseconds() >= BUSY.toNanos(), "the wall clock advanced through the sleep");
            assertTrue(cpu.getNanoseconds() * 20 < wall.getNanoseconds(),
                    () -> "a sleeping thread used " + cpu.getMicroseconds() + " us of CPU in " + wall.getMicroseconds() + " us");
        });
    }

    @Test
    void busySecondThreadDoesNotMoveTheFirstThreadsTimes() throws Exception {
        OnThread.run("waiter", () -> {
            AtomicLong busyNanos = new AtomicLong();
            CpuTimesCounter waiter = threadTimes();
            // Made before the waiter starts: the lambda's first linkage is this thread's work, not the busy one's.
            Thread busy = new Thread(() -> {
                CpuTimesCounter own = threadTimes();
                own.start();
                Work.burnCpu(BUSY);
                own.stop();
                busyNanos.set(own.getNanoseconds());
            }, "busy");
            waiter.start();
            busy.start();
            busy.join();
            waiter.stop();
            System.out.printf("THREAD_TIMES isolation: waiting thread %d us while the busy thread used %d us%n",
                    waiter.getMicroseconds(), busyNanos.get() / 1000);
            assertTrue(busyNanos.get() >= BUSY.toNanos(), "the second thread was busy");
            assertTrue(waiter.getNanoseconds() * 20 < busyNanos.get(),
                    () -> "the waiting thread was charged " + waiter.getMicroseconds() + " us of the busy thread's time");
        });
    }

    @Test
    void stoppingOnAnotherThreadIsRefused() throws Exception {
        CpuTimesCounter counter = threadTimes();
        counter.start();
        IllegalStateException refused = OnThread.call("other", () -> assertThrows(IllegalStateException.class, counter::stop));
        assertTrue(refused.getMessage().contains("one counter per thread"), refused.getMessage());
    }
}
