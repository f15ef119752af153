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
 * @param <R> the read-only view of the counter: {@link CounterReadings} or {@link CpuTimesReadings}
 */
public final class CounterScope<R extends CounterReadings> implements AutoCloseable {
    private final Counter counter;
    private final R readings;

    private CounterScope(Counter counter, R readings) {
        this.counter = counter;
        this.readings = readings;
        counter.start();
    }

    /** Starts {@code counter} and returns the scope that will stop it. */
    public static CounterScope<CounterReadings> start(Counter counter) {
        requireNonNull(counter, "counter is null; pass e.g. Counters.performance()");
        return new CounterScope<>(counter, new ReadingsView(counter));
    }

    /** Starts a CPU-times {@code counter}; the scope's view exposes kernel and user time. */
    public static CounterScope<CpuTimesReadings> start(CpuTimesCounter counter) {
        requireNonNull(counter, "counter is null; pass e.g. Counters.threadTimes()");
        return new CounterScope<>(counter, new CpuTimesReadingsView(counter));
    }

    /** Stops the counter now, for an intermediate (staged) timing; the scope stays open. */
    public void stop() {
        counter.stop();
    }

    /**
     * The counter, read-only: a view made once with the scope that reads through to the counter,
     * so readings are valid after {@link #stop()} or {@link #close()} and cost what the counter's own do.
     */
    public R counter() {
        return readings;
    }

    /** Stops the counter (again, if {@link #stop()} was called), measuring from the scope's start. */
    @Override
    public void close() {
        counter.stop();
    }
}
