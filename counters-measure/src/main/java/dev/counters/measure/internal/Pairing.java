package dev.counters.measure.internal;

import dev.counters.CpuTimesCounter;
import dev.counters.measure.Compare;
import dev.counters.measure.Task;
import dev.counters.measure.TaskFailedException;

/**
 * How {@link Compare} runs the two runs of one pair: one after the other on the calling thread
 * ({@link Compare.Order#ALTERNATING}), or both at once on two workers ({@link Duet}). Which task is
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
     * Runs {@code first} and {@code second} once each, as run {@code index} of the pairs, and
     * writes their figures into {@code into} at {@link #FIRST_WALL} ... {@link #SECOND_GC}.
     *
     * @throws TaskFailedException naming the phase and run if a task threw
     */
    void run(Task first, String firstPhase, Task second, String secondPhase, int index, double[] into);

    /**
     * Says that something other than the pairs ran on this thread since the last pair (the noise
     * probe, the stopping rule's statistics): the next run must re-warm what that disturbed.
     */
    default void othersRan() {}

    /**
     * One after the other through {@code pass}, on the calling thread, each timed run preceded by
     * an untimed re-warming run of the same task whenever something else ran since its last run
     * (see {@link InTurn}); each run also timed on {@code process} (this JVM's CPU time, all
     * threads), outside the pass's own clocks, or not at all when it is null.
     */
    static Pairing inTurn(Pass pass, CpuTimesCounter process) {
        return new InTurn(pass, process);
    }
}
