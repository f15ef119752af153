package dev.counters.posix;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

/**
 * The Linux-only libc calls that are not about scheduling, bound by JNA direct mapping in a class
 * of their own ({@link Native#register} binds every symbol at class initialisation, and
 * {@code prctl} does not exist on macOS or FreeBSD). {@code syscall} is declared once, with room
 * for five arguments: {@code gettid} passes none that matter, {@code perf_event_open} five.
 * Declarations only.
 */
final class LinuxDirect {
    static {
        Native.register(LinuxDirect.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
    }

    private LinuxDirect() {}

    /** {@code syscall(number, a1, ..., a5)}: every argument in a register, as the kernel takes them. */
    static native long syscall(long number, long a1, long a2, long a3, long a4, long a5);

    /** {@code prctl(option, int *state, 0, 0, 0)}. */
    static native int prctl(int option, int[] state, long unused3, long unused4, long unused5);
}
