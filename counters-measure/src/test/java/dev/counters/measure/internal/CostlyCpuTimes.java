package dev.counters.measure.internal;

import dev.counters.internal.CpuTimesSource;

/**
 * Kernel and user nanoseconds that grow by a fixed cost on every sample, plus whatever {@link #advance}
 * adds: a thread-CPU source with a known overhead and a known split.
 */
public final class CostlyCpuTimes implements CpuTimesSource {
    private final long kernelPerSample;
    private final long userPerSample;
    private long kernel;
    private long user;

    public CostlyCpuTimes(long kernelPerSample, long userPerSample) {
        this.kernelPerSample = kernelPerSample;
        this.userPerSample = userPerSample;
    }

    public void advance(long kernelNanos, long userNanos) {
        kernel += kernelNanos;
        user += userNanos;
    }

    @Override
    public void sample(long[] into) {
        kernel += kernelPerSample;
        user += userPerSample;
        into[TOTAL] = kernel + user;
        into[KERNEL] = kernel;
        into[USER] = user;
    }
}
