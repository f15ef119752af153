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

    /** One reading of clock {@code clockId}, in nanoseconds. */
    private long clock(int clockId) {
        requireSuccess(LibcDirect.clock_gettime(clockId, address), "clock_gettime", clockId);
        return memory.getLong(0) * 1_000_000_000L + memory.getLong(8);
    }

    /** One reading of {@code getrusage(who)}: user + system time, in microseconds. */
    private long rusage(int who) {
        requireSuccess(LibcDirect.getrusage(who, address), "getrusage", who);
        return memory.getLong(0) * 1_000_000L + memory.getLong(8) + memory.getLong(16) * 1_000_000L + memory.getLong(24);
    }

    private static void requireSuccess(int result, String call, int argument) {
        if (result != 0) {
            throw new IllegalStateException(call + "(" + argument + ") failed: errno " + Native.getLastError());
        }
    }

    /** A start+stop pair of clock {@code clockId}: two readings, and the interval between them. */
    private long clockPair(int clockId) {
        long start = clock(clockId);
        return clock(clockId) - start;
    }

    /** A start+stop pair of {@code getrusage(who)}. */
    private long rusagePair(int who) {
        long start = rusage(who);
        return rusage(who) - start;
    }

    /** A start+stop pair of a CPU-times reading: clock {@code clockId} and {@code getrusage(who)}, each time. */
    private long cpuTimesPair(int clockId, int who) {
        long start = clock(clockId) + rusage(who);
        return clock(clockId) + rusage(who) - start;
    }

    @Benchmark
    public void clockMonotonicPair(Blackhole blackhole) {
        blackhole.consume(clockPair(CLOCK_MONOTONIC));
    }

    @Benchmark
    public void clockMonotonicCoarsePair(Blackhole blackhole) {
        blackhole.consume(clockPair(CLOCK_MONOTONIC_COARSE));
    }

    @Benchmark
    public void clockThreadCputimePair(Blackhole blackhole) {
        blackhole.consume(clockPair(CLOCK_THREAD_CPUTIME_ID));
    }

    @Benchmark
    public void getrusageThreadPair(Blackhole blackhole) {
        blackhole.consume(rusagePair(RUSAGE_THREAD));
    }

    /** The two calls of a thread-times reading, both through JNA (counters-posix reads the total through JNI instead). */
    @Benchmark
    public void threadTimesPair(Blackhole blackhole) {
        blackhole.consume(cpuTimesPair(CLOCK_THREAD_CPUTIME_ID, RUSAGE_THREAD));
    }

    /** The two calls of a process-times reading, as counters-posix makes them. */
    @Benchmark
    public void processTimesPair(Blackhole blackhole) {
        blackhole.consume(cpuTimesPair(CLOCK_PROCESS_CPUTIME_ID, RUSAGE_SELF));
    }
}
