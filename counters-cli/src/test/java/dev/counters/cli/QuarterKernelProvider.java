package dev.counters.cli;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Resolution;
import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.LazyFrequency;
import dev.counters.internal.SampledCpuTimesCounter;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Optional;

/**
 * Serves THREAD_TIMES with a split known in advance: the thread's real CPU time (from the JDK), a
 * quarter of it reported as kernel time and the rest as user time. A command's kernel and user
 * columns can then each be checked against its CPU column, independently of how the split is read.
 */
final class QuarterKernelProvider implements CounterProvider {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    @Override
    public String name() {
        return "quarter-kernel";
    }

    @Override
    public int rank() {
        return RANK_PLATFORM;
    }

    @Override
    public KindSupport support(CounterKind kind) {
        return kind == CounterKind.THREAD_TIMES ? KindSupport.supported() : KindSupport.unsupported("only THREAD_TIMES here");
    }

    @Override
    public Counter create(CounterKind kind) {
        Duration nanosecond = Duration.ofNanos(1);
        CounterInfo info = CounterInfo.builder(kind).provider(name()).source("ThreadMXBean, a quarter of it as kernel time")
                .frequency(NANOS_PER_SECOND).resolution(new Resolution(nanosecond, nanosecond, 1, Optional.empty()))
                .kernelUserSplit(true).build();
        CpuTimesSource quarterKernel = into -> {
            long cpu = THREADS.getCurrentThreadCpuTime();
            into[CpuTimesSource.TOTAL] = cpu;
            into[CpuTimesSource.KERNEL] = cpu / 4;
            into[CpuTimesSource.USER] = cpu - cpu / 4;
        };
        return new SampledCpuTimesCounter(kind, quarterKernel, true, LazyFrequency.fixed(NANOS_PER_SECOND), () -> info);
    }
}
