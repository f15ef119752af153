package dev.counters.posix;

import static dev.counters.internal.CpuTimesSource.KERNEL;
import static dev.counters.internal.CpuTimesSource.USER;
import static java.util.Objects.requireNonNull;

import dev.counters.internal.TickSource;

/**
 * Another thread's kernel/user split from two of its Linux CPU-time clocks: {@code CPUCLOCK_VIRT}
 * is its user time, {@code CPUCLOCK_PROF} its user + system time, both as the scheduler tick sampled
 * them: the very figures {@code getrusage(RUSAGE_THREAD)} splits the exact run time by.
 *
 * <p>The two clocks are two calls, so a tick landing between them can make their difference, the
 * system time, dip by one tick from one reading to the next; the kernel part is therefore kept
 * monotonic (never below the last one read), as the kernel's own {@code cputime_adjust} keeps its
 * parts monotonic.
 */
final class ThreadClockSplit implements CpuSplit {
    private final TickSource userAndSystem;
    private final TickSource user;
    private long lastKernel;

    ThreadClockSplit(TickSource userAndSystem, TickSource user) {
        this.userAndSystem = requireNonNull(userAndSystem, "userAndSystem");
        this.user = requireNonNull(user, "user");
    }

    @Override
    public void sampleInto(long[] into) {
        long both = userAndSystem.read();
        long userTime = user.read();
        lastKernel = Math.max(lastKernel, both - userTime);
        into[KERNEL] = lastKernel;
        into[USER] = userTime;
    }
}
