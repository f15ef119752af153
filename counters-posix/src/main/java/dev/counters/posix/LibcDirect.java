package dev.counters.posix;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import dev.counters.nativeaccess.Scratch;

/**
 * The libc functions every supported POSIX system has, bound by JNA direct mapping
 * ({@link Native#register}: one JNI call with primitive arguments, no reflection, no marshalling).
 * Pointers to result structures are passed as native addresses ({@link dev.counters.nativeaccess.Scratch#address()}).
 * Declarations only: {@link JnaPosixCalls} adapts them, the sources interpret them.
 */
final class LibcDirect {
    static {
        Native.register(LibcDirect.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
    }

    private LibcDirect() {}

    /** Forces the class, and so the binding, to initialise; throws the binding's error if it failed. */
    static void bind() {}

    static native int clock_gettime(int clockId, long timespec);

    static native int clock_getres(int clockId, long timespec);

    static native int getrusage(int who, long rusage);

    static native String strerror(int errnum);

    /** {@code buffer}: a native address, a {@link dev.counters.nativeaccess.Scratch}'s. */
    static native long read(int fd, long buffer, long count);

    static native int close(int fd);

    static native int getpagesize();

    static native long mmap(long address, long length, int protection, int flags, int fd, long offset);

    static native int mprotect(long address, long length, int protection);

    static native int munmap(long address, long length);
}
