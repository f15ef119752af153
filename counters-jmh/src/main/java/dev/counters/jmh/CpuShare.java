package dev.counters.jmh;

import static com.google.common.base.Preconditions.checkArgument;

import dev.counters.internal.Periods;
import java.util.concurrent.TimeUnit;

/**
 * CPU time over one iteration, in nanoseconds, with its kernel part; the user part is the rest, so
 * kernel + user == total exactly.
 *
 * @param totalNanos CPU time, at least 0
 * @param kernelNanos its kernel part, from 0 to {@code totalNanos}
 */
record CpuShare(long totalNanos, long kernelNanos) {
    static final CpuShare NONE = new CpuShare(0, 0);

    CpuShare {
        checkArgument(totalNanos >= 0, "CPU time cannot be negative: %s ns", totalNanos);
        checkArgument(kernelNanos >= 0 && kernelNanos <= totalNanos,
                "the kernel part %s ns must lie between 0 and the total %s ns", kernelNanos, totalNanos);
    }

    /** {@code total} and {@code kernel} ticks of a source that counts {@code frequency} ticks a second. */
    static CpuShare ofTicks(long total, long kernel, long frequency) {
        return new CpuShare(Periods.convert(total, frequency, TimeUnit.NANOSECONDS),
                Periods.convert(kernel, frequency, TimeUnit.NANOSECONDS));
    }

    long userNanos() {
        return totalNanos - kernelNanos;
    }

    /**
     * This share (the whole process's) made consistent with {@code part} (its workers'), which it
     * contains: the same total, and a kernel part no less than the part's kernel and a user part no
     * less than the part's user. Both splits apportion an exact total in the ratio of sampled
     * scheduler ticks, each over its own threads, so over a short or sleeping iteration the process's
     * kernel share can come out below its workers' (5,809 against 18,880 ns per operation); the
     * kernel part is then moved by the least that makes the two agree. Where the total is less than
     * the part's (the windows differ by a read), nothing can be said, and the share is as measured.
     */
    CpuShare containing(CpuShare part) {
        if (totalNanos < part.totalNanos) {
            return this;
        }
        long kernel = Math.max(part.kernelNanos, Math.min(kernelNanos, totalNanos - part.userNanos()));
        return kernel == kernelNanos ? this : new CpuShare(totalNanos, kernel);
    }
}
