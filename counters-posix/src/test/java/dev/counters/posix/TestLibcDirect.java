package dev.counters.posix;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

/**
 * libc calls only the tests make, to check readings against the kernel's own accounting: the
 * clock-tick rate {@code /proc} counts in, and {@code times()}. Kept out of the main code, which
 * never needs them.
 */
final class TestLibcDirect {
    /** {@code struct tms}: four {@code clock_t}, user time first, then system time. */
    static final int TMS_BYTES = 32;
    static final int TMS_UTIME_OFFSET = 0;
    static final int TMS_STIME_OFFSET = 8;

    static {
        Native.register(TestLibcDirect.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
    }

    private TestLibcDirect() {}

    /** {@code times(&tms)}: the elapsed clock ticks, or -1. */
    static native long times(long tms);

    static native long sysconf(int name);

    /** {@code _SC_CLK_TCK}: 2 on Linux (glibc and musl alike), 3 on macOS and FreeBSD. */
    static int scClkTck(PosixPlatform.Served platform) {
        return platform.os() == PosixPlatform.Os.LINUX ? 2 : 3;
    }
}
