package dev.counters.internal;

import dev.counters.internal.ThreadCpuTimesReader.ThreadCpuTimes;

/**
 * What every opened {@link ThreadCpuTimes} does alike: it names the thread it reads, refuses to be
 * read once closed, and releases what it holds on the first {@link #close()} only. A platform's
 * reader extends it and writes the sampling, calling {@link #checkOpen()} first, and
 * {@link #release()} where the source holds something (a Windows thread handle).
 */
public abstract class AbstractThreadCpuTimes implements ThreadCpuTimes {
    private final long nativeThreadId;
    private boolean closed;

    /** @param nativeThreadId the native id of the thread read */
    protected AbstractThreadCpuTimes(long nativeThreadId) {
        this.nativeThreadId = nativeThreadId;
    }

    @Override
    public final long nativeThreadId() {
        return nativeThreadId;
    }

    /**
     * Closes the source: the first call marks it closed and {@linkplain #release() releases} what
     * it holds; a second call does nothing.
     */
    @Override
    public final void close() {
        if (closed) {
            return;
        }
        closed = true;
        release();
    }

    /**
     * Throws unless the source is still open; the sampling methods call it first.
     *
     * @throws IllegalStateException once the source is closed
     */
    protected final void checkOpen() {
        if (closed) {
            throw new IllegalStateException(
                    "The CPU times of thread " + nativeThreadId + " were closed; open them again to read");
        }
    }

    /** Releases what the source holds, on the first {@link #close()}; nothing by default. */
    protected void release() {}
}
