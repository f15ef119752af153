package dev.counters.posix;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import dev.counters.nativeaccess.CodeBinder;
import dev.counters.nativeaccess.ExecutableCode;
import dev.counters.nativeaccess.NativeScratch;
import dev.counters.nativeaccess.Scratch;
import java.lang.ref.Reference;

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
        LibcDirect.bind();
        return new JnaPosixCalls();
    }

    @Override
    public Scratch allocate(int bytes) {
        return NativeScratch.allocate(bytes);
    }

    @Override
    public int clockGettime(int clockId, Scratch timespec) {
        return LibcDirect.clock_gettime(clockId, timespec.address());
    }

    @Override
    public int clockGetres(int clockId, Scratch timespec) {
        return LibcDirect.clock_getres(clockId, timespec.address());
    }

    @Override
    public int getrusage(int who, Scratch rusage) {
        return LibcDirect.getrusage(who, rusage.address());
    }

    @Override
    public int perfEventOpen(long syscallNumber, long[] attr, int pid, int cpu, int groupFd, long flags) {
        Scratch struct = allocate(attr.length * Long.BYTES);
        struct.buffer().asLongBuffer().put(attr);
        int fd = (int) LinuxDirect.syscall(syscallNumber, struct.address(), pid, cpu, groupFd, flags);
        Reference.reachabilityFence(struct); // the kernel has read the attr by now
        return fd;
    }

    @Override
    public long read(int fd, Scratch buffer, int bytes) {
        return LibcDirect.read(fd, buffer.address(), bytes);
    }

    @Override
    public int close(int fd) {
        return LibcDirect.close(fd);
    }

    @Override
    public int prctlGetTsc(int[] state) {
        return LinuxDirect.prctl(PR_GET_TSC, state, 0, 0, 0);
    }

    @Override
    public long pageSize() {
        return LibcDirect.getpagesize();
    }

    @Override
    public long mmap(long length, int protection, int flags) {
        return LibcDirect.mmap(0, length, protection, flags, -1, 0);
    }

    @Override
    public int mprotect(long address, long length, int protection) {
        return LibcDirect.mprotect(address, length, protection);
    }

    @Override
    public int munmap(long address, long length) {
        return LibcDirect.munmap(address, length);
    }

    @Override
    public CodeBinder codeBinder() {
        return ExecutableCode.binder(Platform.C_LIBRARY_NAME);
    }

    @Override
    public int lastError() {
        return Native.getLastError();
    }

    @Override
    public String errorText(int errno) {
        return LibcDirect.strerror(errno);
    }

    @Override
    public long syscall(long number) {
        return LinuxDirect.syscall(number, 0, 0, 0, 0, 0);
    }

    @Override
    public int schedGetaffinity(int tid, long[] mask) {
        return LinuxSchedulingDirect.sched_getaffinity(tid, (long) mask.length * BYTES_PER_MASK_WORD, mask);
    }

    @Override
    public int schedSetaffinity(int tid, long[] mask) {
        return LinuxSchedulingDirect.sched_setaffinity(tid, (long) mask.length * BYTES_PER_MASK_WORD, mask);
    }

    @Override
    public int getpriority(int which, int who) {
        Native.setLastError(0);
        return LinuxSchedulingDirect.getpriority(which, who);
    }

    @Override
    public int setpriority(int which, int who, int nice) {
        return LinuxSchedulingDirect.setpriority(which, who, nice);
    }
}
