package dev.counters.windows.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.nativeaccess.CodeBinder;
import dev.counters.nativeaccess.ForeignCode;
import dev.counters.nativeaccess.ForeignLayers;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.nativeaccess.Scratch;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * The real {@link WindowsCalls} layer through Foreign Function &amp; Memory downcalls (JDK 22+),
 * which cost a few nanoseconds over C where JNA's direct mapping costs far more (docs/PERFORMANCE.md
 * has the figures). Compiled for release 22 from {@code src/main/java22} into the jar's
 * {@code META-INF/versions/22}, where it replaces the JNA-only stand-in of the same name; chosen by
 * {@link dev.counters.nativeaccess.LayerChoice} on a JVM of 22 or later, and {@link JnaWindowsCalls}
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
    /** {@code GetLastError()} after this thread's last failed read or last other call; touched only then. */
    private static final ThreadLocal<int[]> LAST_ERROR = ThreadLocal.withInitial(() -> new int[1]);
    private static final int FORMAT_MESSAGE_IGNORE_INSERTS = 0x200;
    private static final int FORMAT_MESSAGE_FROM_SYSTEM = 0x1000;
    /** UTF-16 units of room for a system message; the longest are a few hundred. */
    private static final int MESSAGE_CHARS = 2048;
    private static final long HKEY_LOCAL_MACHINE = 0x8000_0002L;
    private static final int RRF_RT_REG_DWORD = 0x10;

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
        Kernel32.link();
        Optional<String> winmmMissing;
        try {
            Winmm.link();
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
            return (long) Kernel32.GET_TICK_COUNT_64.invokeExact();
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetTickCount64", impossible);
        }
    }

    @Override
    public boolean queryPerformanceCounter(Scratch count) {
        long address = count.address();
        try {
            return (int) Kernel32.QUERY_PERFORMANCE_COUNTER.invokeExact(address) != 0
                    || retry(Kernel32.QUERY_PERFORMANCE_COUNTER_ERROR, address);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("QueryPerformanceCounter", impossible);
        }
    }

    @Override
    public boolean queryPerformanceFrequency(long[] frequency) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment result = arena.allocate(JAVA_LONG);
            boolean succeeded = (int) calledCapturing(Kernel32.QUERY_PERFORMANCE_FREQUENCY_ERROR, arena, result.address()) != 0;
            frequency[0] = result.get(JAVA_LONG, 0);
            return succeeded;
        }
    }

    @Override
    public void getSystemTimeAsFileTime(Scratch fileTime) {
        try {
            Kernel32.GET_SYSTEM_TIME_AS_FILE_TIME.invokeExact(fileTime.address());
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetSystemTimeAsFileTime", impossible);
        }
    }

    @Override
    public Optional<String> preciseSystemTimeMissing() {
        return Kernel32.GET_SYSTEM_TIME_PRECISE_AS_FILE_TIME == null
                ? Optional.of("GetSystemTimePreciseAsFileTime is not exported by kernel32 (it needs Windows 8 or later)")
                : Optional.empty();
    }

    @Override
    public void getSystemTimePreciseAsFileTime(Scratch fileTime) {
        try {
            Kernel32.GET_SYSTEM_TIME_PRECISE_AS_FILE_TIME.invokeExact(fileTime.address());
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetSystemTimePreciseAsFileTime", impossible);
        }
    }

    // kernel32: CPU times and cycles

    @Override
    public long getCurrentThread() {
        try {
            return (long) Kernel32.GET_CURRENT_THREAD.invokeExact();
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetCurrentThread", impossible);
        }
    }

    @Override
    public long getCurrentProcess() {
        try {
            return (long) Kernel32.GET_CURRENT_PROCESS.invokeExact();
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetCurrentProcess", impossible);
        }
    }

    @Override
    public boolean getThreadTimes(long thread, Scratch times) {
        long at = times.address();
        try {
            return (int) Kernel32.GET_THREAD_TIMES.invokeExact(
                    thread, at + TIMES_CREATION, at + TIMES_EXIT, at + TIMES_KERNEL, at + TIMES_USER) != 0
                    || retryTimes(Kernel32.GET_THREAD_TIMES_ERROR, thread, at);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetThreadTimes", impossible);
        }
    }

    @Override
    public boolean getProcessTimes(long process, Scratch times) {
        long at = times.address();
        try {
            return (int) Kernel32.GET_PROCESS_TIMES.invokeExact(
                    process, at + TIMES_CREATION, at + TIMES_EXIT, at + TIMES_KERNEL, at + TIMES_USER) != 0
                    || retryTimes(Kernel32.GET_PROCESS_TIMES_ERROR, process, at);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("GetProcessTimes", impossible);
        }
    }

    @Override
    public long openThread(int access, int threadId) {
        try (Arena arena = Arena.ofConfined()) {
            return (long) calledCapturing(Kernel32.OPEN_THREAD, arena, access, 0, threadId);
        }
    }

    @Override
    public boolean closeHandle(long handle) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(Kernel32.CLOSE_HANDLE, arena, handle) != 0;
        }
    }

    @Override
    public Optional<String> cycleTimeMissing() {
        return Kernel32.QUERY_THREAD_CYCLE_TIME == null || Kernel32.QUERY_PROCESS_CYCLE_TIME == null
                ? Optional.of("QueryThreadCycleTime/QueryProcessCycleTime are not exported by kernel32")
                : Optional.empty();
    }

    @Override
    public boolean queryThreadCycleTime(long thread, Scratch cycles) {
        long address = cycles.address();
        try {
            return (int) Kernel32.QUERY_THREAD_CYCLE_TIME.invokeExact(thread, address) != 0
                    || retry(Kernel32.QUERY_THREAD_CYCLE_TIME_ERROR, thread, address);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("QueryThreadCycleTime", impossible);
        }
    }

    @Override
    public boolean queryProcessCycleTime(long process, Scratch cycles) {
        long address = cycles.address();
        try {
            return (int) Kernel32.QUERY_PROCESS_CYCLE_TIME.invokeExact(process, address) != 0
                    || retry(Kernel32.QUERY_PROCESS_CYCLE_TIME_ERROR, process, address);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("QueryProcessCycleTime", impossible);
        }
    }

    @Override
    public long processorMegahertz() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(JAVA_INT);
            MemorySegment size = arena.allocate(JAVA_INT);
            size.set(JAVA_INT, 0, Integer.BYTES);
            // RegGetValueW returns its error (an LSTATUS) rather than setting GetLastError.
            int status = (int) invoke(Kernel32.REG_GET_VALUE, HKEY_LOCAL_MACHINE,
                    arena.allocateFrom(CPU_KEY, StandardCharsets.UTF_16LE).address(),
                    arena.allocateFrom(CPU_MHZ_VALUE, StandardCharsets.UTF_16LE).address(),
                    RRF_RT_REG_DWORD, 0L, value.address(), size.address());
            if (status != 0) {
                throw CounterException.nativeFailure(CPU_MHZ_CALL, status, formatMessage(status));
            }
            return Integer.toUnsignedLong(value.get(JAVA_INT, 0));
        }
    }

    // kernel32: affinity and priority, each capturing GetLastError

    @Override
    public long setThreadAffinityMask(long thread, long mask) {
        try (Arena arena = Arena.ofConfined()) {
            return (long) calledCapturing(Kernel32.SET_THREAD_AFFINITY_MASK, arena, thread, mask);
        }
    }

    @Override
    public boolean getProcessAffinityMask(long process, long[] processMask, long[] systemMask) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment masks = arena.allocate(JAVA_LONG, 2);
            if ((int) calledCapturing(Kernel32.GET_PROCESS_AFFINITY_MASK, arena,
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
            return (int) calledCapturing(Kernel32.GET_PRIORITY_CLASS, arena, process);
        }
    }

    @Override
    public boolean setPriorityClass(long process, int priorityClass) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(Kernel32.SET_PRIORITY_CLASS, arena, process, priorityClass) != 0;
        }
    }

    @Override
    public int getThreadPriority(long thread) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(Kernel32.GET_THREAD_PRIORITY, arena, thread);
        }
    }

    @Override
    public boolean setThreadPriority(long thread, int priority) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(Kernel32.SET_THREAD_PRIORITY, arena, thread, priority) != 0;
        }
    }

    @Override
    public dev.counters.CounterInfo.Binding binding() {
        return dev.counters.CounterInfo.Binding.FFM;
    }

    // executable pages: CPU_CYCLES

    @Override
    public long virtualAlloc(long size, int protect) {
        try (Arena arena = Arena.ofConfined()) {
            return (long) calledCapturing(Kernel32.VIRTUAL_ALLOC, arena, 0L, size, MEM_COMMIT | MEM_RESERVE, protect);
        }
    }

    @Override
    public boolean virtualProtect(long address, long size, int newProtect) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment oldProtect = arena.allocate(JAVA_INT);
            return (int) calledCapturing(Kernel32.VIRTUAL_PROTECT, arena, address, size, newProtect, oldProtect.address()) != 0;
        }
    }

    @Override
    public boolean virtualFree(long address) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(Kernel32.VIRTUAL_FREE, arena, address, 0L, MEM_RELEASE) != 0;
        }
    }

    @Override
    public boolean flushInstructionCache(long process, long address, long size) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) calledCapturing(Kernel32.FLUSH_INSTRUCTION_CACHE, arena, process, address, size) != 0;
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
            return (int) Winmm.TIME_GET_TIME.invokeExact();
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("timeGetTime", impossible);
        }
    }

    @Override
    public int timeBeginPeriod(int milliseconds) {
        return (int) invoke(Winmm.TIME_BEGIN_PERIOD, milliseconds);
    }

    @Override
    public int timeEndPeriod(int milliseconds) {
        return (int) invoke(Winmm.TIME_END_PERIOD, milliseconds);
    }

    @Override
    public int timeGetDevCaps(int[] caps) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment timeCaps = arena.allocate(JAVA_INT, 2);
            int result = (int) invoke(Winmm.TIME_GET_DEV_CAPS, timeCaps.address(), 2 * Integer.BYTES);
            caps[0] = timeCaps.getAtIndex(JAVA_INT, 0);
            caps[1] = timeCaps.getAtIndex(JAVA_INT, 1);
            return result;
        }
    }

    // errors

    @Override
    public int lastError() {
        return LAST_ERROR.get()[0];
    }

    @Override
    public String formatMessage(int errorCode) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(2L * MESSAGE_CHARS);
            int chars = (int) invoke(Kernel32.FORMAT_MESSAGE, FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                    0L, errorCode, 0, text.address(), MESSAGE_CHARS, 0L);
            return chars == 0 ? "" : new String(text.asSlice(0, 2L * chars).toArray(JAVA_BYTE),
                    StandardCharsets.UTF_16LE).trim();
        }
    }

    /** A read failed: repeats it through {@code capturing}, remembering {@code GetLastError} if it fails again. */
    private static boolean retry(MethodHandle capturing, long... arguments) {
        try (Arena arena = Arena.ofConfined()) {
            Object[] withHandle = Arrays.stream(arguments).boxed().toArray();
            return (int) calledCapturing(capturing, arena, withHandle) != 0;
        }
    }

    /** {@link #retry} for {@code GetThreadTimes}/{@code GetProcessTimes}, whose four {@code FILETIME}s start at {@code at}. */
    private static boolean retryTimes(MethodHandle capturing, long handle, long at) {
        return retry(capturing, handle, at + TIMES_CREATION, at + TIMES_EXIT, at + TIMES_KERNEL, at + TIMES_USER);
    }

    /** Calls {@code capturing} with a fresh capture state from {@code arena}, then remembers {@code GetLastError}. */
    private static Object calledCapturing(MethodHandle capturing, Arena arena, Object... arguments) {
        MemorySegment state = arena.allocate(Kernel32.CALL_STATE);
        Object[] all = new Object[arguments.length + 1];
        all[0] = state;
        System.arraycopy(arguments, 0, all, 1, arguments.length);
        Object result = invoke(capturing, all);
        LAST_ERROR.get()[0] = (int) Kernel32.GET_LAST_ERROR.get(state, 0L);
        return result;
    }

    /** A call off the hot path, its arguments boxed. */
    private static Object invoke(MethodHandle handle, Object... arguments) {
        try {
            return handle.invokeWithArguments(arguments);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew(handle.toString(), impossible);
        }
    }

    /**
     * The kernel32 and advapi32 downcall handles, linked when {@link #bind()} first touches this
     * class, after it checked that native access is enabled: linking is a restricted operation
     * that the JVM would otherwise warn about (JDK 22+) or refuse ({@code --illegal-native-access=deny}).
     * An optional export that is missing leaves its handles {@code null}.
     */
    private static final class Kernel32 {
        private static final Linker LINKER = Linker.nativeLinker();
        private static final SymbolLookup KERNEL32 = SymbolLookup.libraryLookup("kernel32", Arena.global());
        private static final SymbolLookup ADVAPI32 = SymbolLookup.libraryLookup("advapi32", Arena.global());
        static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
        static final VarHandle GET_LAST_ERROR = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("GetLastError"));

        private static final FunctionDescriptor LONG = FunctionDescriptor.of(JAVA_LONG);
        private static final FunctionDescriptor INT_OF_LONG = FunctionDescriptor.of(JAVA_INT, JAVA_LONG);
        private static final FunctionDescriptor BOOL_OF_HANDLE_AND_ADDRESS = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG);
        private static final FunctionDescriptor VOID_OF_ADDRESS = FunctionDescriptor.ofVoid(JAVA_LONG);
        private static final FunctionDescriptor TIMES = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);

        static final MethodHandle GET_TICK_COUNT_64 = critical(required(KERNEL32, "GetTickCount64"), LONG);
        static final MethodHandle QUERY_PERFORMANCE_COUNTER = critical(required(KERNEL32, "QueryPerformanceCounter"), INT_OF_LONG);
        static final MethodHandle QUERY_PERFORMANCE_COUNTER_ERROR = capturing(required(KERNEL32, "QueryPerformanceCounter"), INT_OF_LONG);
        static final MethodHandle QUERY_PERFORMANCE_FREQUENCY_ERROR = capturing(required(KERNEL32, "QueryPerformanceFrequency"), INT_OF_LONG);
        static final MethodHandle GET_SYSTEM_TIME_AS_FILE_TIME = critical(required(KERNEL32, "GetSystemTimeAsFileTime"), VOID_OF_ADDRESS);
        static final MethodHandle GET_SYSTEM_TIME_PRECISE_AS_FILE_TIME = optional("GetSystemTimePreciseAsFileTime", VOID_OF_ADDRESS, false);
        static final MethodHandle GET_CURRENT_THREAD = critical(required(KERNEL32, "GetCurrentThread"), LONG);
        static final MethodHandle GET_CURRENT_PROCESS = critical(required(KERNEL32, "GetCurrentProcess"), LONG);
        static final MethodHandle GET_THREAD_TIMES = critical(required(KERNEL32, "GetThreadTimes"), TIMES);
        static final MethodHandle GET_THREAD_TIMES_ERROR = capturing(required(KERNEL32, "GetThreadTimes"), TIMES);
        static final MethodHandle GET_PROCESS_TIMES = critical(required(KERNEL32, "GetProcessTimes"), TIMES);
        static final MethodHandle GET_PROCESS_TIMES_ERROR = capturing(required(KERNEL32, "GetProcessTimes"), TIMES);
        static final MethodHandle QUERY_THREAD_CYCLE_TIME = optional("QueryThreadCycleTime", BOOL_OF_HANDLE_AND_ADDRESS, false);
        static final MethodHandle QUERY_THREAD_CYCLE_TIME_ERROR = optional("QueryThreadCycleTime", BOOL_OF_HANDLE_AND_ADDRESS, true);
        static final MethodHandle QUERY_PROCESS_CYCLE_TIME = optional("QueryProcessCycleTime", BOOL_OF_HANDLE_AND_ADDRESS, false);
        static final MethodHandle QUERY_PROCESS_CYCLE_TIME_ERROR = optional("QueryProcessCycleTime", BOOL_OF_HANDLE_AND_ADDRESS, true);

        static final MethodHandle SET_THREAD_AFFINITY_MASK = capturing(required(KERNEL32, "SetThreadAffinityMask"),
                FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG));
        static final MethodHandle GET_PROCESS_AFFINITY_MASK = capturing(required(KERNEL32, "GetProcessAffinityMask"),
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));
        static final MethodHandle OPEN_THREAD = capturing(required(KERNEL32, "OpenThread"),
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT));
        static final MethodHandle CLOSE_HANDLE = capturing(required(KERNEL32, "CloseHandle"), INT_OF_LONG);
        static final MethodHandle GET_PRIORITY_CLASS = capturing(required(KERNEL32, "GetPriorityClass"), INT_OF_LONG);
        static final MethodHandle SET_PRIORITY_CLASS = capturing(required(KERNEL32, "SetPriorityClass"),
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT));
        static final MethodHandle GET_THREAD_PRIORITY = capturing(required(KERNEL32, "GetThreadPriority"), INT_OF_LONG);
        static final MethodHandle SET_THREAD_PRIORITY = capturing(required(KERNEL32, "SetThreadPriority"),
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT));
        static final MethodHandle VIRTUAL_ALLOC = capturing(required(KERNEL32, "VirtualAlloc"),
                FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT));
        static final MethodHandle VIRTUAL_PROTECT = capturing(required(KERNEL32, "VirtualProtect"),
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG));
        static final MethodHandle VIRTUAL_FREE = capturing(required(KERNEL32, "VirtualFree"),
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));
        static final MethodHandle FLUSH_INSTRUCTION_CACHE = capturing(required(KERNEL32, "FlushInstructionCache"),
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));
        static final MethodHandle FORMAT_MESSAGE = LINKER.downcallHandle(required(KERNEL32, "FormatMessageW"),
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG));
        static final MethodHandle REG_GET_VALUE = LINKER.downcallHandle(required(ADVAPI32, "RegGetValueW"),
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));

        private Kernel32() {}

        /** Forces the class, and so every link, to initialise; throws the linking's error if it failed. */
        static void link() {}

        private static MethodHandle optional(String name, FunctionDescriptor signature, boolean capturing) {
            return KERNEL32.find(name)
                    .map(symbol -> capturing ? capturing(symbol, signature) : critical(symbol, signature))
                    .orElse(null);
        }
    }

    /** winmm's timer functions, linked apart from kernel32 so that a missing winmm costs only MULTIMEDIA and the timer period. */
    private static final class Winmm {
        private static final SymbolLookup WINMM = SymbolLookup.libraryLookup("winmm", Arena.global());

        static final MethodHandle TIME_GET_TIME = critical(required(WINMM, "timeGetTime"), FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle TIME_BEGIN_PERIOD = plain(required(WINMM, "timeBeginPeriod"), FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        static final MethodHandle TIME_END_PERIOD = plain(required(WINMM, "timeEndPeriod"), FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        static final MethodHandle TIME_GET_DEV_CAPS = plain(required(WINMM, "timeGetDevCaps"),
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT));

        private Winmm() {}

        static void link() {}
    }

    private static MethodHandle critical(MemorySegment symbol, FunctionDescriptor signature) {
        return Linker.nativeLinker().downcallHandle(symbol, signature, Linker.Option.critical(false));
    }

    private static MethodHandle capturing(MemorySegment symbol, FunctionDescriptor signature) {
        return Linker.nativeLinker().downcallHandle(symbol, signature, Linker.Option.captureCallState("GetLastError"));
    }

    private static MethodHandle plain(MemorySegment symbol, FunctionDescriptor signature) {
        return Linker.nativeLinker().downcallHandle(symbol, signature);
    }

    private static MemorySegment required(SymbolLookup library, String name) {
        return library.find(name).orElseThrow(() -> new UnsatisfiedLinkError("no export " + name + " for an FFM downcall"));
    }
}
