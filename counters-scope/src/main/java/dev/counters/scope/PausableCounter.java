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
 * <p>It follows the thread rule of the counter it wraps ({@link Counter}). Over a clock not bound
 * to a thread it may be handed from thread to thread, each call happening before the next (a
 * {@code CompletableFuture}'s callback may pause, resume or stop it), but a {@link #start()} on
 * another living thread while the interval is not stopped, paused or not, throws
 * {@link IllegalStateException}. Over {@code THREAD_TIMES} or {@code THREAD_CYCLES} every call
 * after {@link #start()} must come from the thread that started it, and a {@link #pause()},
 * {@link #resume()}, {@link #stop()} or {@link #restartFromStop()} on another thread throws,
 * leaving the interval as it was instead of adding that thread's CPU time.
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
    /** The thread that started the interval: over a thread-bound kind, every later call must come from it. */
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
        Thread current = Thread.currentThread();
        if (started && !readable && owner != current && owner.isAlive() && !threadBound()) {
            // A paused interval's counter is stopped and would take this start(): refuse it here.
            throw CounterMisuse.overlappingStart(getInfo().kind(), owner, current);
        }
        delegate().start(); // first: where it refuses this thread, the owner's interval is left as it was
        accumulated = 0;
        started = true;
        running = true;
        readable = false;
        owner = current;
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
     * Over a thread-bound kind, throws if called on a thread other than the one that started the
     * interval. The wrapped counter checks its own calls too, but a paused one is stopped and would
     * accept a start() from any thread once its owner has ended; and some calls here change only this
     * wrapper's fields.
     */
    private void requireOwner(String call) {
        if (owner != Thread.currentThread() && threadBound()) {
            throw CounterMisuse.calledOnAnotherThread(call, getInfo().kind(), owner);
        }
    }

    /** Asked only when the thread changes, so that making and using the counter on one thread never asks. */
    private boolean threadBound() {
        return getInfo().kind().isThreadBound();
    }
}
