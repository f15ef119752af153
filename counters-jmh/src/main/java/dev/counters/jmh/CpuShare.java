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
}
