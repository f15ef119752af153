package dev.counters.examples.scope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.examples.Truths;
import dev.counters.examples.scope.GenericScopedTiming.Reading;
import dev.counters.examples.scope.GenericScopedTiming.Result;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The example's readings against the JDK's wall clock (System.nanoTime around the run, and the sleeps'
 * lower bounds: a sleep lasts at least what it asked) and the kernel's account of the thread's CPU
 * time (/proc/thread-self/schedstat around the run; it may lag the thread's clock by up to a
 * scheduler tick, hence {@link #ACCOUNTING_LAG}).
 */
class GenericScopedTimingTest {
    private static final long MS = 1_000_000;
    private static final long ACCOUNTING_LAG = 10 * MS;

    @Test
    void everyReadingLiesWithinTheTruthsBracketingIt() throws Exception {
        long cpuBefore = Truths.threadCpuNanos();
        long wallBefore = System.nanoTime();
        Result result = GenericScopedTiming.run(() -> work(15 * MS));
        long wall = System.nanoTime() - wallBefore;
        long cpu = Truths.threadCpuNanos() - cpuBefore + ACCOUNTING_LAG;
        String text = result.toString();
        System.out.print(text);

        // The generic part: the work computes until the JDK's thread clock has advanced 15 ms, then sleeps 5 ms.
        assertTrue(result.wall().nanoseconds() >= 20 * MS && result.wall().nanoseconds() <= wall, text);
        assertTrue(result.cpu().nanoseconds() >= 15 * MS && result.cpu().nanoseconds() <= cpu, text);
        assertTrue(result.cpu().nanoseconds() < result.wall().nanoseconds() + MS, "CPU time of a sleeping block below its wall time: " + text);
        assertEquals(result.cpu().nanoseconds(), result.cpuUser().nanoseconds() + result.cpuKernel().nanoseconds(),
                "kernel + user == total: " + text);
        result.cycles().ifPresentOrElse(cycles -> {
            // A cycle counter's time: its count at its own frequency, which is estimated (say 5%).
            assertTrue(cycles.nanoseconds() >= 19 * MS && cycles.nanoseconds() <= wall * 1.05, text);
            assertTrue(text.contains("CPU_CYCLES (cycles)"), text);
        }, () -> {
            assertTrue(text.contains("CPU_CYCLES not served here: ") && !result.cyclesNotServed().isEmpty(), text);
        });

        List<Reading> stages = result.stages();
        assertTrue(stages.get(0).nanoseconds() >= 20 * MS, text);
        assertTrue(stages.get(1).nanoseconds() >= stages.get(0).nanoseconds() + 10 * MS, "a staged timing measures from the scope's start: " + text);
        assertTrue(result.inner().get(0).nanoseconds() >= 5 * MS && result.inner().get(1).nanoseconds() >= 10 * MS, text);
        assertTrue(result.outer().nanoseconds() >= result.inner().get(0).nanoseconds() + result.inner().get(1).nanoseconds(),
                "the outer scope holds both inner ones: " + text);
        assertTrue(result.thrown().nanoseconds() >= 5 * MS && result.thrown().nanoseconds() <= wall,
                "the reading is there after the exception: " + text);
        long total = result.wall().nanoseconds() + result.cpu().nanoseconds() + stages.get(1).nanoseconds()
                + result.outer().nanoseconds() + result.thrown().nanoseconds();
        assertTrue(total <= wall, "the parts ran one after another inside the run: " + text);
    }

    @Test
    void theGenericMethodHandsBackTheCounterWithItsOwnType() {
        CpuTimesCounter cpu = GenericScopedTiming.timed(Counters.threadTimes(), () -> work(2 * MS));
        assertEquals(CounterKind.THREAD_TIMES, cpu.getInfo().kind());
        assertEquals(cpu.getNanoseconds(), cpu.getUserNanoseconds() + cpu.getKernelNanoseconds());
        assertTrue(cpu.getNanoseconds() >= 2 * MS, cpu.getNanoseconds() + " ns");
    }

    /** Computes until this thread's CPU clock (ThreadMXBean's, the JDK's) has advanced {@code nanos}, then sleeps 5 ms. */
    private static void work(long nanos) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + nanos;
        long x = 1;
        while (threads.getCurrentThreadCpuTime() < until) {
            for (int i = 0; i < 1_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        try {
            Thread.sleep(5 + (x == 42 ? 1 : 0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
