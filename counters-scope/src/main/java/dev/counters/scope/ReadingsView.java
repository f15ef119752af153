package dev.counters.scope;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterReadings;

/**
 * The read-only face of a counter that a {@link CounterScope} hands out: it reads through to the
 * counter on every call, holds no copy, and is not a {@link Counter}, so code inside the scope
 * cannot cast it back and restart the timing. Made once per scope; reading it allocates nothing
 * beyond what the counter's own getters do.
 */
class ReadingsView implements CounterReadings {
    private final CounterReadings counter;

    ReadingsView(CounterReadings counter) {
        this.counter = counter;
    }

    @Override
    public long getPeriodCount() {
        return counter.getPeriodCount();
    }

    @Override
    public long getFrequency() {
        return counter.getFrequency();
    }

    @Override
    public CounterInfo getInfo() {
        return counter.getInfo();
    }

    @Override
    public String toString() {
        return "read-only view of " + counter;
    }
}
