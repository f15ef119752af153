package dev.counters.internal;

import dev.counters.spi.RankedService;


/**
 * Prepares the measuring thread, as careful benchmarks do: pin it to one CPU so that caches
 * stay warm and it never migrates, and raise its priority so that other threads do not preempt
 * it. Served by the platform modules ({@code sched_setaffinity}/{@code setpriority} on Linux,
 * {@code SetThreadAffinityMask}/{@code SetThreadPriority} on Windows) and found with
 * {@link java.util.ServiceLoader}; the highest {@link #rank()} that is available wins.
 *
 * <p>Every change is returned as an {@link Adjustment} whose {@code close()} restores what was
 * there before, so a try-with-resources block never leaves the thread changed. Where permission
 * is lacking the adjustment says so ({@link Adjustment#applied()} is false) instead of failing.
 * Only the calling thread is changed: a whole JVM pinned at real-time priority starves its JIT
 * compiler threads.
 */
public interface ThreadControl extends RankedService {

    /** The CPUs the calling thread may run on now, ascending. */
    int[] allowedCpus();

    /** Restricts the calling thread to {@code cpu}; closing the adjustment restores the previous set. */
    Adjustment pinCurrentThread(int cpu);

    /**
     * Raises the calling thread's scheduling priority as far as the platform permits (and the
     * process's priority class where the platform needs that too); closing restores it.
     */
    Adjustment raiseCurrentThreadPriority();

    /** One change to the calling thread, undone by {@link #close()}. */
    interface Adjustment extends AutoCloseable {

        /** Whether the change took effect. */
        boolean applied();

        /** What was done, or why it was not, e.g. {@code "pinned to CPU 1 (was 0-1)"}. */
        String description();

        /** Restores the state before the change; does nothing if it was not applied. Must be called on the same thread. */
        @Override
        void close();

        /**
         * An adjustment that took effect on the calling thread and that {@code restore} undoes: once,
         * and only on that thread (closing it on another throws {@link IllegalStateException}).
         */
        static Adjustment restoring(String description, Runnable restore) {
            return new RestoringAdjustment(description, restore);
        }

        /** An adjustment that did nothing, for the reason given. */
        static Adjustment notApplied(String reason) {
            return new Adjustment() {
                @Override
                public boolean applied() {
                    return false;
                }

                @Override
                public String description() {
                    return "not applied: " + reason;
                }

                @Override
                public void close() {}
            };
        }
    }
}
