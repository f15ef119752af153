package dev.counters;

/**
 * The kinds of counter, one per clock a platform offers. Every kind answers to the same
 * {@link Counter} vocabulary, so swapping one for another is a one-word change.
 *
 * <p>Which kind to use:
 * <ul>
 *   <li>{@link #PERFORMANCE} for "how long did this take" on the wall clock: the best
 *       wall-clock counter of the platform.
 *   <li>{@link #THREAD_TIMES} to time an algorithm without counting the time other threads and
 *       processes took from it (a preempted thread's wall time lies).
 *   <li>{@link #PROCESS_TIMES} for the CPU all threads of the process spent.
 *   <li>{@link #TICK}, {@link #MULTIMEDIA}, {@link #SYSTEM_TIME} where their particular clock is
 *       what must be measured, or where their low cost matters more than their resolution.
 *   <li>The cycle kinds, served by the platform modules ({@code counters-posix},
 *       {@code counters-windows}), for counting processor cycles.
 * </ul>
 */
public enum CounterKind {
    /**
     * The coarse system tick (Windows {@code GetTickCount64}, Linux {@code CLOCK_MONOTONIC_COARSE}).
     * Its resolution is the scheduler tick (milliseconds); whether it is cheaper to read than
     * {@link #PERFORMANCE} depends on the binding (docs/PERFORMANCE.md has the figures). With no
     * platform module it is {@code System.currentTimeMillis()}, which is not monotonic.
     */
    TICK(Measures.WALL_TIME),
    /** The multimedia timer (Windows {@code timeGetTime}, Linux {@code CLOCK_BOOTTIME}). */
    MULTIMEDIA(Measures.WALL_TIME),
    /** The system's time of day (Windows FILETIME, Linux {@code CLOCK_REALTIME}); not monotonic. */
    SYSTEM_TIME(Measures.WALL_TIME),
    /** The high-resolution monotonic counter (Windows QPC, Linux {@code CLOCK_MONOTONIC}). */
    HIGH_PERFORMANCE(Measures.WALL_TIME),
    /**
     * CPU time of the calling thread, split into kernel and user time where the platform can.
     * Refuses to start on a virtual thread, which has no CPU clock of its own.
     */
    THREAD_TIMES(Measures.THREAD_CPU_TIME),
    /** CPU time of the whole process, all threads, split into kernel and user time where the platform can. */
    PROCESS_TIMES(Measures.PROCESS_CPU_TIME),
    /** The best wall-clock counter of the platform. */
    PERFORMANCE(Measures.WALL_TIME),
    /** Processor cycles spent by the calling thread; refuses to start on a virtual thread, like {@link #THREAD_TIMES}. */
    THREAD_CYCLES(Measures.CYCLES),
    /** Processor cycles spent by all threads of the process. */
    PROCESS_CYCLES(Measures.CYCLES),
    /** The processor's free-running cycle counter (x86-64 TSC, aarch64 CNTVCT). */
    CPU_CYCLES(Measures.CYCLES);

    private final Measures measures;

    CounterKind(Measures measures) {
        this.measures = measures;
    }

    /** What a counter of this kind measures. */
    public Measures measures() {
        return measures;
    }

    /**
     * Whether a counter of this kind measures the calling thread, and so must be started and
     * stopped on the same platform thread (a virtual thread has no CPU clock of its own).
     */
    public boolean isThreadBound() {
        return this == THREAD_TIMES || this == THREAD_CYCLES;
    }

    /** Whether counters of this kind measure CPU time and so implement {@link CpuTimesCounter}. */
    public boolean isCpuTimes() {
        return this == THREAD_TIMES || this == PROCESS_TIMES;
    }
}
