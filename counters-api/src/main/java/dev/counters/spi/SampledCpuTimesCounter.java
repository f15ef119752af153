package dev.counters.spi;

import static com.google.common.base.Preconditions.checkArgument;
import static dev.counters.spi.CpuTimesSource.KERNEL;
import static dev.counters.spi.CpuTimesSource.SAMPLE_LENGTH;
import static dev.counters.spi.CpuTimesSource.TOTAL;
import static dev.counters.spi.CpuTimesSource.USER;
import static java.util.Objects.requireNonNull;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import dev.counters.Periods;
import java.util.function.Supplier;

/**
 * A {@link CpuTimesCounter} over one {@link CpuTimesSource}. The total comes straight from the
 * source; the kernel share is the total apportioned in the ratio of the source's kernel and user
 * deltas, so kernel + user == total holds exactly even when the split is coarser than the total.
 * When the split did not move during the interval (a short interval on a tick-based split), the
 * ratio of the whole thread's or process's lifetime so far is used instead.
 */
public final class SampledCpuTimesCounter extends IntervalCounter implements CpuTimesCounter {
    private final CpuTimesSource source;
    private final boolean split;
    private final long[] startSample = new long[SAMPLE_LENGTH];
    private final long[] endSample = new long[SAMPLE_LENGTH];

    /**
     * @param kind {@link CounterKind#THREAD_TIMES} or {@link CounterKind#PROCESS_TIMES}
     * @param split whether the source fills in kernel and user times
     */
    public SampledCpuTimesCounter(
            CounterKind kind, CpuTimesSource source, boolean split, LazyFrequency frequency, Supplier<CounterInfo> info) {
        super(kind, frequency, info);
        checkArgument(kind.isCpuTimes(), "%s is not a CPU-times kind", kind);
        this.source = requireNonNull(source, "source");
        this.split = split;
    }

    @Override
    void readStart() {
        source.sampleStart(startSample);
    }

    @Override
    void readEnd() {
        source.sampleEnd(endSample);
    }

    @Override
    void endBecomesStart() {
        System.arraycopy(endSample, 0, startSample, 0, SAMPLE_LENGTH);
    }

    @Override
    public long getPeriodCount() {
        checkReadable();
        return endSample[TOTAL] - startSample[TOTAL];
    }

    @Override
    public long getKernelPeriodCount() {
        if (!split) {
            throw new UnsupportedOperationException(
                    "This " + kind() + " counter's source has no kernel/user split (see getInfo().notes()); "
                            + "read the total with getPeriodCount(), or use a platform module that splits it");
        }
        long total = getPeriodCount();
        long kernel = Math.max(0, endSample[KERNEL] - startSample[KERNEL]);
        long user = Math.max(0, endSample[USER] - startSample[USER]);
        if (kernel + user == 0) {
            kernel = Math.max(0, endSample[KERNEL]);
            user = Math.max(0, endSample[USER]);
        }
        if (kernel + user == 0 || total <= 0) {
            return 0;
        }
        return Periods.scale(total, kernel, kernel + user);
    }
}
