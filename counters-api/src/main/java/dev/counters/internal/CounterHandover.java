package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;

/**
 * Hands a counter to the calling thread, for the rare counter that a lock passes from thread to
 * thread: a process-wide clock started once and stopped by whichever thread reads it, one at a
 * time, as Micrometer's process CPU meters are when each scrape comes on another thread. Every
 * counter belongs to the thread that started it ({@code IntervalCounter}); only code that holds the
 * lock its counter is used under may call this, just before its {@code stop()}.
 */
public final class CounterHandover {
    private CounterHandover() {}

    /**
     * Makes the calling thread the owner of {@code counter} (or of the counter it wraps); a counter
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
