package dev.counters.posix;

/**
 * A kernel/user split read beside an exact CPU-time total: the ratio that {@link CpuClockTimes}
 * hands on, not the total itself. {@link RusageSplit} reads the calling thread's or process's from
 * {@code getrusage}, {@link ThreadClockSplit} another thread's from its CPU-time clocks.
 */
interface CpuSplit {
    /** Writes the kernel and user times, in any one unit, into {@code into[KERNEL]} and {@code into[USER]}. */
    void sampleInto(long[] into);
}
