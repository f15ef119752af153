package dev.counters.posix;

import dev.counters.CounterException;
import dev.counters.spi.TickSource;

/**
 * Confirms that a JVM method reads the same clock as a native one before the cheaper JVM path is
 * trusted: a JVM reading taken between two native readings of the same clock must lie between
 * them. For one clock this holds every time; for a different clock (another origin, another
 * thread's CPU time) it fails, and the native path is used instead.
 */
final class JvmClockCheck {
    private JvmClockCheck() {}

    /** Whether {@code jvm} lies between two readings of {@code same}, both in the same ticks. */
    static boolean readsSameClock(TickSource same, TickSource jvm) {
        try {
            long before = same.read();
            long between = jvm.read();
            long after = same.read();
            return before <= between && between <= after;
        } catch (CounterException e) {
            return false;
        }
    }
}
