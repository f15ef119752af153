package dev.counters.measure.internal;

import dev.counters.CpuTimesCounter;
import dev.counters.measure.Task;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The pairs of {@link CompareTerms.Order#ALTERNATING}: the two runs of a pair one after the other on the
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
 * <p>Past {@link Pairing#REWARM} the re-warming goes on while the task is still getting faster: in
 * stretches of at least half of it, as long as a stretch's mean run is {@link #STILL_WARMING} faster
 * than the stretch before, up to {@link #REWARM_MAX}. A task whose data fits the caches stops at the
 * minimum; one whose data does not (10,000 lookups in a {@code HashMap} of 100,000 keys, after a
 * {@code TreeMap}'s runs) was still 8-30% slower after 5 ms than after 20 ms in the same JVM, which
 * moved the pair's ratio from 12.1 to 13.2-15.5 (JMH, each alone: 13-16). Each stretch's mean is
 * read on the clock that already bounds the re-warming: nothing more is read around a run.
 *
 * <p>Around each timed run, outside its clocks, this JVM's process CPU time (all threads) and its
 * garbage collections ({@link GcCount}) are read: a run that paid for a collection stays in the
 * figures, and the count of such runs is reported.
 */
final class InTurn implements Pairing {
    /** The longest re-warming before one timed run: 20 ms. */
    static final Duration REWARM_MAX = Duration.ofMillis(20);
    /** How much faster a stretch of re-warming runs must be than the stretch before for the re-warming to go on: 2%. */
    static final double STILL_WARMING = 0.02;

    private final Pass pass;
    private final CpuTimesCounter process;
    private final LongSupplier nanoClock;
    private final long rewarmNanos;
    private final long rewarmMaxNanos;

    InTurn(Pass pass, CpuTimesCounter process, LongSupplier nanoClock, Duration rewarm) {
        this.pass = pass;
        this.process = process;
        this.nanoClock = nanoClock;
        this.rewarmNanos = rewarm.toNanos();
        this.rewarmMaxNanos = Math.max(rewarmNanos, REWARM_MAX.toNanos());
    }

    @Override
    public void run(Task first, String firstPhase, Task second, String secondPhase, int index, double[] into) {
        once(first, firstPhase, index, into, FIRST_WALL, FIRST_CPU, FIRST_PROCESS, FIRST_GC);
        once(second, secondPhase, index, into, SECOND_WALL, SECOND_CPU, SECOND_PROCESS, SECOND_GC);
    }

    private void once(Task task, String phase, int index, double[] into, int wall, int cpu, int processAt, int gcAt) {
        rewarm(task, phase, index);
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

    /**
     * Untimed runs of {@code task}, at least one, in stretches of at least half the re-warming: it
     * ends once past the re-warming unless the last stretch's mean run was {@link #STILL_WARMING}
     * faster than the one before, and at {@link #REWARM_MAX} in any case. A single stretch that
     * reaches the re-warming (one long run) ends it: there is nothing to compare it with.
     */
    private void rewarm(Task task, String phase, int index) {
        long start = nanoClock.getAsLong();
        long stretchStart = start;
        int runs = 0;
        double previousMean = Double.NaN;
        while (true) {
            pass.untimed(task, phase, index);
            runs++;
            long now = nanoClock.getAsLong();
            long elapsed = now - start;
            if (elapsed >= rewarmMaxNanos) {
                return;
            }
            if (now - stretchStart < rewarmNanos / 2) {
                continue;
            }
            double mean = (double) (now - stretchStart) / runs;
            boolean stillWarming = !Double.isNaN(previousMean) && mean <= previousMean * (1 - STILL_WARMING);
            if (elapsed >= rewarmNanos && !stillWarming) {
                return;
            }
            previousMean = mean;
            stretchStart = now;
            runs = 0;
        }
    }
}
