package dev.counters.measure.cycles;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/** libc memory calls for the executable page (JNA direct mapping). */
final class PosixMemory {
    static final int PROT_READ = 0x1;
    static final int PROT_WRITE = 0x2;
    static final int PROT_EXEC = 0x4;
    static final int MAP_PRIVATE = 0x02;
    /** MAP_ANONYMOUS: 0x20 on Linux, 0x1000 on macOS and the BSDs. */
    static final int MAP_ANONYMOUS = Platform.isLinux() ? 0x20 : 0x1000;

    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    private PosixMemory() {}

    static native Pointer mmap(Pointer address, long length, int protection, int flags, int fd, long offset);

    static native int mprotect(Pointer address, long length, int protection);

    static native int munmap(Pointer address, long length);

    static native int getpagesize();

    static native String strerror(int errno);
}
