package dev.counters.measure.cycles;

import com.sun.jna.Native;

/**
 * kernel32's {@code QueryThreadCycleTime}/{@code QueryProcessCycleTime} (Vista and later), kept in
 * their own class; the {@code ULONG64} result is written to a native address, a
 * {@link dev.counters.spi.Scratch}'s.
 */
final class WindowsCycles {
    /** {@code GetCurrentThread()}'s pseudo-handle: the calling thread, whichever it is. */
    static final long CURRENT_THREAD = -2;
    /** {@code GetCurrentProcess()}'s pseudo-handle. */
    static final long CURRENT_PROCESS = -1;

    static {
        Native.register("kernel32");
    }

    private WindowsCycles() {}

    static native boolean QueryThreadCycleTime(long thread, long cycles);

    static native boolean QueryProcessCycleTime(long process, long cycles);
}
