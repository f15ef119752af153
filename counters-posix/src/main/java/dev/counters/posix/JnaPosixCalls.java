package dev.counters.posix;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.counters.spi.Scratch;

/** The real native layer: {@link PosixCalls} and {@link SchedulingCalls} on libc through JNA direct mapping. */
final class JnaPosixCalls implements PosixCalls, SchedulingCalls {
    private static final int BYTES_PER_MASK_WORD = Long.BYTES;

    private JnaPosixCalls() {}

    /**
     * Binds libc's clock functions now. Throws whatever JNA throws when it cannot (its own native
     * library missing, libc not found); {@link Binding#of} turns that into a reason.
     * {@link SchedulingCalls} bind on their first use.
     */
    static JnaPosixCalls bind() {
        LibC.bind();
        return new JnaPosixCalls();
    }

    @Override
    public Scratch allocate(int bytes) {
        return Scratch.allocateDirect(bytes, buffer -> Pointer.nativeValue(Native.getDirectBufferPointer(buffer)));
    }

    @Override
    public int clockGettime(int clockId, Scratch timespec) {
        return LibC.clock_gettime(clockId, timespec.address());
    }

    @Override
    public int clockGetres(int clockId, Scratch timespec) {
        return LibC.clock_getres(clockId, timespec.address());
    }

    @Override
    public int getrusage(int who, Scratch rusage) {
        return LibC.getrusage(who, rusage.address());
    }

    @Override
    public long times(Scratch tms) {
        return LibC.times(tms.address());
    }

    @Override
    public long sysconf(int name) {
        return LibC.sysconf(name);
    }

    @Override
    public int lastError() {
        return Native.getLastError();
    }

    @Override
    public String errorText(int errno) {
        return LibC.strerror(errno);
    }

    @Override
    public long syscall(long number) {
        return LinuxScheduling.syscall(number);
    }

    @Override
    public int schedGetaffinity(int tid, long[] mask) {
        return LinuxScheduling.sched_getaffinity(tid, (long) mask.length * BYTES_PER_MASK_WORD, mask);
    }

    @Override
    public int schedSetaffinity(int tid, long[] mask) {
        return LinuxScheduling.sched_setaffinity(tid, (long) mask.length * BYTES_PER_MASK_WORD, mask);
    }

    @Override
    public int getpriority(int which, int who) {
        Native.setLastError(0);
        return LinuxScheduling.getpriority(which, who);
    }

    @Override
    public int setpriority(int which, int who, int nice) {
        return LinuxScheduling.setpriority(which, who, nice);
    }
}
