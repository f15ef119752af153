package dev.counters.testing;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Resolution;
import dev.counters.toolkit.LazyFrequency;
import dev.counters.toolkit.SourceCounter;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/** Counters over fake sources, for tests of code that takes a counter. */
public final class FakeCounters {
    private FakeCounters() {}

    /** A fixed description of a fake {@code kind} counter at {@code frequency}. */
    public static Supplier<CounterInfo> info(CounterKind kind, long frequency) {
        CounterInfo info = CounterInfo.builder(kind)
                .provider("fake")
                .source("fake source")
                .frequency(frequency)
                .resolution(new Resolution(Duration.ofNanos(1), Duration.ofNanos(1), 1, Optional.empty()))
                .monotonic(true)
                .build();
        return () -> info;
    }

    /** A wall-time counter reading {@code source} at {@code frequency} ticks per second. */
    public static SourceCounter over(FakeTickSource source, long frequency) {
        return over(CounterKind.HIGH_PERFORMANCE, source, frequency);
    }

    /** A {@code kind} counter reading {@code source} at {@code frequency} ticks per second. */
    public static SourceCounter over(CounterKind kind, FakeTickSource source, long frequency) {
        return new SourceCounter(kind, source, LazyFrequency.fixed(frequency), info(kind, frequency));
    }
}
