package dev.counters.jmh;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The loads the profiler is checked on: pure computation (all user time), reading {@code /dev/zero}
 * in 4 KiB blocks (mostly kernel time), and nothing at all (the profiler's own cost).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProfiledBenchmarks {
    static final String COMPUTE = ProfiledBenchmarks.class.getName() + ".compute";
    static final String READ_ZERO = ProfiledBenchmarks.class.getName() + ".readDevZero";
    static final String EMPTY = ProfiledBenchmarks.class.getName() + ".empty";

    /** A 4 KiB block and an open /dev/zero per thread. */
    @State(Scope.Thread)
    public static class Zero {
        ByteBuffer block;
        FileChannel zero;

        @Setup(Level.Trial)
        public void open() throws IOException {
            block = ByteBuffer.allocateDirect(4096);
            zero = FileChannel.open(Path.of("/dev/zero"));
        }

        @TearDown(Level.Trial)
        public void close() throws IOException {
            zero.close();
        }
    }

    /** A seed the JIT cannot fold away. */
    @State(Scope.Thread)
    public static class Seed {
        long x = System.nanoTime() | 1;
    }

    /** About a microsecond of xorshift arithmetic: no call, no allocation, no system call. */
    @Benchmark
    public long compute(Seed seed, Truths truths) {
        long x = seed.x;
        for (int i = 0; i < 1000; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        seed.x = x;
        return x;
    }

    /** One read(2) of 4 KiB from /dev/zero: the kernel clears the block. */
    @Benchmark
    public int readDevZero(Zero zero, Truths truths) throws IOException {
        zero.block.clear();
        return zero.zero.read(zero.block);
    }

    /** Nothing: the harness's and the profiler's cost alone. */
    @Benchmark
    public void empty() {}
}
