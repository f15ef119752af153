package dev.counters.posix;

import dev.counters.spi.Scratch;

/**
 * The native calls counters-posix makes to read clocks, exactly as C sees them: {@code 0} or a
 * result for success, {@code -1} and {@link #lastError()} for failure. {@link JnaPosixCalls} binds
 * them to libc; tests substitute a layer that fails on demand, so that every failure path is
 * exercised without breaking the machine. Interpreting results (layouts, errno, exceptions) is not
 * this interface's business: {@link PosixClocks} and its sources do it.
 */
interface PosixCalls {
    /** Native memory for {@code bytes} bytes of results, owned by the caller. */
    Scratch allocate(int bytes);

    /** {@code clock_gettime(clockId, &timespec)}. */
    int clockGettime(int clockId, Scratch timespec);

    /** {@code clock_getres(clockId, &timespec)}. */
    int clockGetres(int clockId, Scratch timespec);

    /** {@code getrusage(who, &rusage)}. */
    int getrusage(int who, Scratch rusage);

    /** {@code times(&tms)}: the elapsed clock ticks, or {@code -1}. */
    long times(Scratch tms);

    /** {@code sysconf(name)}, or {@code -1}. */
    long sysconf(int name);

    /** {@code errno} as the last call on this thread left it. */
    int lastError();

    /** {@code strerror(errno)}: the system's text for an error number. */
    String errorText(int errno);
}
