package dev.counters;

import dev.counters.internal.VirtualThreads;

/**
 * An interval counter: {@link #start()}, do the work, {@link #stop()}, then read the interval
 * in native ticks or any unit. Every kind of counter ({@link CounterKind}) speaks this same
 * vocabulary, so you can swap a wall-clock counter for a thread-CPU counter without touching
 * the code that reads it.
 *
 * <pre>{@code
 * Counter counter = Counters.performance();
 * counter.start();
 * sort(data);
 * counter.stop();
 * System.out.println(counter.getMicroseconds() + " us");
 * }</pre>
 *
 * <p>{@code start()} and {@code stop()} are the hot path: they allocate nothing, take no lock
 * and make one native read each (two for kinds that need two sources). Everything else, from
 * symbol lookup to the frequency, happens at creation or lazily when first read. One exception:
 * {@link CounterKind#SYSTEM_TIME} read through {@code Instant.now()}, which is the JDK floor
 * ({@code counters-api} alone) and counters-posix wherever its binding is not FFM (JDK 17, or
 * JDK 22+ with JNA). Each reading creates an {@code Instant} that only the JIT's C2 compiler
 * removes: a start/stop pair allocates 48 bytes until C2 has compiled the calling code
 * (interpreted, and in C1-compiled code), nothing after. Such a counter's
 * {@link CounterInfo#notes()} says so; through FFM, and on Windows, SYSTEM_TIME allocates nothing.
 *
 * <p>A counter is used by one thread at a time, like {@code System.nanoTime()} arithmetic or Guava's
 * {@code Stopwatch}: each call must happen-before the next one made on another thread, through a
 * hand-over such as a {@code CompletableFuture}'s callback, an executor, a lock or
 * {@code Thread.join()}. Which thread may make which call depends on what the clock measures:
 * <ul>
 *   <li>A clock not bound to a thread (every kind but the {@link CounterKind#isThreadBound()
 *       thread-bound} ones: the wall clocks, {@link CounterKind#PROCESS_TIMES}, the process and
 *       processor cycle counters) may be started on one thread and stopped, read or restarted on
 *       another. Overlapping use is refused: {@code start()} while an interval started on another,
 *       still living, thread is running (started and not stopped since) throws
 *       {@link IllegalStateException} naming both threads, and that interval stays whole; a second
 *       thread's {@code start()} would otherwise move the start the first one measures from (a 100 ms
 *       interval read 49 ms). Stop it first, on either thread, or use one counter per interval.
 *   <li>A thread's CPU clock ({@link CounterKind#THREAD_TIMES}, {@link CounterKind#THREAD_CYCLES}) is
 *       confined to the thread that first starts it, for as long as that thread lives:
 *       {@code stop()} and {@code restartFromStop()} on another thread, and {@code start()} on
 *       another thread while the owner lives, throw {@link IllegalStateException} naming both
 *       threads. Use one counter per thread (a counter for each task, or a {@code ThreadLocal}).
 * </ul>
 * Readings are not checked: read a stopped counter on any thread it was handed to. The check
 * compares {@link Thread#currentThread()} with a field and costs well under a nanosecond a pair; it
 * catches overlapping use that the second thread can see, but is no lock.
 * The thread-bound kinds ({@link CounterKind#isThreadBound()}) also refuse to start on a virtual
 * thread, which has no CPU clock of its own.
 * A native failure throws {@link CounterException}, never a silent zero.
 */
public interface Counter extends CounterReadings {

    /**
     * Marks the start of the interval and clears its end.
     *
     * @throws IllegalStateException if an interval another living thread started is still running
     *     (for a thread-bound kind: if another living thread started this counter at all), or if the
     *     kind is thread-bound and the calling thread is virtual
     */
    void start();

    /**
     * Marks the end of the interval. May be called again later: every call measures from the
     * same start, so successive calls give growing laps from the start.
     *
     * @throws IllegalStateException if the counter was never started, or if its kind is thread-bound and
     *     it was started on another thread
     */
    void stop();

    /**
     * Begins a new interval at the instant of the last {@link #stop()}, without reading the
     * clock again: consecutive laps then leave no gap and cost one native read each.
     *
     * @throws IllegalStateException if the counter was not stopped, or if its kind is thread-bound and
     *     it was started on another thread
     */
    void restartFromStop();
}
