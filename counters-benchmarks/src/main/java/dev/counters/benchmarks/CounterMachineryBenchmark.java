package dev.counters.benchmarks;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.LazyFrequency;
import dev.counters.internal.SampledCpuTimesCounter;
import dev.counters.internal.SourceCounter;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What the counter itself adds to the clock reads: the API's two counters ({@link SourceCounter}
 * for single clocks, {@link SampledCpuTimesCounter} for CPU times) over sources that read no
 * clock at all, only a field. Subtracted from {@link CounterPairBenchmark}'s figure, it leaves the
 * cost of the native reads and their Java-to-native transitions.
 */
public class CounterMachineryBenchmark extends NanosecondBenchmark {
    private static final LazyFrequency NANOSECONDS = LazyFrequency.fixed(1_000_000_000L);
    private static final Supplier<CounterInfo> NO_INFO = () -> {
        throw new UnsupportedOperationException("the machinery benchmark never reads its counters' info");
    };

    private long fakeTicks;
    private Counter singleSource;
    private Counter cpuTimes;

    @Setup
    public void createCounters() {
        singleSource = new SourceCounter(CounterKind.HIGH_PERFORMANCE, () -> ++fakeTicks, NANOSECONDS, NO_INFO);
        CpuTimesSource fakeTimes = into -> {
            long now = ++fakeTicks;
            into[CpuTimesSource.TOTAL] = now;
            into[CpuTimesSource.KERNEL] = now >>> 2;
            into[CpuTimesSource.USER] = now - (now >>> 2);
        };
        cpuTimes = new SampledCpuTimesCounter(CounterKind.THREAD_TIMES, fakeTimes, true, NANOSECONDS, NO_INFO);
    }

    /**
     * {@link SourceCounter}: the state machine (with its thread-owner check) and two stores around
     * two field reads. {@code scripts/pair-ab.sh} compares it between two commits.
     */
    @Benchmark
    public void sourceCounterPair(Blackhole blackhole) {
        singleSource.start();
        singleSource.stop();
        blackhole.consume(singleSource.getPeriodCount());
    }

    /** {@link SampledCpuTimesCounter} of a thread-bound kind: adds two 3-long samples. */
    @Benchmark
    public void sampledCpuTimesCounterPair(Blackhole blackhole) {
        cpuTimes.start();
        cpuTimes.stop();
        blackhole.consume(cpuTimes.getPeriodCount());
    }
}
