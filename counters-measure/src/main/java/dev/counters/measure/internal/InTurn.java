package dev.counters.measure.internal;

import dev.counters.CpuTimesCounter;
import dev.counters.measure.Compare;
import dev.counters.measure.Task;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The pairs of {@link Compare.Order#ALTERNATING}: the two runs of a pair one after the other on the
 * calling thread, each timed run right after untimed re-warming runs of the very same task (batched
 * like it, the same instance) for at least {@link Pairing#REWARM} (one run without a warm-up). So each timed run starts from the caches, branch history and memory
 * state it would have with the task measured alone (JMH's setting): interleaving otherwise makes a
 * cache-sensitive task pay for the other's data, and the run right after the noise probe pay for the
 * probe. Every timed run, first or second in its pair, follows the same thing: its own untimed run.
 * (Re-warming only after a switch left the first run of the second pair of each block unre-warmed.
 * With one tiny task object as A and as B, the first run of a pair is still measured slower than
 * the second, by 2-6% against 5-27% before any re-warming: the blocks balance it between A and B,
 * so it widens the interval but moves no median.)
 *
 * <p>Around each timed run, outside its clocks, this JVM's process CPU time (all threads) and its
 * garbage collections ({@link GcCount}) are read: a run that paid for a collection stays in the
 * figures, and the count of such runs is reported.
 */
final class InTurn implements Pairing {
    private final Pass pass;
    private final CpuTimesCounter process;
    private final LongSupplier nanoClock;
    private final long rewarmNanos;

    InTurn(Pass pass, CpuTimesCounter process, LongSupplier nanoClock, Duration rewarm) {
        this.pass = pass;
        this.process = process;
        this.nanoClock = nanoClock;
        this.rewarmNanos = rewarm.toNanos();
    }

    @Override
    public void run(Task first, String firstPhase, Task second, String secondPhase, int index, double[] into) {
        once(first, firstPhase, index, into, FIRST_WALL, FIRST_CPU, FIRST_PROCESS, FIRST_GC);
        once(second, secondPhase, index, into, SECOND_WALL, SECOND_CPU, SECOND_PROCESS, SECOND_GC);
    }

    private void once(Task task, String phase, int index, double[] into, int wall, int cpu, int processAt, int gcAt) {
        long rewarming = nanoClock.getAsLong();
        do {
            pass.untimed(task, phase, index);
        } while (nanoClock.getAsLong() - rewarming < rewarmNanos);
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
    }
}
