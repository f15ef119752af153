package dev.counters.measure.internal;

import dev.counters.internal.TickSource;

/** A clock that advances by a fixed cost on every read, plus whatever {@link #advance} adds: a counter with a known overhead. */
public class CostlyClock implements TickSource {
    private final long costPerRead;
    private long now;

    public CostlyClock(long costPerRead) {
        this.costPerRead = costPerRead;
    }

    public void advance(long ticks) {
        now += ticks;
    }

    @Override
    public long read() {
        now += costPerRead;
        return now;
    }
}
