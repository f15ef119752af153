package dev.counters.measure.cycles;

import com.sun.jna.Native;
import com.sun.jna.Platform;

/** Linux {@code perf_event_open} (through {@code syscall}), {@code read} and {@code close}; JNA direct mapping. */
final class LinuxPerf {
    static final int PERF_TYPE_HARDWARE = 0;
    static final long PERF_COUNT_HW_CPU_CYCLES = 0;
    /** perf_event_attr size for the first version of the struct, all this needs. */
    static final int PERF_ATTR_SIZE_VER0 = 64;
    static final long FLAG_EXCLUDE_KERNEL = 1L << 5;
    static final long FLAG_EXCLUDE_HV = 1L << 6;
    static final long PERF_FLAG_FD_CLOEXEC = 1L << 3;

    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    private LinuxPerf() {}

    /** {@code syscall(SYS_perf_event_open, attr, pid, cpu, group_fd, flags)}. */
    static native int syscall(long number, long[] attr, int pid, int cpu, int groupFd, long flags);

    /** {@code buffer}: a native address, such as a {@link dev.counters.spi.Scratch}'s. */
    static native long read(int fd, long buffer, long count);

    static native int close(int fd);

    static native String strerror(int errno);

    /** The perf_event_open system call number for this architecture, or -1 if unknown. */
    static long perfEventOpenNumber() {
        if (Platform.isIntel() && Platform.is64Bit()) {
            return 298;
        }
        if (Platform.isARM() && Platform.is64Bit()) {
            return 241;
        }
        return -1;
    }

    /** A {@code perf_event_attr} counting the calling thread's CPU cycles, {@code excludeKernel} as asked. */
    static long[] cyclesAttr(boolean excludeKernel) {
        long[] attr = new long[PERF_ATTR_SIZE_VER0 / Long.BYTES];
        attr[0] = PERF_TYPE_HARDWARE | ((long) PERF_ATTR_SIZE_VER0 << 32); // type (u32), size (u32), little-endian
        attr[1] = PERF_COUNT_HW_CPU_CYCLES; // config
        attr[5] = FLAG_EXCLUDE_HV | (excludeKernel ? FLAG_EXCLUDE_KERNEL : 0); // the flag bits
        return attr;
    }
}
