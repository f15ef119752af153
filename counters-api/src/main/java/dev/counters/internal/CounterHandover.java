package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;

/**
 * Hands a counter to the calling thread, for a process-wide clock started once and stopped by
 * whichever thread reads it, one at a time under a lock, as Micrometer's process CPU meters are when
 * each scrape comes on another thread. A clock that is not bound to a thread may be stopped on any
 * thread anyway ({@code IntervalCounter}); this also makes the caller the thread its running
 * interval belongs to, so that a {@code start()} there is not taken for another thread's overlap.
 * Only code that holds the lock its counter is used under may call this.
 */
public final class CounterHandover {
    private CounterHandover() {}

    /**
     * Makes the calling thread the starter of {@code counter} (or of the counter it wraps); a counter
     * this project did not make keeps its own rules and is left alone.
     *
     * @throws IllegalArgumentException for a thread-bound kind, whose readings are one thread's CPU clock
     */
    public static void toCurrentThread(Counter counter) {
        requireNonNull(counter, "counter");
        if (counter instanceof IntervalCounter) {
            ((IntervalCounter) counter).handOverToCurrentThread();
        } else if (counter instanceof ForwardingCounter) {
            toCurrentThread(((ForwardingCounter) counter).delegate());
        }
    }
}
