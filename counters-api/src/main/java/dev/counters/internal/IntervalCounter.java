package dev.counters.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Supplier;

/**
 * The start/stop state machine shared by every counter: which calls are legal in which order, which
 * threads may make them, and, for thread-bound kinds, the refusal to measure a virtual thread
 * ({@link VirtualThreads}). Subclasses only read their sources.
 *
 * <p><b>Which thread may call.</b> A counter's readings are plain fields, used by one thread at a
 * time: every call must happen-before the next one made on another thread (a hand-over through a
 * {@code CompletableFuture}, an executor, a lock, {@code Thread.join()}), as with
 * {@code System.nanoTime()} and Guava's {@code Stopwatch}. Within that rule:
 * <ul>
 *   <li>A clock that is not bound to a thread (the wall clocks, {@code PROCESS_TIMES}, the process
 *       and processor cycle counters) may be handed from thread to thread: {@code stop()} and
 *       {@code restartFromStop()} on any thread, and {@code start()} on any thread unless an
 *       interval started on another thread is still running there: started, not stopped since, and
 *       its thread alive. That {@code start()} would move the start the first thread measures from
 *       (a second thread's {@code start()} made the first one's 100 ms read 49 ms), so it throws.
 *   <li>A thread-bound clock ({@code THREAD_TIMES}, {@code THREAD_CYCLES}) reads the calling
 *       thread's CPU clock, so its counter belongs to the thread that first starts it for as long as
 *       that thread lives: {@code stop()} and {@code restartFromStop()} on any other thread throw,
 *       and so does a {@code start()} while the owner lives.
 * </ul>
 * The check costs one comparison of {@link Thread#currentThread()} with a field per call, taken only
 * while one thread keeps the counter (well under a nanosecond a pair: {@code docs/PERFORMANCE.md});
 * a change of thread takes the slow path, whose compare-and-set lets only one of two threads that
 * start at once win. It catches overlapping use that the second thread can see; it is not a lock.
 */
abstract class IntervalCounter implements Counter {
    private static final int NEW = 0;
    private static final int STARTED = 1;
    private static final int STOPPED = 2;
    private static final VarHandle STARTER;

    static {
        try {
            STARTER = MethodHandles.lookup().findVarHandle(IntervalCounter.class, "starter", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final CounterKind kind;
    private final boolean threadBound;
    private final LazyFrequency frequency;
    private final Supplier<CounterInfo> info;
    private int state = NEW;
    /**
     * The thread of the last {@code start()} or {@code restartFromStop()}: for a thread-bound kind
     * the owner, whose clock the counter reads; otherwise the thread the running interval belongs to.
     * Set through {@link #STARTER}'s compare-and-set only.
     */
    private Thread starter;

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
        if (current != starter) {
            takeOver(current);
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
        if (threadBound) {
            checkOwner("stopped");
        }
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
        Thread current = Thread.currentThread();
        if (current != starter) {
            if (threadBound) {
                throw CounterMisuse.ownedByAnotherThread("restarted", kind, starter, current);
            }
            takeOver(current);
        }
        endBecomesStart();
        state = STARTED;
    }

    /**
     * Makes {@code current} the starter, unless that would overlap another live thread's use: for a
     * thread-bound kind any use of a live owner, otherwise an interval still running on its live
     * starter. A thread-bound counter is never taken by a virtual thread, so the fast path needs no
     * check of that.
     */
    private void takeOver(Thread current) {
        Thread previous = starter;
        if (previous != null && previous.isAlive()) {
            if (threadBound) {
                throw CounterMisuse.ownedByAnotherThread("started again", kind, previous, current);
            }
            if (state == STARTED) {
                throw CounterMisuse.overlappingStart(kind, previous, current);
            }
        }
        if (threadBound && VirtualThreads.isVirtual(current)) {
            state = NEW;
            throw VirtualThreads.refusal(kind, current);
        }
        if (!STARTER.compareAndSet(this, previous, current)) {
            throw CounterMisuse.startedAtOnce(kind, (Thread) STARTER.getVolatile(this), current);
        }
    }

    /** Makes the calling thread the starter; see {@link CounterHandover}. */
    final void handOverToCurrentThread() {
        if (threadBound) {
            throw new IllegalArgumentException("A " + kind + " counter reads one thread's clock and cannot be handed to "
                    + "another thread: use one counter per thread");
        }
        STARTER.setVolatile(this, Thread.currentThread());
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
        if (current != starter) {
            throw CounterMisuse.ownedByAnotherThread(action, kind, starter, current);
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
