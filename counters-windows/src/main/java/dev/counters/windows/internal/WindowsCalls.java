package dev.counters.windows.internal;

import dev.counters.CounterInfo;
import dev.counters.nativeaccess.CodeBinder;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.nativeaccess.Scratch;
import java.util.Optional;

/**
 * The Win32 calls this module makes, one method per call, with Win32's own argument shapes:
 * handles and {@code DWORD_PTR} masks as {@code long}, {@code BOOL} results as {@code boolean}.
 * The out-parameters of calls on a counter's hot path ({@code LARGE_INTEGER}, {@code FILETIME},
 * {@code ULONG64}) are written into a {@link Scratch} from {@link #allocate}, at offset 0 or at
 * the offsets below, exactly as Windows lays them out; those of calls made once are one-element
 * arrays. Nothing here interprets a result: that is the logic's job, and keeping the two apart
 * lets the logic be tested on any OS against a fake of this interface.
 *
 * <p>The real layers are {@code FfmWindowsCalls} (FFM downcalls, JDK 22+) and {@link JnaWindowsCalls} (JNA),
 * chosen by {@link dev.counters.nativeaccess.LayerChoice}; optional exports say whether they are present through the
 * {@code ...Missing()} methods before they may be called.
 */
public interface WindowsCalls {
    /** {@code HIGH_PRIORITY_CLASS}: above every normal process, below real-time. */
    int HIGH_PRIORITY_CLASS = 0x80;
    /** {@code REALTIME_PRIORITY_CLASS}: the only class above {@link #HIGH_PRIORITY_CLASS}. */
    int REALTIME_PRIORITY_CLASS = 0x100;
    /** {@code THREAD_PRIORITY_HIGHEST}: two steps above normal within the priority class. */
    int THREAD_PRIORITY_HIGHEST = 2;
    /** What {@code GetThreadPriority} returns when it fails. */
    int THREAD_PRIORITY_ERROR_RETURN = 0x7FFF_FFFF;
    /** {@code ERROR_ACCESS_DENIED}: the caller lacks the right to make the change. */
    int ERROR_ACCESS_DENIED = 5;
    /** {@code TIMERR_NOERROR}: a winmm timer call succeeded. */
    int TIMERR_NOERROR = 0;

    /**
     * A {@code FILETIME}: {@code dwLowDateTime} then {@code dwHighDateTime}, which together read as
     * one 64-bit count in the (little-endian) byte order of every Windows machine.
     */
    int FILETIME_BYTES = 8;
    /** Where {@link #getThreadTimes}/{@link #getProcessTimes} write the creation time in their scratch. */
    int TIMES_CREATION = 0;
    /** Where they write the exit time (undefined while the thread or process runs). */
    int TIMES_EXIT = FILETIME_BYTES;
    /** Where they write the kernel time. */
    int TIMES_KERNEL = 2 * FILETIME_BYTES;
    /** Where they write the user time. */
    int TIMES_USER = 3 * FILETIME_BYTES;
    /** The scratch {@link #getThreadTimes}/{@link #getProcessTimes} need: four {@code FILETIME}s. */
    int TIMES_BYTES = 4 * FILETIME_BYTES;

    /** The registry key of the first processor, whose {@code ~MHz} value is its nominal clock. */
    String CPU_KEY = "HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0";
    /** The registry value of {@link #CPU_KEY} that holds the clock in MHz, a {@code REG_DWORD}. */
    String CPU_MHZ_VALUE = "~MHz";
    /** How a failure to read {@link #processorMegahertz()} names the call. */
    String CPU_MHZ_CALL = "RegQueryValueEx(HKLM\\" + CPU_KEY + "\\" + CPU_MHZ_VALUE + ")";

    /** Memory for {@code bytes} bytes of out-parameters, owned by the caller: native here, on the heap in a fake. */
    Scratch allocate(int bytes);

    // kernel32: clocks

    long getTickCount64();

    /** Writes the {@code LARGE_INTEGER} count at offset 0 of {@code count}. */
    boolean queryPerformanceCounter(Scratch count);

    boolean queryPerformanceFrequency(long[] frequency);

    /** Writes the {@code FILETIME} at offset 0 of {@code fileTime}. */
    void getSystemTimeAsFileTime(Scratch fileTime);

    /** Why {@code GetSystemTimePreciseAsFileTime} (Windows 8+) cannot be called here, or empty when it can. */
    Optional<String> preciseSystemTimeMissing();

    /** Writes the {@code FILETIME} at offset 0 of {@code fileTime}. */
    void getSystemTimePreciseAsFileTime(Scratch fileTime);

    // kernel32: CPU times and cycles

    /** The pseudo-handle that means "the calling thread" wherever it is used. */
    long getCurrentThread();

