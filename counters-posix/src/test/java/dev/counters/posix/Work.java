package dev.counters.posix;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.time.Duration;

/** Loads for the calling thread: pure computation, or system calls that keep the kernel busy. */
final class Work {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int SPINS_PER_CHECK = 200_000;
    static volatile long sink;

    private Work() {}

    /** Computes in user mode until the calling thread has used {@code cpu} more CPU time. */
    static void compute(Duration cpu) {
        long until = THREADS.getCurrentThreadCpuTime() + cpu.toNanos();
        long x = System.nanoTime() | 1;
        do {
            for (int i = 0; i < SPINS_PER_CHECK; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
        } while (THREADS.getCurrentThreadCpuTime() < until);
        sink = x;
    }

    /** Reads {@code /dev/zero} into native memory until the calling thread has used {@code cpu} more CPU time: the kernel does the work. */
    static void systemCalls(Duration cpu) throws IOException {
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
}
