package dev.counters.internal;

import static com.google.common.base.Preconditions.checkArgument;
import static dev.counters.internal.CpuTimesSource.SAMPLE_LENGTH;
import static dev.counters.internal.CpuTimesSource.TOTAL;
import static java.util.Objects.requireNonNull;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import java.util.function.Supplier;

/**
 * A {@link CpuTimesCounter} over one {@link CpuTimesSource}. The total comes straight from the
 * source; the kernel share is the total apportioned in the ratio of the source's kernel and user
 * deltas ({@link CpuTimesSplit}), so kernel + user == total holds exactly even when the split is
 * coarser than the total.
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
        return CpuTimesSplit.kernelPart(getPeriodCount(), startSample, endSample);
    }
}
