package dev.counters.scope;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.internal.CounterMisuse;
import dev.counters.internal.ForwardingCounter;

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
 *
 * <p>Like the counter it wraps, it belongs to the thread that started it: every call after
 * {@link #start()} must come from that thread, and a {@link #pause()}, {@link #resume()},
 * {@link #stop()} or {@link #restartFromStop()} on another thread throws
 * {@link IllegalStateException}, leaving the interval as it was (over {@code THREAD_TIMES}, instead
 * of adding that thread's CPU time; over a wall clock, instead of mixing two threads' intervals).
 */
public final class PausableCounter extends ForwardingCounter {
    /** Ticks counted in the interval's segments already ended by a pause. */
    private long accumulated;
    private boolean running;
    private boolean started;
    /** The reading of the last stop(): ticks counted from the interval's start to that stop. */
    private long total;
    private boolean readable;
    /** Whether the last stop() fell inside the segment still running (no pause since). */
    private boolean stoppedInRunningSegment;
    /** The thread that started the interval: every later call must come from it. */
    private Thread owner;

    private PausableCounter(Counter counter) {
        super(counter);
    }

    /** Wraps {@code counter}, which must not be used elsewhere. */
    public static PausableCounter of(Counter counter) {
        return new PausableCounter(requireNonNull(counter, "counter is null; pass e.g. Counters.performance()"));
    }

    /** Starts a new interval with nothing accumulated. */
    @Override
    public void start() {
        delegate().start(); // first: where it refuses this thread, the owner's interval is left as it was
        accumulated = 0;
        started = true;
        running = true;
        readable = false;
        owner = Thread.currentThread();
    }

    /** Stops counting until {@link #resume()}; pausing a paused counter does nothing. */
    public void pause() {
        requireStarted("pause()");
        requireOwner("pause()");
        if (running) {
            delegate().stop();
            accumulated += delegate().getPeriodCount();
            running = false;
            stoppedInRunningSegment = false;
        }
    }

    /** Counts again after {@link #pause()}; resuming a running counter does nothing. */
    public void resume() {
        requireStarted("resume()");
        requireOwner("resume()");
        if (!running) {
            delegate().start();
            running = true;
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
        requireOwner("stop()");
        long running = 0;
        if (this.running) {
            delegate().stop();
            running = delegate().getPeriodCount();
        }
        total = accumulated + running;
        readable = true;
        stoppedInRunningSegment = this.running;
    }

    /**
     * Begins a new interval at the last {@link #stop()}, keeping pauses as they are: whatever ran
     * since that stop (before a later pause, or since a later resume) counts in the new interval.
     * Reads no clock.
     */
    @Override
    public void restartFromStop() {
        if (!readable) {
            throw CounterMisuse.restartNeedsStop();
        }
        requireOwner("restartFromStop()");
        if (stoppedInRunningSegment) {
            // Nothing ended since the stop: the new interval is the running segment from the stop on.
            delegate().restartFromStop();
            accumulated = 0;
        } else {
            // The stop's reading is a prefix of what has been counted since the interval's start.
            accumulated -= total;
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

    private void requireStarted(String call) {
        if (!started) {
            throw CounterMisuse.calledBeforeStart(call);
        }
    }

    /**
     * Throws if called on a thread other than the one that started the interval. The wrapped
     * counter checks its own calls too, but a paused one is stopped and would accept a start() from
     * any thread once its owner has ended; and some calls here change only this wrapper's fields.
     */
    private void requireOwner(String call) {
        if (owner != Thread.currentThread()) {
            throw CounterMisuse.calledOnAnotherThread(call, getInfo().kind(), owner);
        }
    }
}
