package dev.counters.windows.internal;

import static dev.counters.windows.internal.FfmDowncalls.capturing;
import static dev.counters.windows.internal.FfmDowncalls.critical;
import static dev.counters.windows.internal.FfmDowncalls.invoke;
import static dev.counters.windows.internal.FfmDowncalls.required;
import static dev.counters.windows.internal.WindowsCalls.CPU_KEY;
import static dev.counters.windows.internal.WindowsCalls.CPU_MHZ_CALL;
import static dev.counters.windows.internal.WindowsCalls.CPU_MHZ_VALUE;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.counters.CounterException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;

/**
 * The kernel32 and advapi32 downcall handles, linked when {@link FfmWindowsCalls#bind()} first touches this
 * class, after it checked that native access is enabled: linking is a restricted operation
 * that the JVM would otherwise warn about (JDK 22+) or refuse ({@code --illegal-native-access=deny}).
 * An optional export that is missing leaves its handles {@code null}.
 */
final class FfmKernel32 {
    private static final int FORMAT_MESSAGE_IGNORE_INSERTS = 0x200;
    private static final int FORMAT_MESSAGE_FROM_SYSTEM = 0x1000;
    /** UTF-16 units of room for a system message; the longest are a few hundred. */
    private static final int MESSAGE_CHARS = 2048;
    private static final long HKEY_LOCAL_MACHINE = 0x8000_0002L;
    private static final int RRF_RT_REG_DWORD = 0x10;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup KERNEL32 = SymbolLookup.libraryLookup("kernel32", Arena.global());
    private static final SymbolLookup ADVAPI32 = SymbolLookup.libraryLookup("advapi32", Arena.global());

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

    private FfmKernel32() {}

    /** Forces the class, and so every link, to initialise; throws the linking's error if it failed. */
    static void link() {}

    /** {@code FormatMessageW}'s text for a system error code, trimmed; empty where the system has none. */
    static String formatMessage(int errorCode) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(2L * MESSAGE_CHARS);
            int chars = (int) invoke(FORMAT_MESSAGE, FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                    0L, errorCode, 0, text.address(), MESSAGE_CHARS, 0L);
            return chars == 0 ? "" : new String(text.asSlice(0, 2L * chars).toArray(JAVA_BYTE),
                    StandardCharsets.UTF_16LE).trim();
        }
    }

    /** The registry's {@code ~MHz} of processor 0, through {@code RegGetValueW}; a failure throws with its message. */
    static long processorMegahertz() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(JAVA_INT);
            MemorySegment size = arena.allocate(JAVA_INT);
            size.set(JAVA_INT, 0, Integer.BYTES);
            // RegGetValueW returns its error (an LSTATUS) rather than setting GetLastError.
            int status = (int) invoke(REG_GET_VALUE, HKEY_LOCAL_MACHINE,
                    arena.allocateFrom(CPU_KEY, StandardCharsets.UTF_16LE).address(),
                    arena.allocateFrom(CPU_MHZ_VALUE, StandardCharsets.UTF_16LE).address(),
                    RRF_RT_REG_DWORD, 0L, value.address(), size.address());
            if (status != 0) {
                throw CounterException.nativeFailure(CPU_MHZ_CALL, status, formatMessage(status));
            }
            return Integer.toUnsignedLong(value.get(JAVA_INT, 0));
        }
    }

    private static MethodHandle optional(String name, FunctionDescriptor signature, boolean capturing) {
        return KERNEL32.find(name)
                .map(symbol -> capturing ? capturing(symbol, signature) : critical(symbol, signature))
                .orElse(null);
    }
}
