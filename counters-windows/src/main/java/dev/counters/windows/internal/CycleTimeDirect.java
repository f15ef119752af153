package dev.counters.windows.internal;

import com.sun.jna.Native;

/**
 * {@code QueryThreadCycleTime} and {@code QueryProcessCycleTime}, alone so that a kernel32
 * without them breaks nothing else. Wine exports both but fails them with error 120.
 */
final class CycleTimeDirect {
    static {
        Native.register("kernel32");
    }

    private CycleTimeDirect() {}

    static void bind() {}

    /** {@code cycles}: the address of a {@code ULONG64}. */
    static native boolean QueryThreadCycleTime(long thread, long cycles);

    /** {@code cycles}: the address of a {@code ULONG64}. */
    static native boolean QueryProcessCycleTime(long process, long cycles);
}
