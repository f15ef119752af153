package dev.counters.posix;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The count of a multiplexed {@code perf_event}, scaled as {@code perf stat} does. When more
 * events want the PMU than it has counters (another perf user, the NMI watchdog), the kernel
 * rotates them, and an event counts only while it is on the PMU: {@code time_running} of its
 * {@code time_enabled}. The estimate of the full count is {@code value * enabled / running}.
 *
 * <p>Exact and allocation-free: the 128-bit product is divided by {@code running} with a
 * shift-and-subtract division, so the result equals {@code BigInteger} arithmetic truncated
 * toward zero, for every input whose result fits in a {@code long}.
 */
final class PerfScaling {
    private PerfScaling() {}

    /**
     * {@code value * enabled / running}, truncated; {@code value} itself when the event ran all
     * the time it was enabled ({@code running == enabled}, the usual case).
     *
     * @throws IllegalArgumentException if an argument is negative, or {@code running} is 0 while
     *     {@code enabled} is not (the event never ran: there is nothing to scale)
     * @throws ArithmeticException if the scaled count does not fit in a {@code long}
     */
    static long scale(long value, long enabled, long running) {
        checkArgument(value >= 0 && enabled >= 0 && running >= 0,
                "perf read a negative figure: value %s, time enabled %s, time running %s", value, enabled, running);
        if (running == enabled) {
            return value;
        }
        checkArgument(running != 0, "the event was enabled for %s ns but never ran on the PMU", enabled);
        long high = Math.multiplyHigh(value, enabled); // both non-negative: the signed high word is the unsigned one
        long low = value * enabled;
        if (Long.compareUnsigned(high, running) >= 0) {
            throw new ArithmeticException("the scaled count " + value + " * " + enabled + " / " + running + " overflows a long");
        }
        long remainder = high;
        long quotient = 0;
        for (int bit = Long.SIZE - 1; bit >= 0; bit--) {
            boolean carry = remainder < 0; // the bit shifted out below makes the remainder exceed any long divisor
            remainder = (remainder << 1) | ((low >>> bit) & 1);
            quotient <<= 1;
            if (carry || Long.compareUnsigned(remainder, running) >= 0) {
                remainder -= running;
                quotient |= 1;
            }
        }
        if (quotient < 0) {
            throw new ArithmeticException("the scaled count " + value + " * " + enabled + " / " + running + " overflows a long");
        }
        return quotient;
    }
}
