package dev.counters.testing;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;

/**
 * Work whose amount is fixed by an independent clock, so tests stay correct on a loaded machine:
 * spinning for a wall-clock interval gives an unknown amount of CPU when other processes compete.
 */
public final class Work {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static volatile long sink;

    private Work() {}

    /**
     * Computes until the calling thread has used at least {@code cpu} of CPU time; returns the CPU actually used in ns.
     * The CPU time is read only every millisecond or so of arithmetic: each read is a system call (on Windows under
     * Wine a wineserver round trip), and reading it every few microseconds makes the loop mostly kernel time.
     */
    public static long burnCpu(Duration cpu) {
        long start = THREADS.getCurrentThreadCpuTime();
        long target = start + cpu.toNanos();
        long x = sink;
        long now;
        do {
            for (int i = 0; i < 1_000_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            now = THREADS.getCurrentThreadCpuTime();
        } while (now < target);
        sink = x;
        return now - start;
    }

    /** Computes {@code rounds} million steps of arithmetic, on any thread (a virtual thread has no CPU clock to stop by). */
    public static void compute(int rounds) {
        long x = sink;
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < 1_000_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        sink = x;
    }

    /** The calling thread's CPU time in ns, from the JDK. */
    public static long threadCpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }
}
