package dev.counters.posix;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

/**
 * The Linux scheduling functions behind {@link PosixThreadControl}, bound by JNA direct mapping
 * in a class of their own: {@link Native#register} binds every symbol at class initialisation,
 * and {@code sched_getaffinity} does not exist on macOS or FreeBSD ({@code syscall} is
 * {@link LinuxDirect}'s). Declarations only.
 */
final class LinuxSchedulingDirect {
    static {
        Native.register(LinuxSchedulingDirect.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
    }

    private LinuxSchedulingDirect() {}

    static native int sched_getaffinity(int pid, long cpusetsize, long[] mask);

    static native int sched_setaffinity(int pid, long cpusetsize, long[] mask);

    static native int getpriority(int which, int who);

    static native int setpriority(int which, int who, int prio);
}
