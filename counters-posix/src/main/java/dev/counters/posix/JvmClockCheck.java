package dev.counters.posix;

import dev.counters.CounterException;
import dev.counters.internal.TickSource;

/**
 * Confirms that a JVM method reads the same clock as a native one before the cheaper JVM path is
 * trusted: a JVM reading taken between two native readings of the same clock must lie between
 * them. For one clock this holds every time; for a different clock (another origin, another
 * thread's CPU time) it fails, and the native path is used instead.
 */
final class JvmClockCheck {
    /** The first release whose HotSpot reads CLOCK_MONOTONIC in nanoTime unconditionally (JDK-8246112 removed the fallback). */
    private static final int UNCONDITIONAL_MONOTONIC_RELEASE = 16;

    private JvmClockCheck() {}

    /**
     * Whether this JVM's {@link System#nanoTime()} is known, without a native call, to read
     * {@code platform}'s HIGH_PERFORMANCE clock: HotSpot 16 and later implements it with
     * {@code clock_gettime(CLOCK_MONOTONIC)} on Linux and FreeBSD and with
     * {@code mach_absolute_time()}, which is {@code CLOCK_UPTIME_RAW}, on macOS. Other JVMs
     * (OpenJ9, a native image) are checked by {@link #readsSameClock} instead.
     */
    static boolean nanoTimeIsKnown(PosixPlatform platform) {
        return nanoTimeIsKnown(platform, System.getProperty("java.vm.name", ""), Runtime.version().feature());
    }

    /** {@link #nanoTimeIsKnown(PosixPlatform)} for a JVM named {@code vmName} ({@code java.vm.name}) of release {@code feature}. */
    static boolean nanoTimeIsKnown(PosixPlatform platform, String vmName, int feature) {
        boolean hotSpot = vmName.contains("HotSpot") || vmName.startsWith("OpenJDK");
        return hotSpot && feature >= UNCONDITIONAL_MONOTONIC_RELEASE && platform instanceof PosixPlatform.Served;
    }

    /** What HotSpot's {@link System#nanoTime()} calls on {@code platform}, a served one. */
    static String nanoTimeImplementation(PosixPlatform.Served platform) {
        return platform.os() == PosixPlatform.Os.MAC_OS
                ? "mach_absolute_time(), which is CLOCK_UPTIME_RAW"
                : "clock_gettime(CLOCK_MONOTONIC)";
    }

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
