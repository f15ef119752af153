package dev.counters.posix;

import static dev.counters.internal.CpuTimesSource.KERNEL;
import static dev.counters.internal.CpuTimesSource.USER;
import static java.util.Objects.requireNonNull;

import dev.counters.nativeaccess.Scratch;

/**
 * The kernel/user split from {@code getrusage(who)}: {@code ru_stime} and {@code ru_utime} in
 * microseconds. Linux derives them by dividing the precise run time in the ratio of the scheduler
 * ticks it sampled in kernel and in user mode, so they give the ratio, and a CPU-time clock gives
 * the exact total.
 */
final class RusageSplit implements CpuSplit {
    private final PosixCalls calls;
    private final int who;
    private final String api;
    private final boolean narrowSuseconds;
    private final Scratch rusage;

    RusageSplit(PosixCalls calls, int who, String whoName, boolean narrowSuseconds) {
        this.calls = requireNonNull(calls, "calls");
        this.who = who;
        this.api = "getrusage(" + whoName + ")";
        this.narrowSuseconds = narrowSuseconds;
        this.rusage = calls.allocate(Layouts.RUSAGE_BYTES);
    }

    @Override
    public void sampleInto(long[] into) {
        if (calls.getrusage(who, rusage) != 0) {
            throw PosixErrors.of(calls, api);
        }
        into[KERNEL] = Layouts.timevalMicros(rusage, Layouts.RUSAGE_STIME_OFFSET, narrowSuseconds);
        into[USER] = Layouts.timevalMicros(rusage, Layouts.RUSAGE_UTIME_OFFSET, narrowSuseconds);
    }
}
