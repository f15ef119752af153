package dev.counters.measure;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import dev.counters.Resolution;
import dev.counters.spi.CpuTimesSource;
import dev.counters.spi.TickSource;
import dev.counters.toolkit.LazyFrequency;
import dev.counters.toolkit.SampledCpuTimesCounter;
import dev.counters.toolkit.SourceCounter;
import java.time.Duration;
import java.util.Optional;

/** Counters over scripted sources, for checking measurement logic against known truths. */
final class FakeCounters {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private FakeCounters() {}

    /** A nanosecond wall counter over {@code source}. */
    static Counter nanosecondCounter(TickSource source) {
        return counter(source, NANOS_PER_SECOND);
    }

    static Counter counter(TickSource source, long frequency) {
        CounterInfo info = info(CounterKind.PERFORMANCE, frequency).build();
        return new SourceCounter(CounterKind.PERFORMANCE, source, LazyFrequency.fixed(frequency), () -> info);
    }

    /** A nanosecond thread-CPU counter over {@code source}, with its kernel/user split. */
    static CpuTimesCounter threadTimesCounter(CpuTimesSource source) {
        CounterInfo info = info(CounterKind.THREAD_TIMES, NANOS_PER_SECOND).kernelUserSplit(true).build();
        return new SampledCpuTimesCounter(CounterKind.THREAD_TIMES, source, true, LazyFrequency.fixed(NANOS_PER_SECOND), () -> info);
    }

    private static CounterInfo.Builder info(CounterKind kind, long frequency) {
        return CounterInfo.builder(kind)
                .provider("fake")
                .source("scripted")
                .frequency(frequency)
                .resolution(new Resolution(Duration.ofNanos(1), Duration.ofNanos(1), 1, Optional.empty()))
                .monotonic(true);
    }

    /** A clock that advances by a fixed cost on every read, plus whatever {@link #advance} adds: a counter with a known overhead. */
    static class CostlyClock implements TickSource {
        private final long costPerRead;
        private long now;

        CostlyClock(long costPerRead) {
            this.costPerRead = costPerRead;
        }

        void advance(long ticks) {
            now += ticks;
        }

        @Override
        public long read() {
            now += costPerRead;
            return now;
        }
    }

    /**
     * Kernel and user nanoseconds that grow by a fixed cost on every sample, plus whatever {@link #advance}
     * adds: a thread-CPU source with a known overhead and a known split.
     */
    static final class CostlyCpuTimes implements CpuTimesSource {
        private final long kernelPerSample;
        private final long userPerSample;
        private long kernel;
        private long user;

        CostlyCpuTimes(long kernelPerSample, long userPerSample) {
            this.kernelPerSample = kernelPerSample;
            this.userPerSample = userPerSample;
        }

        void advance(long kernelNanos, long userNanos) {
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
}
