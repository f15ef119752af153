package dev.counters.windows.internal;

import com.sun.jna.Native;

/** {@code GetSystemTimePreciseAsFileTime}, exported by kernel32 from Windows 8 on; alone so that its absence breaks nothing else. */
final class PreciseTimeDirect {
    static {
        Native.register("kernel32");
    }

    private PreciseTimeDirect() {}

    static void bind() {}

    /** {@code fileTime}: the address of a {@code FILETIME}. */
    static native void GetSystemTimePreciseAsFileTime(long fileTime);
}
