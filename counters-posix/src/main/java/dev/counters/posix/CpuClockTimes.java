package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.SampledCpuTimesCounter;
import dev.counters.internal.TickSource;

/**
 * CPU time as counters-posix reads it: the exact total from a CPU-time clock in nanoseconds,
 * and the kernel/user ratio from {@code getrusage} (or, for another thread, its sampled CPU-time clocks)
 * where the system splits it.
 * {@link dev.counters.internal.SampledCpuTimesCounter} apportions the total in that ratio.
 */
final class CpuClockTimes implements CpuTimesSource {
    private final TickSource total;
    private final CpuSplit split;

    /** @param split the kernel/user source, or {@code null} where the system has none */
    CpuClockTimes(TickSource total, CpuSplit split) {
        this.total = requireNonNull(total, "total");
        this.split = split;
    }

    /** Total first, then the split: the order that closes an interval. */
    @Override
    public void sample(long[] into) {
        into[TOTAL] = total.read();
        readSplit(into);
    }

    /** The split first, so that {@code getrusage} runs before the interval's total is read, not inside it. */
    @Override
    public void sampleStart(long[] into) {
        readSplit(into);
        into[TOTAL] = total.read();
    }

    @Override
    public void sampleEnd(long[] into) {
        sample(into);
    }

    private void readSplit(long[] into) {
        if (split != null) {
            split.sampleInto(into);
        } else {
            into[KERNEL] = 0;
            into[USER] = 0;
        }
    }
}
