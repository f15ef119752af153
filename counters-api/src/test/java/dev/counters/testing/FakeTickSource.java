package dev.counters.testing;

import dev.counters.internal.TickSource;

/** A clock that reads exactly what the test set, and counts its reads. */
public final class FakeTickSource implements TickSource {
    private long now;
    private long step;
    private int reads;

    /** A clock that stays at {@code start} until moved. */
    public static FakeTickSource at(long start) {
        FakeTickSource source = new FakeTickSource();
        source.now = start;
        return source;
    }

    /** Makes every read advance the clock by {@code ticks} after returning. */
    public FakeTickSource steppingBy(long ticks) {
        this.step = ticks;
        return this;
    }

    public void set(long ticks) {
        now = ticks;
    }

    public void advance(long ticks) {
        now += ticks;
    }

    public int reads() {
        return reads;
    }

    @Override
    public long read() {
        reads++;
        long value = now;
        now += step;
        return value;
    }
}
