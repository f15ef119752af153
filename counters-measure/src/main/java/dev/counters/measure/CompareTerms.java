package dev.counters.measure;

import java.util.Locale;

/**
 * The words a comparison is described and reported in: in which {@link Order} A and B run, which
 * time the verdict is {@link JudgedBy judged by}, and what ended it ({@link StopReason}).
 * {@link Compare} implements it, so they read {@code Compare.Order}, {@code Compare.JudgedBy} and
 * {@code Compare.StopReason} in code; they live here so that what reads them (the result, the
 * measuring engine, the forks) need not depend on the builder.
 */
public interface CompareTerms {
    /** In which order A and B run. */
    public enum Order {
        /** Blocks of A B B A: pairs (A, B) and (B, A), balanced. The default, and the point of this class. */
        ALTERNATING,
        /** All runs of A, then as many of B (half the budget each): the naive way, for comparison. */
        SEQUENTIAL,
        /**
         * A and B at the same moment, on two worker threads pinned to different CPUs where the
         * platform allows ("duet benchmarking", Bulej et al., ICPE 2020): both released by a spin
         * barrier, A on one worker and B on the other, and in each block of two pairs A runs once
         * on each worker, which one first drawn at random as the alternating blocks are, so that a
         * difference between the two CPUs lands on A and on B equally and neither follows the
         * noise probe more often. The pairs then go through
         * the same statistics, stopping rules and preemption set-aside as {@link #ALTERNATING}, a
         * couple at a time: pairs i and i + 1 as one, the geometric mean of their ratios, in which
         * the difference between the CPUs cancels.
         *
         * <p><b>Use it</b> on a machine with idle cores to spare whose speed drifts, such as a noisy
         * VM: the two runs of a pair see the same moment of the host, not two moments a run apart.
         * <b>Do not use it</b> where the two workers cannot each have a CPU to themselves (2 vCPUs
         * with other load: one worker shares its CPU, and its runs wait), nor for memory-bound tasks,
         * which disturb each other through the shared caches and memory bandwidth: each run's time
         * then holds the other's. It needs at least 2 CPUs ({@code Compare.run()} refuses fewer);
         * the workers' pinning is in {@code CompareResult.preparation()}.
         */
        DUET
    }

    /** Which time the verdict is judged on. */
    public enum JudgedBy {
        /**
         * Both clocks read together (see {@code Conclusion}); a task that mostly waits (thread CPU
         * time under half its wall time) is judged on wall time. The default.
         */
        AUTO,
        /** Wall time: what a user waits for, work on other threads and waiting included. */
        WALL,
        /** The calling thread's CPU time: the work itself, blind to waiting and to other threads. */
        CPU
    }

    /** What ended the adding of pairs (or, across JVMs, of forks). */
    public enum StopReason {
        /** The overall verdict was decided at the stricter stopping confidence. */
        DECIDED,
        /** The interval the verdict rests on reached the target width. */
        TARGET,
        /** The budget would have been overrun by another round of pairs, or another fork. */
        BUDGET,
        /**
         * The measuring thread was interrupted, or across JVMs this JVM began to shut down; the result
         * holds the pairs run before (the interrupt stays set).
         */
        INTERRUPTED,
        /** Across JVMs: the last planned fork ran, the verdict still undecided. */
        FORKS;

        /** {@code decided}, {@code target}, {@code budget}, {@code interrupted} or {@code forks}, as the reports write it. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
