package dev.counters.windows.internal;

import static dev.counters.windows.internal.FfmDowncalls.calledCapturing;
import static dev.counters.windows.internal.FfmDowncalls.invoke;
import static dev.counters.windows.internal.FfmDowncalls.retry;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.counters.CounterInfo;
import dev.counters.nativeaccess.CodeBinder;
import dev.counters.nativeaccess.ForeignCode;
import dev.counters.nativeaccess.ForeignLayers;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.nativeaccess.Scratch;
import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * The real {@link WindowsCalls} layer through Foreign Function &amp; Memory downcalls (JDK 22+),
 * which cost a few nanoseconds over C where JNA's direct mapping costs far more (docs/PERFORMANCE.md
 * has the figures). Compiled for release 22 from {@code src/main/java22} into the jar's
 * {@code META-INF/versions/22}, where it replaces the JNA-only stand-in of the same name; chosen by
 * {@link LayerChoice} on a JVM of 22 or later, and {@link JnaWindowsCalls}
 * serves on 17-21.
 *
 * <p>Every Win32 call of the module goes through here, so where this layer serves, JNA is never
 * loaded: the clock reads, the one-off lookups ({@code QueryPerformanceFrequency},
 * {@code timeGetDevCaps}, the registry's {@code ~MHz} through {@code RegGetValueW}),
 * {@code FormatMessageW}, the timer period, affinity and priority.
 *
 * <p>The reads ({@code GetTickCount64}, {@code QueryPerformanceCounter},
 * {@code GetSystemTime[Precise]AsFileTime}, {@code GetThreadTimes}/{@code GetProcessTimes},
 * {@code Query*CycleTime}, {@code timeGetTime}) and the pseudo-handle getters return at once and
 * never call back into Java, so each is linked with {@link Linker.Option#critical(boolean)
 * critical(false)}: no thread-state transition. Their out-parameters are written into a
 * {@link Scratch} whose address is passed as a {@code long}, the same 64 bits a pointer is in the
 * Windows x64 calling convention, so a read allocates nothing.
 *
 * <p>{@code GetLastError} is not captured on the hot path (that takes a capture segment per call).
 * When a read fails, it is made once more through a handle that captures it
 * ({@link Linker.Option#captureCallState}); the failures these calls can have (an invalid handle,
 * a call the system does not implement, such as Wine's {@code QueryThreadCycleTime} with error
 * 120) are deterministic, so the second call fails the same way and {@link #lastError()} reports
 * its code. Should it succeed, its result is returned. The calls made once or rarely capture
 * {@code GetLastError} every time, so {@link #lastError()} is exactly what it was after them.
 */
final class FfmWindowsCalls implements WindowsCalls {
    private final Optional<String> winmmMissing;

    private FfmWindowsCalls(Optional<String> winmmMissing) {
        this.winmmMissing = winmmMissing;
    }

    /**
     * Links every kernel32 and advapi32 downcall now, and winmm's where it loads. Throws what the
     * JVM throws when it cannot: an {@link IllegalCallerException} where native access is denied
     * to this module (checked first, so that the JVM never warns), an {@link UnsatisfiedLinkError}
     * or {@link IllegalArgumentException} for a library or required symbol it cannot find.
     */
    static WindowsCalls bind() {
        Module module = FfmWindowsCalls.class.getModule();
        if (!module.isNativeAccessEnabled()) {
            throw ForeignLayers.nativeAccessNotEnabled(module);
        }
        FfmKernel32.link();
        Optional<String> winmmMissing;
        try {
            FfmWinmm.link();
            winmmMissing = Optional.empty();
        } catch (LinkageError | RuntimeException e) {
            winmmMissing = Optional.of("winmm's timer functions could not be linked (" + e + ")");
        }
        return new FfmWindowsCalls(winmmMissing);
    }

    @Override
    public Scratch allocate(int bytes) {
        return Scratch.allocateDirect(bytes, buffer -> MemorySegment.ofBuffer(buffer).address());
    }

    // kernel32: clocks

    @Override
    public long getTickCount64() {
        try {
            return (long) FfmKernel32.GET_TICK_COUNT_64.invokeExact();
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetTickCount64", impossible);
        }
    }

    @Override
    public boolean queryPerformanceCounter(Scratch count) {
        long address = count.address();
        try {
            return (int) FfmKernel32.QUERY_PERFORMANCE_COUNTER.invokeExact(address) != 0
                    || retry(FfmKernel32.QUERY_PERFORMANCE_COUNTER_ERROR, address);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("QueryPerformanceCounter", impossible);
        }
    }

    @Override
    public boolean queryPerformanceFrequency(long[] frequency) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment result = arena.allocate(JAVA_LONG);
            boolean succeeded = (int) calledCapturing(FfmKernel32.QUERY_PERFORMANCE_FREQUENCY_ERROR, arena, result.address()) != 0;
            frequency[0] = result.get(JAVA_LONG, 0);
            return succeeded;
        }
    }

    @Override
    public void getSystemTimeAsFileTime(Scratch fileTime) {
        try {
            FfmKernel32.GET_SYSTEM_TIME_AS_FILE_TIME.invokeExact(fileTime.address());
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetSystemTimeAsFileTime", impossible);
        }
    }

    @Override
    public Optional<String> preciseSystemTimeMissing() {
        return FfmKernel32.GET_SYSTEM_TIME_PRECISE_AS_FILE_TIME == null
                ? Optional.of("GetSystemTimePreciseAsFileTime is not exported by kernel32 (it needs Windows 8 or later)")
                : Optional.empty();
    }

    @Override
    public void getSystemTimePreciseAsFileTime(Scratch fileTime) {
        try {
            FfmKernel32.GET_SYSTEM_TIME_PRECISE_AS_FILE_TIME.invokeExact(fileTime.address());
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetSystemTimePreciseAsFileTime", impossible);
        }
    }

    // kernel32: CPU times and cycles

    @Override
    public long getCurrentThread() {
        try {
            return (long) FfmKernel32.GET_CURRENT_THREAD.invokeExact();
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetCurrentThread", impossible);
        }
    }

    @Override
    public long getCurrentProcess() {
        try {
            return (long) FfmKernel32.GET_CURRENT_PROCESS.invokeExact();
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetCurrentProcess", impossible);
        }
    }

    @Override
    public boolean getThreadTimes(long thread, Scratch times) {
        long at = times.address();
        try {
            return (int) FfmKernel32.GET_THREAD_TIMES.invokeExact(
                    thread, at + TIMES_CREATION, at + TIMES_EXIT, at + TIMES_KERNEL, at + TIMES_USER) != 0
                    || retryTimes(FfmKernel32.GET_THREAD_TIMES_ERROR, thread, at);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetThreadTimes", impossible);
        }
    }

    @Override
    public boolean getProcessTimes(long process, Scratch times) {
        long at = times.address();
        try {
            return (int) FfmKernel32.GET_PROCESS_TIMES.invokeExact(
                    process, at + TIMES_CREATION, at + TIMES_EXIT, at + TIMES_KERNEL, at + TIMES_USER) != 0
                    || retryTimes(FfmKernel32.GET_PROCESS_TIMES_ERROR, process, at);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetProcessTimes", impossible);
        }
    }

    @Override
    public long openThread(int access, int threadId) {
        try (Arena arena = Arena.ofConfined()) {
            return (long) calledCapturing(FfmKernel32.OPEN_THREAD, arena, access, 0, threadId);
        }
    }

    @Override
    public boolean closeHandle(long handle) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(FfmKernel32.CLOSE_HANDLE, arena, handle) != 0;
        }
    }

    @Override
    public Optional<String> cycleTimeMissing() {
        return FfmKernel32.QUERY_THREAD_CYCLE_TIME == null || FfmKernel32.QUERY_PROCESS_CYCLE_TIME == null
                ? Optional.of("QueryThreadCycleTime/QueryProcessCycleTime are not exported by kernel32")
                : Optional.empty();
    }

    @Override
    public boolean queryThreadCycleTime(long thread, Scratch cycles) {
        long address = cycles.address();
        try {
            return (int) FfmKernel32.QUERY_THREAD_CYCLE_TIME.invokeExact(thread, address) != 0
                    || retry(FfmKernel32.QUERY_THREAD_CYCLE_TIME_ERROR, thread, address);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("QueryThreadCycleTime", impossible);
        }
    }

    @Override
    public boolean queryProcessCycleTime(long process, Scratch cycles) {
        long address = cycles.address();
        try {
            return (int) FfmKernel32.QUERY_PROCESS_CYCLE_TIME.invokeExact(process, address) != 0
                    || retry(FfmKernel32.QUERY_PROCESS_CYCLE_TIME_ERROR, process, address);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("QueryProcessCycleTime", impossible);
        }
    }

    @Override
    public long processorMegahertz() {
        return FfmKernel32.processorMegahertz();
    }

    // kernel32: affinity and priority, each capturing GetLastError

    @Override
    public long setThreadAffinityMask(long thread, long mask) {
        try (Arena arena = Arena.ofConfined()) {
            return (long) calledCapturing(FfmKernel32.SET_THREAD_AFFINITY_MASK, arena, thread, mask);
        }
    }

    @Override
    public boolean getProcessAffinityMask(long process, long[] processMask, long[] systemMask) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment masks = arena.allocate(JAVA_LONG, 2);
            if ((int) calledCapturing(FfmKernel32.GET_PROCESS_AFFINITY_MASK, arena,
                    process, masks.address(), masks.address() + Long.BYTES) == 0) {
                return false;
            }
            processMask[0] = masks.getAtIndex(JAVA_LONG, 0);
            systemMask[0] = masks.getAtIndex(JAVA_LONG, 1);
            return true;
        }
    }

    @Override
    public int getPriorityClass(long process) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(FfmKernel32.GET_PRIORITY_CLASS, arena, process);
        }
    }

    @Override
    public boolean setPriorityClass(long process, int priorityClass) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(FfmKernel32.SET_PRIORITY_CLASS, arena, process, priorityClass) != 0;
        }
    }

    @Override
    public int getThreadPriority(long thread) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(FfmKernel32.GET_THREAD_PRIORITY, arena, thread);
        }
    }

    @Override
    public boolean setThreadPriority(long thread, int priority) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(FfmKernel32.SET_THREAD_PRIORITY, arena, thread, priority) != 0;
        }
    }

    @Override
    public CounterInfo.Binding binding() {
        return CounterInfo.Binding.FFM;
    }

    // executable pages: CPU_CYCLES

    @Override
    public long virtualAlloc(long size, int protect) {
        try (Arena arena = Arena.ofConfined()) {
            return (long) calledCapturing(FfmKernel32.VIRTUAL_ALLOC, arena, 0L, size, MEM_COMMIT | MEM_RESERVE, protect);
        }
    }

    @Override
    public boolean virtualProtect(long address, long size, int newProtect) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment oldProtect = arena.allocate(JAVA_INT);
            return (int) calledCapturing(FfmKernel32.VIRTUAL_PROTECT, arena, address, size, newProtect, oldProtect.address()) != 0;
        }
    }

    @Override
    public boolean virtualFree(long address) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(FfmKernel32.VIRTUAL_FREE, arena, address, 0L, MEM_RELEASE) != 0;
        }
    }

    @Override
    public boolean flushInstructionCache(long process, long address, long size) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(FfmKernel32.FLUSH_INSTRUCTION_CACHE, arena, process, address, size) != 0;
        }
    }

    @Override
    public CodeBinder codeBinder() {
        return ForeignCode.binder();
    }

    // winmm

    @Override
    public Optional<String> winmmMissing() {
        return winmmMissing;
    }

    @Override
    public int timeGetTime() {
        try {
            return (int) FfmWinmm.TIME_GET_TIME.invokeExact();
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("timeGetTime", impossible);
        }
    }

    @Override
    public int timeBeginPeriod(int milliseconds) {
        return (int) invoke(FfmWinmm.TIME_BEGIN_PERIOD, milliseconds);
    }

    @Override
    public int timeEndPeriod(int milliseconds) {
        return (int) invoke(FfmWinmm.TIME_END_PERIOD, milliseconds);
    }

    @Override
    public int timeGetDevCaps(int[] caps) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment timeCaps = arena.allocate(JAVA_INT, 2);
            int result = (int) invoke(FfmWinmm.TIME_GET_DEV_CAPS, timeCaps.address(), 2 * Integer.BYTES);
            caps[0] = timeCaps.getAtIndex(JAVA_INT, 0);
            caps[1] = timeCaps.getAtIndex(JAVA_INT, 1);
            return result;
        }
    }

    // errors

    @Override
    public int lastError() {
        return FfmDowncalls.lastError();
    }

    @Override
    public String formatMessage(int errorCode) {
        return FfmKernel32.formatMessage(errorCode);
    }

    /** {@link FfmDowncalls#retry} for {@code GetThreadTimes}/{@code GetProcessTimes}, whose four {@code FILETIME}s start at {@code at}. */
    private static boolean retryTimes(MethodHandle capturing, long handle, long at) {
        return retry(capturing, handle, at + TIMES_CREATION, at + TIMES_EXIT, at + TIMES_KERNEL, at + TIMES_USER);
    }
}
