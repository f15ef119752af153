package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import java.util.function.Supplier;

/**
 * The start/stop state machine shared by every counter: which calls are legal in which order, the
 * thread that owns the counter, and, for thread-bound kinds, the refusal to measure a virtual thread
 * ({@link VirtualThreads}). Subclasses only read their sources.
 *
 * <p>A counter belongs to the thread that first starts it, for as long as that thread lives:
 * {@code stop()} and {@code restartFromStop()} on any other thread throw, and so does a
 * {@code start()} while the owner lives. Its readings are plain fields, so two threads would mix
 * their intervals (a second thread's {@code start()} made the first one's 100 ms read 49 ms; a
 * reading taken while another thread restarted was negative). The check costs one comparison of
 * {@link Thread#currentThread()} with a field per call, taken only on the owner's calls (well
 * under a nanosecond a pair: {@code docs/PERFORMANCE.md}); it reads plain fields, so it catches
 * misuse, it is not a lock. Readings are not checked: another thread may read the counter once the
 * owner has stopped it and handed it on (after {@code Thread.join()}, say).
 */
abstract class IntervalCounter implements Counter {
    private static final int NEW = 0;
    private static final int STARTED = 1;
    private static final int STOPPED = 2;

    private final CounterKind kind;
    private final boolean threadBound;
    private final LazyFrequency frequency;
    private final Supplier<CounterInfo> info;
    private int state = NEW;
    private Thread owner;

    IntervalCounter(CounterKind kind, LazyFrequency frequency, Supplier<CounterInfo> info) {
        this.kind = requireNonNull(kind, "kind");
        this.threadBound = kind.isThreadBound();
        this.frequency = requireNonNull(frequency, "frequency");
        this.info = requireNonNull(info, "info");
    }

    /** Reads the source(s) into the start reading. */
    abstract void readStart();

    /** Reads the source(s) into the end reading. */
    abstract void readEnd();

    /** Makes the end reading the new start reading, without reading any source. */
    abstract void endBecomesStart();

    @Override
    public final void start() {
        Thread current = Thread.currentThread();
        if (current != owner) {
            claim(current);
        }
        try {
            readStart();
        } catch (RuntimeException failure) {
            state = NEW;
            throw failure;
        }
        state = STARTED;
    }

    @Override
    public final void stop() {
        if (state == NEW) {
            throw CounterMisuse.calledBeforeStart("stop()");
        }
        checkOwner("stopped");
        try {
            readEnd();
        } catch (RuntimeException failure) {
            state = STARTED; // the end is unknown, and a partial read may have overwritten the last one
            throw failure;
        }
        state = STOPPED;
    }

    @Override
    public final void restartFromStop() {
        if (state != STOPPED) {
            throw CounterMisuse.restartNeedsStop();
        }
        checkOwner("restarted");
        endBecomesStart();
        state = STARTED;
    }

    /**
     * Makes {@code current} the owner, unless a live thread owns the counter; a thread-bound
     * counter is never owned by a virtual thread, so its owner's calls need no check of that.
     */
    private void claim(Thread current) {
        Thread previous = owner;
        if (previous != null && previous.isAlive()) {
            throw CounterMisuse.ownedByAnotherThread("started again", kind, previous, current);
        }
        if (threadBound && VirtualThreads.isVirtual(current)) {
            state = NEW;
            throw VirtualThreads.refusal(kind, current);
        }
        owner = current;
    }

    /** Makes the calling thread the owner; see {@link CounterHandover}. */
    final void handOverToCurrentThread() {
        if (threadBound) {
            throw new IllegalArgumentException("A " + kind + " counter reads one thread's clock and cannot be handed to "
                    + "another thread: use one counter per thread");
        }
        owner = Thread.currentThread();
    }

    /** Throws unless a start()/stop() pair has completed. */
    final void checkReadable() {
        if (state == STOPPED) {
            return;
        }
        throw CounterMisuse.notReadable(state != NEW);
    }

    private void checkOwner(String action) {
        Thread current = Thread.currentThread();
        if (current != owner) {
            throw CounterMisuse.ownedByAnotherThread(action, kind, owner, current);
        }
    }

    @Override
    public final long getFrequency() {
        return frequency.get();
    }

    @Override
    public final CounterInfo getInfo() {
        return info.get();
    }

    final CounterKind kind() {
        return kind;
    }

    @Override
    public String toString() {
        return kind + " counter (" + (state == STOPPED ? getPeriodCount() + " ticks" : state == NEW ? "new" : "running") + ")";
    }
}
