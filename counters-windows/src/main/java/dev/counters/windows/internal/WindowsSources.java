package dev.counters.windows.internal;

import dev.counters.CounterException;
import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.LazyFrequency;
import dev.counters.internal.TickSource;
import dev.counters.nativeaccess.Scratch;

/**
 * How each Win32 clock is read: one {@link TickSource} or {@link CpuTimesSource} per counter,
 * each making exactly one native call per read into a {@link Scratch} it allocated up front, and
 * throwing {@link CounterException} with the {@code GetLastError} code and text when that call
 * fails. Also the two frequencies that must be looked up, each at most once per layer (and the
 * system layer exists once per process).
 */
final class WindowsSources {
    static final String GET_TICK_COUNT_64 = "GetTickCount64";
    static final String TIME_GET_TIME = "timeGetTime";
    static final String PRECISE_SYSTEM_TIME = "GetSystemTimePreciseAsFileTime";
    static final String SYSTEM_TIME = "GetSystemTimeAsFileTime";
    static final String QUERY_PERFORMANCE_COUNTER = "QueryPerformanceCounter";
    static final String QUERY_PERFORMANCE_FREQUENCY = "QueryPerformanceFrequency";
    static final String QUERY_THREAD_CYCLE_TIME = "QueryThreadCycleTime";
    static final String QUERY_PROCESS_CYCLE_TIME = "QueryProcessCycleTime";

    /** {@code FILETIME} counts 100-nanosecond intervals. */
    static final LazyFrequency FILETIME_UNITS = LazyFrequency.fixed(10_000_000L);
    static final LazyFrequency MILLISECONDS = LazyFrequency.fixed(1_000L);
    private static final long HERTZ_PER_MEGAHERTZ = 1_000_000L;

    private final WindowsCalls api;
    private final long process;
    private final LazyFrequency performanceFrequency;
    private final LazyFrequency cycleFrequency;

    WindowsSources(WindowsCalls api) {
        this.api = api;
        this.process = api.getCurrentProcess();
        this.performanceFrequency = LazyFrequency.of(QUERY_PERFORMANCE_FREQUENCY, this::queryPerformanceFrequency);
        this.cycleFrequency = LazyFrequency.of("the processor's nominal clock (registry ~MHz)",
                () -> Math.multiplyExact(api.processorMegahertz(), HERTZ_PER_MEGAHERTZ));
    }

    WindowsCalls api() {
        return api;
    }

    /** {@code GetTickCount64}: milliseconds since boot. It cannot fail. */
    TickSource tickCount() {
        return api::getTickCount64;
    }

    /** {@code timeGetTime}, extended to 64 bits. */
    TickSource multimediaTime() {
        return new MultimediaTicks(api);
    }

    /** Whether {@link #systemTime()} reads {@code GetSystemTimePreciseAsFileTime}. */
    boolean hasPreciseSystemTime() {
        return api.preciseSystemTimeMissing().isEmpty();
    }

    /** The time of day as a {@code FILETIME}: the precise export where present, else the tick-granular one. */
    TickSource systemTime() {
        return hasPreciseSystemTime() ? preciseSystemTime() : plainSystemTime();
    }

    /** {@code GetSystemTimePreciseAsFileTime}; only when {@link #hasPreciseSystemTime()}. */
    TickSource preciseSystemTime() {
        Scratch fileTime = api.allocate(WindowsCalls.FILETIME_BYTES);
        return () -> {
            api.getSystemTimePreciseAsFileTime(fileTime);
            return fileTime.longAt(0);
        };
    }

    /** {@code GetSystemTimeAsFileTime}. */
    TickSource plainSystemTime() {
        Scratch fileTime = api.allocate(WindowsCalls.FILETIME_BYTES);
        return () -> {
            api.getSystemTimeAsFileTime(fileTime);
            return fileTime.longAt(0);
        };
    }

    /** {@code QueryPerformanceCounter}. */
    TickSource performanceCounter() {
        Scratch count = api.allocate(Long.BYTES);
        return () -> {
            if (!api.queryPerformanceCounter(count)) {
                throw WindowsErrors.lastError(api, QUERY_PERFORMANCE_COUNTER);
            }
            return count.longAt(0);
        };
    }

    /** {@code QueryPerformanceFrequency}, looked up when first needed and then remembered, failure included. */
    LazyFrequency performanceFrequency() {
        return performanceFrequency;
    }

    private long queryPerformanceFrequency() {
        long[] frequency = new long[1];
        if (!api.queryPerformanceFrequency(frequency)) {
            throw WindowsErrors.lastError(api, QUERY_PERFORMANCE_FREQUENCY);
        }
        return frequency[0];
    }

    /** {@code GetThreadTimes} of the calling thread. */
    CpuTimesSource threadTimes() {
        return FileTimesSource.ofCurrentThread(api);
    }

    /** {@code GetProcessTimes} of this process. */
    CpuTimesSource processTimes() {
        return FileTimesSource.ofProcess(api, process);
    }

    /** {@code QueryThreadCycleTime} of the calling thread; only when {@code cycleTimeMissing()} is empty. */
    TickSource threadCycles() {
        long thread = api.getCurrentThread();
        Scratch cycles = api.allocate(Long.BYTES);
        return () -> {
            if (!api.queryThreadCycleTime(thread, cycles)) {
                throw WindowsErrors.lastError(api, QUERY_THREAD_CYCLE_TIME);
            }
            return cycles.longAt(0);
        };
    }

    /** {@code QueryProcessCycleTime} of this process; only when {@code cycleTimeMissing()} is empty. */
    TickSource processCycles() {
        Scratch cycles = api.allocate(Long.BYTES);
        return () -> {
            if (!api.queryProcessCycleTime(process, cycles)) {
                throw WindowsErrors.lastError(api, QUERY_PROCESS_CYCLE_TIME);
            }
            return cycles.longAt(0);
        };
    }

    /** Cycles per second for the cycle kinds: the processor's nominal clock. */
    LazyFrequency cycleFrequency() {
        return cycleFrequency;
    }
}
