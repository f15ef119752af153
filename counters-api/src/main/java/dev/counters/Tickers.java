package dev.counters;

import static java.util.Objects.requireNonNull;

import com.google.common.base.Ticker;

/**
 * Adapts any {@link Counter} to Guava's {@link Ticker}, so that a {@code Stopwatch} (or anything
 * else that reads its ticker on one thread) can run on thread CPU time, the multimedia timer or
 * any other counter.
 *
 * <pre>{@code
 * Stopwatch cpu = Stopwatch.createStarted(Tickers.of(Counters.threadTimes()));
 * work();
 * System.out.println(cpu);   // thread CPU time, not wall time
 * }</pre>
 *
 * <p>The ticker owns the counter: it starts it once and each {@link Ticker#read()} stops it
 * again, which measures from that first start at the cost of one native read. Like the counter,
 * the ticker is read by one thread at a time: it is not for a cache that many threads share. A
 * stopwatch may be handed to another thread and read there (a {@code CompletableFuture}'s
 * callback) when the counter's clock is not bound to a thread; a ticker over
 * {@code THREAD_TIMES} or {@code THREAD_CYCLES} read on another thread than the one that made it
 * throws {@link IllegalStateException}.
 */
public final class Tickers {
    private Tickers() {}

    /** A ticker reading {@code counter} in nanoseconds. The counter must not be used elsewhere. */
    public static Ticker of(Counter counter) {
        requireNonNull(counter, "counter is null; pass e.g. Counters.threadTimes()");
        counter.start();
        return new CounterTicker(counter);
    }

    private static final class CounterTicker extends Ticker {
        private final Counter counter;

        CounterTicker(Counter counter) {
            this.counter = counter;
        }

        @Override
        public long read() {
            counter.stop();
            return counter.getNanoseconds();
        }
    }
}
