package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import dev.counters.testing.Work;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/** PROCESS_TIMES against the kernel's per-process accounting in {@code /proc/self/stat}. */
class ProcessTimesTest {
    private static final Duration BUSY = Duration.ofMillis(150);
    private static final int WORKERS = 2;
    private final PosixCounterProvider provider = new PosixCounterProvider();

    @Test
    void agreesWithProcSelfStatAndCoversEveryThread() throws Exception {
        CpuTimesCounter process = (CpuTimesCounter) provider.create(CounterKind.PROCESS_TIMES);
        AtomicLongArray workerNanos = new AtomicLongArray(WORKERS);

        ProcStat before = ProcStat.process();
        process.start();
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < WORKERS; i++) {
            int index = i;
            Thread worker = new Thread(() -> {
                CpuTimesCounter own = (CpuTimesCounter) provider.create(CounterKind.THREAD_TIMES);
                own.start();
                Work.burnCpu(BUSY);
                own.stop();
                workerNanos.set(index, own.getNanoseconds());
            }, "worker-" + i);
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        process.stop();
        ProcStat after = ProcStat.process();

        long procNanos = Kernel.ticksToNanos(after.cpuTicks() - before.cpuTicks());
        long counterNanos = process.getNanoseconds();
        long workersTotal = workerNanos.get(0) + workerNanos.get(1);
        // utime and stime are each truncated to whole ticks: together up to two ticks off.
        long tolerance = 2 * Kernel.clockTick().toNanos() + procNanos / 50;
        System.out.printf("PROCESS_TIMES: counter %.3f ms (kernel %.3f ms), /proc/self/stat %.3f ms, tolerance %.3f ms, "
                        + "the two workers' thread times %.3f ms%n",
                counterNanos / 1e6, process.getKernelNanoseconds() / 1e6, procNanos / 1e6, tolerance / 1e6, workersTotal / 1e6);

        assertTrue(Math.abs(counterNanos - procNanos) <= tolerance, () -> String.format(
                "counter %d ns vs /proc/self/stat %d ns: differ by more than %d ns", counterNanos, procNanos, tolerance));
        // The workers ran, and ended, inside the interval: the process total holds all of their time.
        assertTrue(counterNanos >= workersTotal,
                () -> "process CPU " + counterNanos + " ns is less than its two workers' " + workersTotal + " ns");
        ProcSplit.assertEachPartAgrees(process, before, after);
    }
}
