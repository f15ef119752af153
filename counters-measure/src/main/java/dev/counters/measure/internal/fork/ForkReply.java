package dev.counters.measure.internal.fork;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What one fork sends back, the one message it writes (to the file its {@link ForkRequest} names):
 * its figures ({@link Measured}) or what went wrong ({@link Failed}).
 */
public sealed interface ForkReply extends ForkMessage {
    /**
     * A fork's figures: its estimate of each clock's ratio B/A (over its instances) and the variance
     * of the estimate's logarithm that its own instances and pairs imply (the floor of the forks'
     * spread), the median time per invocation of A and B on each clock, and how it ran.
     *
     * @param wallOwn this fork's own interval of the median ratio on wall time, over its pairs (the parent
     *     judges what this JVM alone shows with the one verdict rule: a fork sends figures, never a verdict)
     * @param cpuOwn the same on thread CPU time
     * @param otherThreads how much more of one task's CPU time ran on other threads than of the other's
     * @param runnableShare the share of the measuring thread's time off the CPU it spent runnable (NaN: not known)
     * @param machine {@code quiet} or {@code loaded}, from its noise report
     * @param invocations how many invocations of A one timed run held
     * @param invocationsB how many invocations of B one timed run held
     * @param counters the clocks it read, their sources, providers and bindings
     * @param leftRunning the non-daemon threads the tasks left running, by name
     */
    record Measured(int version, double wallRatio, double cpuRatio, double wallFloor, double cpuFloor, double aWall,
            double bWall, double aCpu, double bCpu, OwnInterval wallOwn, OwnInterval cpuOwn, double otherThreads, double runnableShare, int pairs,
            String machine,
            String machineSummary, int collectedRunsA, int collectedRunsB, long elapsedNanos, int invocations, int invocationsB, long seed,
            int instances, String counters, List<String> warnings, List<String> leftRunning) implements ForkReply {
        private static final long serialVersionUID = 1L;

        public Measured {
            requireNonNull(wallOwn, "wallOwn");
            requireNonNull(cpuOwn, "cpuOwn");
            requireNonNull(machine, "machine");
            requireNonNull(counters, "counters");
            warnings = List.copyOf(warnings);
            leftRunning = List.copyOf(leftRunning);
        }

        /** The median time of one invocation of A on wall time ({@code wall}) or thread CPU time. */
        double nanosA(boolean wall) {
            return wall ? aWall : aCpu;
        }

        double nanosB(boolean wall) {
            return wall ? bWall : bCpu;
        }
    }

    /**
     * One clock's interval of the median ratio B/A over one fork's own pairs.
     *
     * @param achieved the confidence the order statistics achieved (below the asked one: too few pairs)
     */
    record OwnInterval(double median, double low, double high, double achieved) implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
    }

    /**
     * A fork that could not measure: which task ({@code A}, {@code B} or {@code ""}), in which call
     * ({@code "its constructor"}, {@code "run()"}, ...), and what happened in a few lines.
     */
    record Failed(int version, String task, String call, String what) implements ForkReply {
        private static final long serialVersionUID = 1L;

        public Failed {
            requireNonNull(task, "task");
            requireNonNull(call, "call");
            requireNonNull(what, "what");
        }
    }
}
