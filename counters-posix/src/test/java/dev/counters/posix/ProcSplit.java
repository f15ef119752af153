package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CpuTimesCounter;

/**
 * Checks a CPU-times counter's kernel and user parts, each on its own, against the stime and utime
 * the kernel reported in {@code /proc} just before and just after the counter's interval.
 */
final class ProcSplit {
    private ProcSplit() {}

    /**
     * Each part within three {@code /proc} clock ticks and 2% of the interval: the delta of values
     * truncated to whole ticks is off by less than one tick, and the kernel's apportioning (by sampled
     * ticks over the thread's whole life) may move a part by up to a tick between /proc's read and the
     * counter's, at either end.
     */
    static void assertEachPartAgrees(CpuTimesCounter counter, ProcStat before, ProcStat after) {
        long procKernel = Kernel.ticksToNanos(after.stimeTicks() - before.stimeTicks());
        long procUser = Kernel.ticksToNanos(after.utimeTicks() - before.utimeTicks());
        long tolerance = 3 * Kernel.clockTick().toNanos() + (procKernel + procUser) / 50;
        long kernel = counter.getKernelNanoseconds();
        long user = counter.getUserNanoseconds();
        System.out.printf("%s split: kernel %.3f ms (/proc %.3f ms), user %.3f ms (/proc %.3f ms), tolerance %.3f ms%n",
                counter.getInfo().kind(), kernel / 1e6, procKernel / 1e6, user / 1e6, procUser / 1e6, tolerance / 1e6);
        assertTrue(Math.abs(kernel - procKernel) <= tolerance, () -> String.format(
                "kernel %d ns vs /proc stime %d ns: differ by more than %d ns", kernel, procKernel, tolerance));
        assertTrue(Math.abs(user - procUser) <= tolerance, () -> String.format(
                "user %d ns vs /proc utime %d ns: differ by more than %d ns", user, procUser, tolerance));
    }
}
