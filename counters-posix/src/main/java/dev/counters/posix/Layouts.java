package dev.counters.posix;

import dev.counters.nativeaccess.Scratch;

/**
 * The C structures counters-posix reads, on the 64-bit platforms {@link PosixPlatform} serves:
 * {@code struct timespec {time_t tv_sec; long tv_nsec;}}, {@code struct timeval {time_t tv_sec;
 * suseconds_t tv_usec;}} (a 32-bit {@code tv_usec} plus padding on macOS),
 * and {@code struct rusage} opening with {@code ru_utime} and {@code ru_stime}.
 */
final class Layouts {
    static final int TIMESPEC_BYTES = 16;
    /** {@code struct rusage} is 144 bytes on every LP64 system served; the rest is headroom. */
    static final int RUSAGE_BYTES = 256;
    static final int RUSAGE_UTIME_OFFSET = 0;
    static final int RUSAGE_STIME_OFFSET = 16;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final int TV_USEC_OFFSET = 8;

    private Layouts() {}

    /** A {@code struct timespec} at the start of {@code scratch}, in nanoseconds. */
    static long timespecNanos(Scratch scratch) {
        return nanos(scratch.longAt(0), scratch.longAt(8));
    }

    /** {@code seconds} and {@code nanoseconds} as one count of nanoseconds; exact until the year 2262. */
    static long nanos(long seconds, long nanoseconds) {
        return Math.addExact(Math.multiplyExact(seconds, NANOS_PER_SECOND), nanoseconds);
    }

    /** The {@code struct timeval} at {@code offset} in {@code scratch}, in microseconds. */
    static long timevalMicros(Scratch scratch, int offset, boolean narrowSuseconds) {
        long seconds = scratch.longAt(offset);
        long micros = narrowSuseconds ? scratch.intAt(offset + TV_USEC_OFFSET) : scratch.longAt(offset + TV_USEC_OFFSET);
        return Math.addExact(Math.multiplyExact(seconds, MICROS_PER_SECOND), micros);
    }
}
