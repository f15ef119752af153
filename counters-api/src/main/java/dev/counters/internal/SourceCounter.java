package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import java.util.function.Supplier;

/**
 * A counter over one {@link TickSource}: {@code start()} and {@code stop()} each read it once
 * and store a {@code long}. Providers build every single-clock kind from this; they supply only
 * the source, its {@link LazyFrequency} and a (memoised) {@link CounterInfo}.
 */
public final class SourceCounter extends IntervalCounter {
    private final TickSource source;
    private long startTicks;
    private long endTicks;

    public SourceCounter(CounterKind kind, TickSource source, LazyFrequency frequency, Supplier<CounterInfo> info) {
        super(kind, frequency, info);
        this.source = requireNonNull(source, "source");
    }

    @Override
    void readStart() {
        startTicks = source.read();
    }

    @Override
    void readEnd() {
        endTicks = source.read();
    }

    @Override
    void endBecomesStart() {
        startTicks = endTicks;
    }

    @Override
    public long getPeriodCount() {
        checkReadable();
        return endTicks - startTicks;
    }
}
