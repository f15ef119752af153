package dev.counters;

import dev.counters.internal.Periods;

import java.util.concurrent.TimeUnit;

/**
 * The read-only view of a {@link CpuTimesCounter}: total CPU time and its split into kernel
 * and user time.
 *
 * <p>Invariant: kernel + user == total, exactly, for period counts and for every unit. In a
 * unit, the user figure is derived as total minus kernel, so it may exceed its own truncated
 * value by at most one unit; the parts always add up to the whole.
 *
 * <p>Where the source has no kernel/user split ({@link CounterInfo#hasKernelUserSplit()} is
 * false) the kernel and user getters throw {@link UnsupportedOperationException} instead of
 * inventing one.
 */
public interface CpuTimesReadings extends CounterReadings {

    /** CPU time spent in the kernel, in native ticks. */
    long getKernelPeriodCount();

    /** CPU time spent in user mode, in native ticks: total minus kernel. */
    default long getUserPeriodCount() {
        return getPeriodCount() - getKernelPeriodCount();
    }

    /** Kernel time in {@code unit}, truncated toward zero. */
    default long getKernelPeriod(TimeUnit unit) {
        return Periods.convert(getKernelPeriodCount(), getFrequency(), unit);
    }

    /** User time in {@code unit}: the total in that unit minus the kernel time in that unit. */
    default long getUserPeriod(TimeUnit unit) {
        return getPeriod(unit) - getKernelPeriod(unit);
    }

    default long getKernelSeconds() {
        return getKernelPeriod(TimeUnit.SECONDS);
    }

    default long getKernelMilliseconds() {
        return getKernelPeriod(TimeUnit.MILLISECONDS);
    }

    default long getKernelMicroseconds() {
        return getKernelPeriod(TimeUnit.MICROSECONDS);
    }

    default long getKernelNanoseconds() {
        return getKernelPeriod(TimeUnit.NANOSECONDS);
    }

    default long getUserSeconds() {
        return getUserPeriod(TimeUnit.SECONDS);
    }

    default long getUserMilliseconds() {
        return getUserPeriod(TimeUnit.MILLISECONDS);
    }

    default long getUserMicroseconds() {
        return getUserPeriod(TimeUnit.MICROSECONDS);
    }

    default long getUserNanoseconds() {
        return getUserPeriod(TimeUnit.NANOSECONDS);
    }
}
