package dev.counters.measure.internal;

import dev.counters.CpuTimesCounter;
import dev.counters.measure.Compare;
import dev.counters.measure.Task;

/**
 * The pairs of {@link Compare.Order#ALTERNATING}: the two runs of a pair one after the other on the
 * calling thread, each one re-warmed first whenever anything else ran since the same task's last
 * run: the other task, the noise probe or the stopping rule's statistics. A re-warming run is one
 * untimed run of the very task that is timed next (batched like it), so that each timed run starts
 * from the caches, branch history and memory state it would have with the task measured alone (JMH's
 * setting): interleaving otherwise makes a cache-sensitive task pay for the other's data, and the
 * run right after the probe pay for the probe. Only the second of two runs of one task in a row (the
 * middle of A B B A) follows itself and is not re-warmed.
 *
 * <p>Around each timed run, outside its clocks, this JVM's process CPU time (all threads) and its
 * garbage collections ({@link GcCount}) are read: a run that paid for a collection stays in the
 * figures, and the count of such runs is reported.
 */
final class InTurn implements Pairing {
    private final Pass pass;
    private final CpuTimesCounter process;
    /** The task of the last run on this thread, timed or not; null once something else ran. */
    private Task last;

    InTurn(Pass pass, CpuTimesCounter process) {
        this.pass = pass;
        this.process = process;
    }

    @Override
    public void run(Task first, String firstPhase, Task second, String secondPhase, int index, double[] into) {
        once(first, firstPhase, index, into, FIRST_WALL, FIRST_CPU, FIRST_PROCESS, FIRST_GC);
        once(second, secondPhase, index, into, SECOND_WALL, SECOND_CPU, SECOND_PROCESS, SECOND_GC);
    }

    @Override
    public void othersRan() {
        last = null;
    }

    private void once(Task task, String phase, int index, double[] into, int wall, int cpu, int processAt, int gcAt) {
        if (task != last) {
            pass.untimed(task, "re-warming " + phase, index);
        }
        long collections = GcCount.total();
        if (process != null) {
            process.start();
        }
        double[] figures = pass.once(task, phase, index);
        into[wall] = figures[Pass.WALL];
        into[cpu] = figures[Pass.CPU];
        if (process != null) {
            process.stop();
            into[processAt] = process.getNanoseconds();
        } else {
            into[processAt] = Double.NaN;
        }
        into[gcAt] = GcCount.total() - collections;
        last = task;
    }
}
