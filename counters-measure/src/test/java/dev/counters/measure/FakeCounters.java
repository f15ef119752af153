package dev.counters.measure;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Resolution;
import dev.counters.spi.LazyFrequency;
import dev.counters.spi.SourceCounter;
import dev.counters.spi.TickSource;
import java.time.Duration;
import java.util.Optional;

/** Counters over scripted sources, for checking measurement logic against known truths. */
final class FakeCounters {
    private FakeCounters() {}

    /** A nanosecond wall counter over {@code source}. */
    static Counter nanosecondCounter(TickSource source) {
        return counter(source, 1_000_000_000L);
    }

    static Counter counter(TickSource source, long frequency) {
        CounterInfo info = CounterInfo.builder(CounterKind.PERFORMANCE)
                .provider("fake")
                .source("scripted")
                .frequency(frequency)
                .resolution(new Resolution(Duration.ofNanos(1), Duration.ofNanos(1), 1, Optional.empty()))
                .monotonic(true)
                .build();
        return new SourceCounter(CounterKind.PERFORMANCE, source, LazyFrequency.fixed(frequency), () -> info);
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
}
