package dev.counters.measure.internal;

import dev.counters.CpuTimesCounter;
import dev.counters.measure.Task;
import dev.counters.measure.TaskFailedException;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * How {@code Compare} runs the two runs of one pair: one after the other on the calling thread
 * ({@link CompareTerms.Order#ALTERNATING}), or both at once on two workers ({@link Duet}). Which task is
 * first (in time, or on worker 1) is the caller's choice; the pair's figures land in {@code into}.
 */
@FunctionalInterface
public interface Pairing {
    /** The index of the first run's wall nanoseconds in {@code into}. */
    int FIRST_WALL = 0;
    /** The first run's thread CPU nanoseconds. */
    int FIRST_CPU = 1;
    /** The second run's wall nanoseconds. */
    int SECOND_WALL = 2;
    /** The second run's thread CPU nanoseconds. */
    int SECOND_CPU = 3;
    /** The first run's process CPU nanoseconds, all threads of this JVM (NaN where not read). */
    int FIRST_PROCESS = 4;
    /** The second run's process CPU nanoseconds (NaN where not read). */
    int SECOND_PROCESS = 5;
    /** How many garbage collections the first run paid for ({@link GcCount}; NaN where not read). */
    int FIRST_GC = 6;
    /** How many garbage collections the second run paid for (NaN where not read). */
    int SECOND_GC = 7;
    /** How many figures a pair gives. */
    int FIGURES = 8;
    /**
     * How long each task re-warms, untimed, before each of its timed runs ({@link #inTurn}): at least
     * 5 ms, and at least one run, and on while its runs still get faster (see {@link InTurn}). One run is not enough where a run touches a small part of its data:
     * 10,000 lookups in a HashMap of 100,000 keys ran at 565 µs right after a TreeMap's runs with
     * one re-warming run, at 193 µs after 5 ms of them, and at 187 µs in JMH, alone; their ratio to
     * the TreeMap's went from 6.8 to 14.7 (JMH: 12.6). A timed run lasts at least as long
     * ({@link Batching}).
     */
    Duration REWARM = Duration.ofMillis(5);

    /**
     * Runs {@code first} and {@code second} once each, as run {@code index} of the pairs, and
     * writes their figures into {@code into} at {@link #FIRST_WALL} ... {@link #SECOND_GC}.
     *
     * @throws TaskFailedException naming the phase and run if a task threw
     */
    void run(Task first, String firstPhase, Task second, String secondPhase, int index, double[] into);

}
