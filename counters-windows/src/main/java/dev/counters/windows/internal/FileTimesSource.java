package dev.counters.windows.internal;

import dev.counters.internal.CpuTimesSource;
import dev.counters.nativeaccess.Scratch;

/**
 * Kernel and user CPU time from {@code GetThreadTimes} or {@code GetProcessTimes}, in the
 * 100-nanosecond units of their {@code FILETIME}s; the total is their sum, as STLSoft's
 * {@code threadtimes_counter} defines it. The creation and exit times are not used. One source
 * per counter: the four {@code FILETIME}s are written into one scratch, allocated here and reused
 * on every sample.
 */
final class FileTimesSource implements CpuTimesSource {
    /** {@code GetThreadTimes} or {@code GetProcessTimes}. */
    @FunctionalInterface
    interface TimesCall {
        boolean call(long handle, Scratch times);
    }

    private final WindowsCalls api;
    private final TimesCall call;
    private final String function;
    private final long handle;
    private final Scratch times;

    private FileTimesSource(WindowsCalls api, TimesCall call, String function, long handle) {
        this.api = api;
        this.call = call;
        this.function = function;
        this.handle = handle;
        this.times = api.allocate(WindowsCalls.TIMES_BYTES);
    }

    /** The calling thread's times; the pseudo-handle is fetched once, here, and always means "the calling thread". */
    static FileTimesSource ofCurrentThread(WindowsCalls api) {
        return new FileTimesSource(api, api::getThreadTimes, "GetThreadTimes", api.getCurrentThread());
    }

    /** The times of the thread that {@code thread}, a real handle from {@code OpenThread}, refers to. */
    static FileTimesSource ofThread(WindowsCalls api, long thread) {
        return new FileTimesSource(api, api::getThreadTimes, "GetThreadTimes", thread);
    }

    /** The process's times, through its pseudo-handle {@code process}. */
    static FileTimesSource ofProcess(WindowsCalls api, long process) {
        return new FileTimesSource(api, api::getProcessTimes, "GetProcessTimes", process);
    }

    @Override
    public void sample(long[] into) {
        if (!call.call(handle, times)) {
            throw WindowsErrors.lastError(api, function);
        }
        long kernel = times.longAt(WindowsCalls.TIMES_KERNEL);
        long user = times.longAt(WindowsCalls.TIMES_USER);
        into[KERNEL] = kernel;
        into[USER] = user;
        into[TOTAL] = kernel + user;
    }
}
