package dev.counters.measure.internal;

import dev.counters.CpuTimesCounter;
import dev.counters.measure.Compare.Order;
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
    /** How many figures a pair gives. */
    int FIGURES = 6;

    /**
     * Runs {@code first} and {@code second} once each, as run {@code index} of the pairs, and
     * writes their wall and CPU nanoseconds into {@code into} at {@link #FIRST_WALL} ... {@link #SECOND_CPU}.
     *
     * @throws TaskFailedException naming the phase and run if a task threw
     */
    void run(Task first, String firstPhase, Task second, String secondPhase, int index, double[] into);

    /**
     * One after the other through {@code pass}, on the calling thread; each run also timed on
     * {@code process} (this JVM's CPU time, all threads), outside the pass's own clocks, or not at
     * all when it is null.
     */
    static Pairing inTurn(Pass pass, CpuTimesCounter process) {
        return (first, firstPhase, second, secondPhase, index, into) -> {
            startProcess(process);
            double[] figures = pass.once(first, firstPhase, index);
            into[FIRST_PROCESS] = stopProcess(process);
            into[FIRST_WALL] = figures[Pass.WALL];
            into[FIRST_CPU] = figures[Pass.CPU];
            startProcess(process);
            figures = pass.once(second, secondPhase, index);
            into[SECOND_PROCESS] = stopProcess(process);
            into[SECOND_WALL] = figures[Pass.WALL];
            into[SECOND_CPU] = figures[Pass.CPU];
        };
    }

    private static void startProcess(CpuTimesCounter process) {
        if (process != null) {
            process.start();
        }
    }

    private static double stopProcess(CpuTimesCounter process) {
        if (process == null) {
            return Double.NaN;
        }
        process.stop();
        return process.getNanoseconds();
    }
}
