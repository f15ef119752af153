package dev.counters.internal;

import java.time.Instant;

/**
 * The time of day through {@link Instant#now()}, in nanoseconds since 1970-01-01T00:00Z: the
 * JDK's own reading of the system's real-time clock, which providers use for
 * {@link dev.counters.CounterKind#SYSTEM_TIME} where no cheaper native path serves.
 *
 * <p>It is the one source whose reading allocates: each creates an {@code Instant}, which only
 * escape analysis in the JIT's C2 compiler removes. {@link #ALLOCATION_NOTE} says so in the
 * counter's {@link dev.counters.CounterInfo#notes()}, as the {@link dev.counters.Counter} contract
 * promises.
 */
public enum InstantNow implements TickSource {
    INSTANCE;

    /** The JDK method read, as named in {@link dev.counters.CounterInfo}. */
    public static final String API = "Instant.now()";
    /** What a counter over this source allocates, measured with JMH's {@code -prof gc} on JDK 17 and 25. */
    public static final String ALLOCATION_NOTE = "each reading creates an Instant that only the C2 compiler's escape "
            + "analysis removes: a start/stop pair allocates 48 bytes until C2 has compiled the calling code "
            + "(interpreted and in C1 code), nothing after";

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    @Override
    public long read() {
        Instant now = Instant.now();
        return now.getEpochSecond() * NANOS_PER_SECOND + now.getNano();
    }
}
