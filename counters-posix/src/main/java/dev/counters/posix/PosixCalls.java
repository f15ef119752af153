package dev.counters.posix;

import dev.counters.nativeaccess.CodeBinder;
import dev.counters.internal.TickSource;
import dev.counters.nativeaccess.Scratch;

/**
 * The native calls counters-posix makes to read clocks and cycle counters, exactly as C sees them: {@code 0} or a
 * result for success, {@code -1} and {@link #lastError()} for failure. {@link JnaPosixCalls} binds
 * them to libc; tests substitute a layer that fails on demand, so that every failure path is
 * exercised without breaking the machine. Interpreting results (layouts, errno, exceptions) is not
 * this interface's business: {@link PosixKinds} and its sources do it.
 */
interface PosixCalls {
    /** {@code PR_GET_TSC} from {@code <linux/prctl.h>}, for {@link #prctlGetTsc}. */
    int PR_GET_TSC = 25;

    /** Native memory for {@code bytes} bytes of results, owned by the caller. */
    Scratch allocate(int bytes);

    /** {@code clock_gettime(clockId, &timespec)}. */
    int clockGettime(int clockId, Scratch timespec);

    /**
     * A source that reads {@code clock} with {@link #clockGettime}, in nanoseconds, owning its result
     * memory (so it serves one thread). A layer may return a leaner one of its own.
     */
    default TickSource clock(NamedClock clock) {
        return new ClockGettime(this, clock);
    }

    /** {@code clock_getres(clockId, &timespec)}. */
    int clockGetres(int clockId, Scratch timespec);

    /** {@code getrusage(who, &rusage)}. */
    int getrusage(int who, Scratch rusage);

    // perf events (Linux): THREAD_CYCLES

    /** {@code syscall(SYS_perf_event_open, attr, pid, cpu, groupFd, flags)}: a file descriptor, or {@code -1}. */
    int perfEventOpen(long syscallNumber, long[] attr, int pid, int cpu, int groupFd, long flags);

    /** {@code read(fd, buffer, bytes)}: the number of bytes read, or {@code -1}. */
    long read(int fd, Scratch buffer, int bytes);

    /** {@code close(fd)}: {@code 0} or {@code -1}. */
    int close(int fd);

    /** {@code prctl(PR_GET_TSC, &state)} (Linux): {@code 0} with {@code state[0]} set, or {@code -1}. */
    int prctlGetTsc(int[] state);

    // executable pages: CPU_CYCLES

    /** {@code getpagesize()}. */
    long pageSize();

    /** {@code mmap(NULL, length, protection, flags, -1, 0)}: the address, or {@code -1} ({@code MAP_FAILED}). */
    long mmap(long length, int protection, int flags);

    /** {@code mprotect(address, length, protection)}: {@code 0} or {@code -1}. */
    int mprotect(long address, long length, int protection);

    /** {@code munmap(address, length)}: {@code 0} or {@code -1}. */
    int munmap(long address, long length);

    /** What copies, binds and calls code in those pages. */
    CodeBinder codeBinder();

    /** How these calls reach libc: {@link dev.counters.CounterInfo.Binding#JNA} unless an FFM layer says otherwise. */
    default dev.counters.CounterInfo.Binding binding() {
        return dev.counters.CounterInfo.Binding.JNA;
    }

    /**
     * The Linux scheduling calls through this same binding, for {@link PosixThreadControl}: both
     * real layers (JNA and FFM) serve them, so that thread control never loads the other one.
     *
     * @throws UnsupportedOperationException from a layer that has none (a test's fake)
     */
    default SchedulingCalls scheduling() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " makes no scheduling calls");
    }

    /** {@code errno} as the last call on this thread left it. */
    int lastError();

    /** {@code strerror(errno)}: the system's text for an error number. */
    String errorText(int errno);
}