    /** The pseudo-handle that means "this process". */
    long getCurrentProcess();

    /** Writes four {@code FILETIME}s into {@code times}, at {@link #TIMES_CREATION} ... {@link #TIMES_USER}. */
    boolean getThreadTimes(long thread, Scratch times);

    /** Writes four {@code FILETIME}s into {@code times}, at {@link #TIMES_CREATION} ... {@link #TIMES_USER}. */
    boolean getProcessTimes(long process, Scratch times);

    /** {@code THREAD_QUERY_LIMITED_INFORMATION}: the access right {@code GetThreadTimes} needs (Vista and later). */
    int THREAD_QUERY_LIMITED_INFORMATION = 0x0800;

    /** {@code OpenThread(access, FALSE, threadId)}: a handle to close with {@link #closeHandle}, or 0 on failure. */
    long openThread(int access, int threadId);

    /** {@code CloseHandle(handle)}. */
    boolean closeHandle(long handle);

    /** Why {@code QueryThreadCycleTime}/{@code QueryProcessCycleTime} cannot be called here, or empty when they can. */
    Optional<String> cycleTimeMissing();

    /** Writes the {@code ULONG64} cycle count at offset 0 of {@code cycles}. */
    boolean queryThreadCycleTime(long thread, Scratch cycles);

    /** Writes the {@code ULONG64} cycle count at offset 0 of {@code cycles}. */
    boolean queryProcessCycleTime(long process, Scratch cycles);

    /** The processor's nominal clock in MHz, as Windows records it at boot ({@code ~MHz} in the registry). */
    long processorMegahertz();

    // kernel32: an executable page for the cycle counter's code (CPU_CYCLES)

    /** {@code PAGE_READWRITE}. */
    int PAGE_READWRITE = 0x04;
    /** {@code PAGE_EXECUTE_READ}. */
    int PAGE_EXECUTE_READ = 0x20;

    /** {@code VirtualAlloc(NULL, size, MEM_COMMIT | MEM_RESERVE, protect)}: the address, or 0 on failure. */
    /** {@code VirtualAlloc}'s allocation type: reserve and commit at once. */
    int MEM_COMMIT = 0x1000;
    /** See {@link #MEM_COMMIT}. */
    int MEM_RESERVE = 0x2000;
    /** {@code VirtualFree}'s free type for a whole reservation. */
    int MEM_RELEASE = 0x8000;

    long virtualAlloc(long size, int protect);

    /** {@code VirtualProtect(address, size, newProtect, &old)}. */
    boolean virtualProtect(long address, long size, int newProtect);

    /** {@code VirtualFree(address, 0, MEM_RELEASE)}. */
    boolean virtualFree(long address);

    /** {@code FlushInstructionCache(process, address, size)}. */
    boolean flushInstructionCache(long process, long address, long size);

    /** What copies, binds and calls code in those pages. */
    CodeBinder codeBinder();

    // kernel32: affinity and priority

    /** Returns the previous mask, or 0 on failure. */
    long setThreadAffinityMask(long thread, long mask);

    boolean getProcessAffinityMask(long process, long[] processMask, long[] systemMask);

    /** Returns 0 on failure. */
    int getPriorityClass(long process);

    boolean setPriorityClass(long process, int priorityClass);

    /** Returns {@link #THREAD_PRIORITY_ERROR_RETURN} on failure. */
    int getThreadPriority(long thread);

    boolean setThreadPriority(long thread, int priority);

    // winmm

    /** Why winmm's timer functions cannot be called here, or empty when they can. */
    Optional<String> winmmMissing();

    /** Milliseconds since the system started, as an unsigned 32-bit value that wraps every 49.7 days. */
    int timeGetTime();

    /** Returns an {@code MMRESULT}: {@link #TIMERR_NOERROR} or {@code TIMERR_NOCANDO}. */
    int timeBeginPeriod(int milliseconds);

    /** Returns an {@code MMRESULT}: {@link #TIMERR_NOERROR} or {@code TIMERR_NOCANDO}. */
    int timeEndPeriod(int milliseconds);

    /** Fills {@code TIMECAPS}: {@code caps[0]} the finest, {@code caps[1]} the coarsest period in ms; returns an {@code MMRESULT}. */
    int timeGetDevCaps(int[] caps);

    // errors

    /** {@code GetLastError()} as it stood right after this thread's previous call through this layer. */
    int lastError();

    /** {@code FormatMessage}'s system text for {@code errorCode}, or empty if the system has none. */
    String formatMessage(int errorCode);

    /** How these calls reach Windows: {@link dev.counters.CounterInfo.Binding#JNA} unless an FFM layer says otherwise. */
    default dev.counters.CounterInfo.Binding binding() {
        return dev.counters.CounterInfo.Binding.JNA;
    }
}
