package dev.counters.scope;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CounterReadings;
import dev.counters.CpuTimesCounter;
import dev.counters.CpuTimesReadings;

/**
 * Times a block with try-with-resources, as STLSoft's {@code performance_counter_scope} does
 * with a constructor and destructor: the counter starts when the scope opens and stops when it
 * closes, however the block is left.
 *
 * <pre>{@code
 * Counter counter = Counters.performance();
 * try (CounterScope<CounterReadings> scope = CounterScope.start(counter)) {
 *     load();
 *     scope.stop();                                   // a staged timing...
 *     log("loaded in " + scope.counter().getMilliseconds() + " ms");
 *     parse();
 * }                                                   // ...and close() stops it again
 * System.out.println(counter.getMilliseconds() + " ms in all");
 * }</pre>
 *
 * <p>Inside the block, {@link #counter()} is a read-only view: it reads through to the counter
 * but is not a {@link Counter} (no cast gets {@code start()} back), so staged timings always
 * measure from the scope's start. Scopes over a {@link CpuTimesCounter}
 * expose the kernel/user readings too.
 *
 * <p>A scope started with a name ({@link #start(String, Counter)}) also emits the JFR event
 * {@code dev.counters.Scope} at its close, while a Flight Recorder recording has the event enabled:
 * the name, the counter's kind, its elapsed reading and, for CPU-time kinds, kernel and user time.
 * Production code can so leave its scopes in place and see them in any recording
 * ({@code java -XX:StartFlightRecording ...}, then {@code jfr print --events dev.counters.Scope}).
 * With no recording a named scope costs what an unnamed one does. Unnamed scopes never emit.
 *
 * <p>A scope is closed once: a second {@link #close()} does nothing, and {@link #stop()} after
 * {@code close()} throws {@link IllegalStateException}, so the reading and the JFR event keep the
 * interval from open to close. A scope may be closed on another thread than the one that opened
 * it, each call happening before the next (a {@code CompletableFuture}'s callback), when its
 * counter's clock is not bound to a thread ({@link Counter} says which thread may call what).
 *
 * @param <R> the read-only view of the counter: {@link CounterReadings} or {@link CpuTimesReadings}
 */
public final class CounterScope<R extends CounterReadings> implements AutoCloseable {
    private final Counter counter;
    private final R readings;
    /** The JFR event of a named scope while a recording has it enabled, until committed; otherwise null. */
    private ScopeEvent event;
    private boolean closed;

    private CounterScope(Counter counter, R readings, String name) {
        this.counter = counter;
        this.readings = readings;
        this.event = name == null ? null : ScopeEvent.beginIfEnabled(name);
        counter.start();
    }

    /** Starts {@code counter} and returns the scope that will stop it. */
    public static CounterScope<CounterReadings> start(Counter counter) {
        requireNonNull(counter, "counter is null; pass e.g. Counters.performance()");
        return new CounterScope<>(counter, new ReadingsView(counter), null);
    }

    /** Starts a CPU-times {@code counter}; the scope's view exposes kernel and user time. */
    public static CounterScope<CpuTimesReadings> start(CpuTimesCounter counter) {
        requireNonNull(counter, "counter is null; pass e.g. Counters.threadTimes()");
        return new CounterScope<>(counter, new CpuTimesReadingsView(counter), null);
    }

    /**
     * Starts {@code counter} in a scope named {@code name}, which emits the JFR event
     * {@code dev.counters.Scope} at its close when a recording has it enabled. Name what the block
     * does ({@code "parse"}, {@code "GET /orders"}): the name is what {@code jfr print} and JDK
     * Mission Control show.
     */
    public static CounterScope<CounterReadings> start(String name, Counter counter) {
        requireNonNull(counter, "counter is null; pass e.g. Counters.performance()");
        return new CounterScope<>(counter, new ReadingsView(counter), checkedName(name));
    }

    /** Starts a CPU-times {@code counter} in a named scope; its JFR event carries kernel and user time too. */
    public static CounterScope<CpuTimesReadings> start(String name, CpuTimesCounter counter) {
        requireNonNull(counter, "counter is null; pass e.g. Counters.threadTimes()");
        return new CounterScope<>(counter, new CpuTimesReadingsView(counter), checkedName(name));
    }

    private static String checkedName(String name) {
        requireNonNull(name, "name is null; name the scope for its JFR event, or use start(counter) for none");
        if (name.isBlank()) {
            throw new IllegalArgumentException("the scope's name is blank; give a name that says what the block does, e.g. \"parse\"");
        }
        return name;
    }

    /**
     * Stops the counter now, for an intermediate (staged) timing; the scope stays open.
     *
     * @throws IllegalStateException if the scope is closed: its reading, and its JFR event's, are final
     */
    public void stop() {
        if (closed) {
            throw new IllegalStateException("stop() on a closed scope: its reading (" + counter.getElapsed() + ") is final "
                    + "once close() has stopped it, and the JFR event of a named scope holds it. Call stop() inside "
                    + "the try block for a staged timing, or open a new scope for another one");
        }
        counter.stop();
    }

    /**
     * The counter, read-only: a view made once with the scope that reads through to the counter,
     * so readings are valid after {@link #stop()} or {@link #close()} and cost what the counter's own do.
     */
    public R counter() {
        return readings;
    }

    /**
     * Stops the counter (again, if {@link #stop()} was called), measuring from the scope's start, and
     * ends a named scope's JFR event with that reading. Closing a closed scope has no effect, as
     * {@link java.io.Closeable} asks: the reading the first close took stays. A close that throws
     * (the counter refused the calling thread, or its clock failed) leaves the scope open, so it can
     * be closed again where the counter allows.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        counter.stop();
        closed = true;
        if (event != null) {
            event.end(counter);
            event = null;
        }
    }
}
