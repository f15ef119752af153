package dev.counters.testing;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Work whose amount is fixed by an independent clock, so tests stay correct on a loaded machine:
 * spinning for a wall-clock interval gives an unknown amount of CPU when other processes compete.
 */
public final class Work {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** How often {@link #burnCpu} reads the thread's CPU time, by the wall clock. */
    static final Duration CPU_READ_INTERVAL = Duration.ofMillis(3);
    private static volatile long sink;

    private Work() {}

    /**
     * Computes until the calling thread has used at least {@code cpu} of CPU time; returns the CPU actually used in ns.
     * The CPU time is read only every {@link #CPU_READ_INTERVAL} of wall-clock time: each read is a system call (on
     * Windows under Wine a wineserver round trip, slower the busier the machine), and with a read after every
     * 1 000 000 steps, which JDK 25's compiled loop runs in about a millisecond, a loop under Wine once came out
     * with more kernel than user time. The wall clock is {@code System.nanoTime()}, which is no server round trip.
     */
    public static long burnCpu(Duration cpu) {
        long start = THREADS.getCurrentThreadCpuTime();
        long target = start + cpu.toNanos();
        long x = sink;
        long now;
        do {
            long readAt = System.nanoTime() + CPU_READ_INTERVAL.toNanos();
            do {
                for (int i = 0; i < 100_000; i++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
            } while (System.nanoTime() < readAt);
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

    /**
     * Reads {@code /dev/zero} into native memory until the calling thread has used at least {@code cpu} more CPU
     * time: the kernel does most of the work (Linux and other systems with a {@code /dev/zero}).
     */
    public static void systemCalls(Duration cpu) throws IOException {
        long until = THREADS.getCurrentThreadCpuTime() + cpu.toNanos();
        ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
        long read = 0;
        try (FileChannel zero = FileChannel.open(Path.of("/dev/zero"))) {
            do {
                buffer.clear();
                read += zero.read(buffer);
            } while (THREADS.getCurrentThreadCpuTime() < until);
        }
        sink = read;
    }

    /** The calling thread's CPU time in ns, from the JDK. */
    public static long threadCpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }
}
