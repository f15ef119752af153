package dev.counters.windows.internal;

import com.sun.jna.Native;

/** The multimedia timer functions of winmm, which jna-platform does not map. */
final class WinmmDirect {
    static {
        Native.register("winmm");
    }

    private WinmmDirect() {}

    static void bind() {}

    static native int timeGetTime();

    static native int timeBeginPeriod(int milliseconds);

    static native int timeEndPeriod(int milliseconds);

    /** {@code TIMECAPS} is two {@code UINT}s, so an {@code int[2]} of {@code size} 8 bytes holds it. */
    static native int timeGetDevCaps(int[] caps, int size);
}
