package dev.counters.internal;

import static dev.counters.internal.CpuTimesSource.KERNEL;
import static dev.counters.internal.CpuTimesSource.USER;


/**
 * How an exact CPU-time total is split into kernel and user time when the split is read from a
 * coarser source than the total: the total is apportioned in the ratio of the split's kernel and
 * user deltas, so that kernel + user == total exactly. Linux does the same in {@code cputime_adjust}
 * for {@code getrusage} and {@code /proc}: an exact run time divided in the ratio of sampled ticks.
 * The one place for this rule: {@link SampledCpuTimesCounter} and the JMH profiler both use it.
 */
public final class CpuTimesSplit {
    private CpuTimesSplit() {}

    /**
     * The kernel part of {@code total}, the CPU time between two samples of a {@link CpuTimesSource}.
     * When the split did not move between them (a short interval on a tick-based split), the ratio
     * of the end sample's whole lifetime is used instead; when there is no ratio at all, or the
     * total is not positive, the kernel part is 0 and the user part is the whole total.
     *
     * @param start the sample that opened the interval, as {@link CpuTimesSource} writes it
     * @param end the sample that closed it
     * @return a value from 0 to {@code total}, inclusive
     */
    public static long kernelPart(long total, long[] start, long[] end) {
        long kernel = Math.max(0, end[KERNEL] - start[KERNEL]);
        long user = Math.max(0, end[USER] - start[USER]);
        if (kernel + user == 0) {
            kernel = Math.max(0, end[KERNEL]);
            user = Math.max(0, end[USER]);
        }
        if (kernel + user == 0 || total <= 0) {
            return 0;
        }
        return Periods.scale(total, kernel, kernel + user);
    }
}
