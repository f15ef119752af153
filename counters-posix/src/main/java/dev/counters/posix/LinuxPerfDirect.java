package dev.counters.posix;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

/**
 * The Linux-only calls behind the cycle kinds, bound by JNA direct mapping in a class of their
 * own ({@link Native#register} binds every symbol at class initialisation; {@code prctl} does not
 * exist on macOS or FreeBSD, and {@code syscall} takes another shape in {@link LinuxScheduling}).
 * Declarations only.
 */
final class LinuxPerfDirect {
    static {
        Native.register(LinuxPerfDirect.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
    }

    private LinuxPerfDirect() {}

    /** {@code syscall(SYS_perf_event_open, attr, pid, cpu, group_fd, flags)}. */
    static native int syscall(long number, long[] attr, int pid, int cpu, int groupFd, long flags);

    /** {@code prctl(option, int *state, 0, 0, 0)}. */
    static native int prctl(int option, int[] state, long unused3, long unused4, long unused5);
}
