package dev.counters.examples.articles;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.examples.Truths;
import dev.counters.examples.articles.CounterIsolation.Run;
import org.junit.jupiter.api.Test;

/**
 * Isolation, checked against the kernel's accounting of the measuring thread
 * (/proc/thread-self/schedstat, which may lag by a scheduler tick) and the JDK's wall clock: each
 * run's figures lie within the truths around it; with twice as many spinning threads as processors
 * the task's wall time is well above its CPU time (it held a processor at most about half the time;
 * asserted: a quarter more), while its CPU time stays within a factor of three of its CPU time alone.
 */
class CounterIsolationTest {
    private static final long STEPS = 10_000_000;
    private static final long LAG = 10_000_000;

    @Test
    void competingThreadsStretchTheWallTimeNotTheThreadsCpuTime() throws Exception {
        CounterIsolation.run(STEPS, 0);
        Run alone = checkedAgainstTruths(0);
        Run contended = checkedAgainstTruths(2 * Runtime.getRuntime().availableProcessors());
        String figures = alone + "\n" + contended;
        System.out.println(figures);
        assertTrue(contended.wallNanos() >= 1.25 * contended.cpuNanos(), figures);
        assertTrue(contended.cpuNanos() <= 3 * alone.cpuNanos() && contended.cpuNanos() >= alone.cpuNanos() / 3, figures);
    }

    @Test
    void mainPrintsOneLineAloneAndOneContended() throws Exception {
        String printed = Truths.printedBy(() -> CounterIsolation.main(new String[] {String.valueOf(STEPS)}));
        assertTrue(printed.startsWith(" 0 competing threads: wall "), printed);
        int competitors = 2 * Runtime.getRuntime().availableProcessors();
        assertTrue(printed.contains(String.format("%2d competing threads: wall ", competitors)), printed);
        assertTrue(printed.lines().count() == 2, printed);
    }

    private static Run checkedAgainstTruths(int competitors) throws InterruptedException {
        long cpuBefore = Truths.threadCpuNanos();
        long wallBefore = System.nanoTime();
        Run run = CounterIsolation.run(STEPS, competitors);
        long wall = System.nanoTime() - wallBefore;
        long cpu = Truths.threadCpuNanos() - cpuBefore;
        assertTrue(run.wallNanos() <= wall && run.cpuNanos() <= cpu + LAG && run.cpuNanos() <= run.wallNanos() + 1_000_000,
                run + " inside wall " + wall + " ns and kernel CPU " + cpu + " ns");
        assertTrue(run.cpuNanos() >= cpu - LAG - (wall - run.wallNanos()),
                "the CPU time outside the timed task is at most the wall time outside it: " + run + ", kernel " + cpu + " ns");
        return run;
    }
}
