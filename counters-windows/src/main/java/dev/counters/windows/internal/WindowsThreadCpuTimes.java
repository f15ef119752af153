package dev.counters.windows.internal;

import static com.google.common.base.Preconditions.checkArgument;

import dev.counters.internal.AbstractThreadCpuTimes;
import dev.counters.internal.PlatformService;
import dev.counters.internal.ThreadCpuTimesReader;
import java.util.Optional;

/**
 * Reads the CPU times of any thread of this process on Windows, by its Win32 thread id: a handle
 * from {@code OpenThread(THREAD_QUERY_LIMITED_INFORMATION, FALSE, id)}, read with
 * {@code GetThreadTimes}, which gives kernel and user time in 100-nanosecond units; their sum is
 * the total, exactly as a {@code THREAD_TIMES} counter defines it for the calling thread. The
 * handle is held until {@link ThreadCpuTimes#close()}, which calls {@code CloseHandle}. Through
 * the layer counters-windows binds (FFM on JDK 22+, else JNA). Found by
 * {@link java.util.ServiceLoader} as a {@link ThreadCpuTimesReader}.
 */
public final class WindowsThreadCpuTimes extends PlatformService implements ThreadCpuTimesReader {
    private static final long FILETIME_TICKS_PER_SECOND = 10_000_000L;

    private final WindowsCalls api;
    private final String unavailableReason;

    /** The reader of this process, as {@link java.util.ServiceLoader} creates it. */
    public WindowsThreadCpuTimes() {
        this(WindowsSystem.api().orElse(null), WindowsSystem.unavailableReason());
    }

    /** @param api the layer, or {@code null} when {@code unavailableReason} says why there is none */
    WindowsThreadCpuTimes(WindowsCalls api, String unavailableReason) {
        super(WindowsKinds.PROVIDER);
        this.api = api;
        this.unavailableReason = unavailableReason;
    }

    @Override
    protected Optional<String> findUnavailableReason() {
        return api == null ? Optional.of(unavailableReason) : Optional.empty();
    }

    @Override
    public long frequency() {
        return FILETIME_TICKS_PER_SECOND;
    }

    @Override
    public String source() {
        return "GetThreadTimes(OpenThread(THREAD_QUERY_LIMITED_INFORMATION, thread id))"
                + (api == null ? "" : " (through " + api.binding() + ")");
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if {@code nativeThreadId} is not a positive 32-bit thread id
     * @throws dev.counters.CounterException with {@code GetLastError()} if {@code OpenThread} fails
     *     (no such thread: error 87)
     */
    @Override
    public ThreadCpuTimes open(long nativeThreadId) {
        checkArgument(nativeThreadId > 0 && nativeThreadId <= 0xFFFF_FFFFL,
                "A Win32 thread id is a positive 32-bit number, not %s; pass the nid of the thread", nativeThreadId);
        if (api == null) {
            throw new UnsupportedOperationException("Reading other threads' CPU times is unavailable: " + unavailableReason);
        }
        String call = "OpenThread(THREAD_QUERY_LIMITED_INFORMATION, FALSE, " + nativeThreadId + ")";
        long handle = api.openThread(WindowsCalls.THREAD_QUERY_LIMITED_INFORMATION, (int) nativeThreadId);
        if (handle == 0) {
            throw WindowsErrors.lastError(api, call);
        }
        return new Opened(api, nativeThreadId, handle);
    }

    /** One thread's handle and its times; closing closes the handle. */
    private static final class Opened extends AbstractThreadCpuTimes {
        private final WindowsCalls api;
        private final long handle;
        private final FileTimesSource times;

        Opened(WindowsCalls api, long threadId, long handle) {
            super(threadId);
            this.api = api;
            this.handle = handle;
            this.times = FileTimesSource.ofThread(api, handle);
        }

        @Override
        public void sample(long[] into) {
            checkOpen();
            times.sample(into);
        }

        @Override
        protected void release() {
            if (!api.closeHandle(handle)) {
                throw WindowsErrors.lastError(api, "CloseHandle(thread " + nativeThreadId() + ")");
            }
        }
    }
}
