package dev.counters.benchmarks;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The cheapest a JNA-based counter can be on Linux: the bare libc calls, bound by direct mapping
 * with the result memory passed as a native address, and nothing else (no state machine, no
 * error check beyond the return code, no conversion). Set beside the C baseline, it measures the
 * JNA transition alone; set beside {@link CounterPairBenchmark}, what the counter adds on top.
 * Diagnostic only: Linux x86-64/aarch64 constants and layouts.
 */
public class JnaFloorBenchmark extends NanosecondBenchmark {
    private static final int CLOCK_MONOTONIC = 1;
    private static final int CLOCK_PROCESS_CPUTIME_ID = 2;
    private static final int CLOCK_THREAD_CPUTIME_ID = 3;
    private static final int CLOCK_MONOTONIC_COARSE = 6;
    private static final int RUSAGE_SELF = 0;
    private static final int RUSAGE_THREAD = 1;
    private static final int RUSAGE_BYTES = 144;

    private ByteBuffer memory;
    private long address;

    /** The two libc calls, bound once; loaded only when a benchmark of this class runs. */
    static final class LibcDirect {
        static {
            Native.register(LibcDirect.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
        }

        private LibcDirect() {}

        static native int clock_gettime(int clockId, long timespec);

        static native int getrusage(int who, long rusage);
    }

    @Setup
    public void bind() {
        if (!Platform.isLinux() || !Platform.is64Bit()) {
            throw new IllegalStateException("JnaFloorBenchmark uses Linux 64-bit constants; exclude it here with -e JnaFloor");
        }
        memory = ByteBuffer.allocateDirect(RUSAGE_BYTES).order(ByteOrder.nativeOrder());
        address = Pointer.nativeValue(Native.getDirectBufferPointer(memory));
    }

    private long clock(int clockId) {
        if (LibcDirect.clock_gettime(clockId, address) != 0) {
            throw new IllegalStateException("clock_gettime(" + clockId + ") failed: errno " + Native.getLastError());
        }
        return memory.getLong(0) * 1_000_000_000L + memory.getLong(8);
    }

    private long rusage(int who) {
        if (LibcDirect.getrusage(who, address) != 0) {
            throw new IllegalStateException("getrusage(" + who + ") failed: errno " + Native.getLastError());
        }
        return memory.getLong(0) * 1_000_000L + memory.getLong(8) + memory.getLong(16) * 1_000_000L + memory.getLong(24);
    }

    @Benchmark
    public void clockMonotonicPair(Blackhole blackhole) {
        long start = clock(CLOCK_MONOTONIC);
        blackhole.consume(clock(CLOCK_MONOTONIC) - start);
    }

    @Benchmark
    public void clockMonotonicCoarsePair(Blackhole blackhole) {
        long start = clock(CLOCK_MONOTONIC_COARSE);
        blackhole.consume(clock(CLOCK_MONOTONIC_COARSE) - start);
    }

    @Benchmark
    public void clockThreadCputimePair(Blackhole blackhole) {
        long start = clock(CLOCK_THREAD_CPUTIME_ID);
        blackhole.consume(clock(CLOCK_THREAD_CPUTIME_ID) - start);
    }

    @Benchmark
    public void getrusageThreadPair(Blackhole blackhole) {
        long start = rusage(RUSAGE_THREAD);
        blackhole.consume(rusage(RUSAGE_THREAD) - start);
    }

    /** The two calls of a thread-times reading, both through JNA (counters-posix reads the total through JNI instead). */
    @Benchmark
    public void threadTimesPair(Blackhole blackhole) {
        long start = clock(CLOCK_THREAD_CPUTIME_ID) + rusage(RUSAGE_THREAD);
        blackhole.consume(clock(CLOCK_THREAD_CPUTIME_ID) + rusage(RUSAGE_THREAD) - start);
    }

    /** The two calls of a process-times reading, as counters-posix makes them. */
    @Benchmark
    public void processTimesPair(Blackhole blackhole) {
        long start = clock(CLOCK_PROCESS_CPUTIME_ID) + rusage(RUSAGE_SELF);
        blackhole.consume(clock(CLOCK_PROCESS_CPUTIME_ID) + rusage(RUSAGE_SELF) - start);
    }
}
