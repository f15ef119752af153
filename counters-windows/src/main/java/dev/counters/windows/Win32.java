package dev.counters.windows;

import java.util.Optional;

/**
 * The Win32 calls this module makes, one method per call, with Win32's own argument shapes:
 * handles and {@code DWORD_PTR} masks as {@code long}, out-parameters ({@code LARGE_INTEGER},
 * {@code FILETIME}, {@code ULONG64}) as one-element {@code long[]} arrays, {@code BOOL} results
 * as {@code boolean}. Nothing here interprets a result: that is the logic's job, and keeping the
 * two apart lets the logic be tested on any OS against a fake of this interface.
 *
 * <p>{@link NativeWin32} is the real layer; optional exports say whether they are present
 * through the {@code ...Missing()} methods before they may be called.
 */
interface Win32 {
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

    // kernel32: clocks

    long getTickCount64();

    boolean queryPerformanceCounter(long[] count);

    boolean queryPerformanceFrequency(long[] frequency);

    void getSystemTimeAsFileTime(long[] fileTime);

    /** Why {@code GetSystemTimePreciseAsFileTime} (Windows 8+) cannot be called here, or empty when it can. */
    Optional<String> preciseSystemTimeMissing();

    void getSystemTimePreciseAsFileTime(long[] fileTime);

    // kernel32: CPU times and cycles

    /** The pseudo-handle that means "the calling thread" wherever it is used. */
    long getCurrentThread();

    /** The pseudo-handle that means "this process". */
    long getCurrentProcess();

    boolean getThreadTimes(long thread, long[] creation, long[] exit, long[] kernel, long[] user);

    boolean getProcessTimes(long process, long[] creation, long[] exit, long[] kernel, long[] user);

    /** Why {@code QueryThreadCycleTime}/{@code QueryProcessCycleTime} cannot be called here, or empty when they can. */
    Optional<String> cycleTimeMissing();

    boolean queryThreadCycleTime(long thread, long[] cycles);

    boolean queryProcessCycleTime(long process, long[] cycles);

    /** The processor's nominal clock in MHz, as Windows records it at boot ({@code ~MHz} in the registry). */
    long processorMegahertz();

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
}
