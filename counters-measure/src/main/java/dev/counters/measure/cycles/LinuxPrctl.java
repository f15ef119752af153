package dev.counters.measure.cycles;

import com.sun.jna.Native;
import com.sun.jna.Platform;

/** Linux-only {@code prctl}, kept apart because {@code Native.register} binds every symbol at class init. */
final class LinuxPrctl {
    static final int PR_GET_TSC = 25;
    static final int PR_TSC_SIGSEGV = 2;

    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    private LinuxPrctl() {}

    static native int prctl(int option, int[] state, long unused3, long unused4, long unused5);
}
