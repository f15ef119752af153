package dev.counters.scope;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.spi.CounterMisuse;

/**
 * A counter that can be paused: time between {@link #pause()} and {@link #resume()} is left out,
 * so set-up and logging inside a timed loop do not count. It is itself a {@link Counter}, so it
 * fits anywhere a counter does, including a {@link CounterScope}.
 *
 * <pre>{@code
 * PausableCounter timer = PausableCounter.of(Counters.performance());
 * timer.start();
 * for (Batch batch : batches) {
 *     timer.pause();
 *     Batch copy = batch.copy();       // not timed
 *     timer.resume();
 *     sort(copy);
 * }
 * timer.stop();
 * }</pre>
 *
 * <p>Pausing and resuming each read the clock once; the readings accumulate in native ticks, so
 * nothing is lost to rounding.
 */
public final class PausableCounter implements Counter {
    private final Counter counter;
    private long accumulated;
    private boolean running;
    private boolean started;
    private long total;
    private boolean readable;

    private PausableCounter(Counter counter) {
        this.counter = counter;
    }

    /** Wraps {@code counter}, which must not be used elsewhere. */
    public static PausableCounter of(Counter counter) {
        return new PausableCounter(requireNonNull(counter, "counter is null; pass e.g. Counters.performance()"));
    }

    /** Starts a new interval with nothing accumulated. */
    @Override
    public void start() {
        accumulated = 0;
        started = true;
        running = true;
        readable = false;
        counter.start();
    }

    /** Stops counting until {@link #resume()}; pausing a paused counter does nothing. */
    public void pause() {
        requireStarted("pause()");
        if (running) {
            counter.stop();
            accumulated += counter.getPeriodCount();
            running = false;
        }
    }

    /** Counts again after {@link #pause()}; resuming a running counter does nothing. */
    public void resume() {
        requireStarted("resume()");
        if (!running) {
            running = true;
            counter.start();
        }
    }

    /** Whether the counter is counting (started and not paused). */
    public boolean isRunning() {
        return running;
    }

    /**
     * Ends the interval: readings give the time counted since {@link #start()}, pauses excluded.
     * A paused counter stays paused; a running one keeps running, so a later {@code stop()} gives a
     * longer interval, as with any counter.
     */
    @Override
    public void stop() {
        requireStarted("stop()");
        long running = 0;
        if (this.running) {
            counter.stop();
            running = counter.getPeriodCount();
        }
        total = accumulated + running;
        readable = true;
    }

    /** Begins a new interval from the last {@link #stop()}, keeping pauses as they are. */
    @Override
    public void restartFromStop() {
        if (!readable) {
            throw CounterMisuse.restartNeedsStop();
        }
        accumulated = 0;
        if (running) {
            counter.restartFromStop();
        }
        readable = false;
    }

    @Override
    public long getPeriodCount() {
        if (!readable) {
            throw CounterMisuse.notReadable(started);
        }
        return total;
    }

    @Override
    public long getFrequency() {
        return counter.getFrequency();
    }

    @Override
    public CounterInfo getInfo() {
        return counter.getInfo();
    }

    private void requireStarted(String call) {
        if (!started) {
            throw CounterMisuse.calledBeforeStart(call);
        }
    }
}
