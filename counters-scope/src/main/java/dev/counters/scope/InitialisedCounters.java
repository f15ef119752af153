package dev.counters.scope;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;

/**
 * Counters whose readings are valid from the moment they are made, like STLSoft's
 * {@code performance_counter_init}: the counter is started and stopped at once, so reading it
 * before the first real timing gives a tiny interval instead of an exception. Useful for a
 * counter kept in a field and read by code that cannot know whether a timing has happened yet.
 *
 * <pre>{@code
 * Counter counter = InitialisedCounters.of(Counters.performance());
 * counter.getMicroseconds();   // valid: about zero
 * }</pre>
 */
public final class InitialisedCounters {
    private InitialisedCounters() {}

    /** Starts and stops {@code counter} and returns it. */
    public static <C extends Counter> C of(C counter) {
        requireNonNull(counter, "counter is null; pass e.g. Counters.performance()");
        counter.start();
        counter.stop();
        return counter;
    }
}
