package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import java.util.function.LongSupplier;

/**
 * A source's frequency, looked up lazily and at most once per process, as STLSoft does with
 * {@code QueryPerformanceFrequency}: only when a conversion first needs it, so a counter read
 * only in ticks never pays. Thread-safe. A failed or non-positive lookup is remembered and
 * rethrown as {@link CounterException}; it never becomes a frequency that turns divisions into zero.
 *
 * <p>Keep one instance per source in a {@code static} field so that "once" is per process.
 */
public final class LazyFrequency {
    private final String api;
    private final LongSupplier query;
    private volatile long value;
    private CounterException failure;

    private LazyFrequency(String api, LongSupplier query, long value) {
        this.api = api;
        this.query = query;
        this.value = value;
    }

    /** A frequency that {@code query} (which reads {@code api}) will look up when first needed. */
    public static LazyFrequency of(String api, LongSupplier query) {
        return new LazyFrequency(requireNonNull(api, "api"), requireNonNull(query, "query"), 0);
    }

    /** A frequency known without any lookup, such as 1 000 000 000 for a nanosecond clock. */
    public static LazyFrequency fixed(long ticksPerSecond) {
        if (ticksPerSecond <= 0) {
            throw new IllegalArgumentException("ticks per second must be positive, was " + ticksPerSecond);
        }
        return new LazyFrequency("fixed", null, ticksPerSecond); // known: never looked up
    }

    /** The frequency in ticks per second, looking it up on the first call. */
    public long get() {
        long known = value;
        return known != 0 ? known : lookUp();
    }

    /** Whether the lookup has already happened successfully. */
    public boolean isKnown() {
        return value != 0;
    }

    private synchronized long lookUp() {
        if (value != 0) {
            return value;
        }
        if (failure == null) {
            try {
                long queried = query.getAsLong();
                if (queried > 0) {
                    value = queried;
                    return queried;
                }
                failure = CounterException.sourceFailure(api, "reported a frequency of " + queried + " ticks per second");
            } catch (CounterException e) {
                failure = e;
            } catch (RuntimeException e) {
                failure = CounterException.sourceFailure(api, e);
            }
        }
        throw failure;
    }
}
