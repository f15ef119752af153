package dev.counters.testing;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import dev.counters.Resolution;
import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.LazyFrequency;
import dev.counters.internal.SampledCpuTimesCounter;
import dev.counters.internal.SourceCounter;
import dev.counters.internal.TickSource;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Counters over fake or scripted sources, for tests of code that takes a counter: the logic is
 * checked against truths the test chose, not against a clock it cannot control.
 */
public final class FakeCounters {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private FakeCounters() {}

    /** A fixed description of a fake {@code kind} counter at {@code frequency}. */
    public static Supplier<CounterInfo> info(CounterKind kind, long frequency) {
        return info(CounterInfo.builder(kind).frequency(frequency));
    }

    /** A wall-time counter reading {@code source} at {@code frequency} ticks per second. */
    public static SourceCounter over(TickSource source, long frequency) {
        return over(CounterKind.HIGH_PERFORMANCE, source, frequency);
    }

    /** A {@code kind} counter reading {@code source} at {@code frequency} ticks per second. */
    public static SourceCounter over(CounterKind kind, TickSource source, long frequency) {
        return new SourceCounter(kind, source, LazyFrequency.fixed(frequency), info(kind, frequency));
    }

    /** A {@link CounterKind#PERFORMANCE} counter whose {@code source} counts nanoseconds. */
    public static SourceCounter nanoseconds(TickSource source) {
        return over(CounterKind.PERFORMANCE, source, NANOS_PER_SECOND);
    }

    /** A nanosecond {@link CounterKind#SYSTEM_TIME} counter over {@code source}: a time of day, so not monotonic. */
    public static SourceCounter timeOfDay(TickSource source) {
        Supplier<CounterInfo> info = info(CounterInfo.builder(CounterKind.SYSTEM_TIME).frequency(NANOS_PER_SECOND), false);
        return new SourceCounter(CounterKind.SYSTEM_TIME, source, LazyFrequency.fixed(NANOS_PER_SECOND), info);
    }

    /** A {@link CounterKind#THREAD_TIMES} counter whose {@code source} samples nanoseconds, split into kernel and user time. */
    public static CpuTimesCounter threadTimes(CpuTimesSource source) {
        Supplier<CounterInfo> info = info(CounterInfo.builder(CounterKind.THREAD_TIMES).frequency(NANOS_PER_SECOND).kernelUserSplit(true));
        return new SampledCpuTimesCounter(CounterKind.THREAD_TIMES, source, true, LazyFrequency.fixed(NANOS_PER_SECOND), info);
    }

    private static Supplier<CounterInfo> info(CounterInfo.Builder builder) {
        return info(builder, true);
    }

    private static Supplier<CounterInfo> info(CounterInfo.Builder builder, boolean monotonic) {
        CounterInfo info = builder
                .provider("fake")
                .source("fake source")
                .resolution(new Resolution(Duration.ofNanos(1), Duration.ofNanos(1), 1, Optional.empty()))
                .monotonic(monotonic)
                .build();
        return () -> info;
    }
}
