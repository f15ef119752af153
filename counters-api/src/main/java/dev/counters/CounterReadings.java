package dev.counters;

import dev.counters.internal.Periods;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The read-only half of a {@link Counter}: the interval between its last {@code start()} and
 * {@code stop()}, in native ticks or any unit. A {@code CounterScope} hands this view out so
 * that code inside the scope can read intermediate timings but cannot restart the counter.
 *
 * <p>All unit getters truncate toward zero and are exact for every period count (see
 * {@link Periods}). Reading before a {@code start()}/{@code stop()} pair throws
 * {@link IllegalStateException}.
 */
public interface CounterReadings {

    /**
     * The interval in native ticks: the end reading minus the start reading, unchecked. It is
     * negative only for a counter that is not {@linkplain CounterInfo#isMonotonic() monotonic}
     * (the time of day, stepped back between the readings).
     */
    long getPeriodCount();

    /**
     * Native ticks per second. Looked up lazily, at most once per process per source, the first
     * time a conversion needs it, so timing in ticks never waits for it. (A provider may look it
     * up earlier, once, where it decides a fallback on it: Windows checks QPC's frequency when
     * it loads.)
     */
    long getFrequency();

    /** What this counter reads and how finely; see {@link CounterInfo}. */
    CounterInfo getInfo();

    /** The interval in {@code unit}, truncated toward zero. */
    default long getPeriod(TimeUnit unit) {
        return Periods.convert(getPeriodCount(), getFrequency(), unit);
    }

    /** The interval in whole seconds. */
    default long getSeconds() {
        return getPeriod(TimeUnit.SECONDS);
    }

    /** The interval in whole milliseconds. */
    default long getMilliseconds() {
        return getPeriod(TimeUnit.MILLISECONDS);
    }

    /** The interval in whole microseconds. */
    default long getMicroseconds() {
        return getPeriod(TimeUnit.MICROSECONDS);
    }

    /** The interval in whole nanoseconds. */
    default long getNanoseconds() {
        return getPeriod(TimeUnit.NANOSECONDS);
    }

    /** The interval as an exact {@link Duration} (truncated to the nanosecond). */
    default Duration getElapsed() {
        return Periods.toDuration(getPeriodCount(), getFrequency());
    }
}
