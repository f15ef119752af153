package dev.counters;

/**
 * A counter that holds an operating-system resource while it lives, such as the
 * {@code perf_event} file descriptor behind a Linux {@link CounterKind#THREAD_CYCLES} counter.
 * Close it when done, best with try-with-resources:
 *
 * <pre>{@code
 * try (CloseableCounter cycles = (CloseableCounter) Counters.create(CounterKind.THREAD_CYCLES)) {
 *     cycles.start();
 *     work();
 *     cycles.stop();
 *     System.out.println(cycles.getPeriodCount() + " cycles");
 * }
 * }</pre>
 *
 * A counter never closed releases its resource once it is unreachable (a {@link java.lang.ref.Cleaner}
 * is the backstop), but the garbage collector may take its time, and threads that come and go
 * can pile up descriptors meanwhile. Readings taken before {@code close()} stay readable;
 * {@code start()} and {@code stop()} after it throw {@link IllegalStateException}.
 */
public interface CloseableCounter extends Counter, AutoCloseable {
    /** Releases the resource; later calls do nothing. */
    @Override
    void close();
}
