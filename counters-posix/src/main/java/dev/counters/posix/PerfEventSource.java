package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import dev.counters.internal.TickSource;
import dev.counters.nativeaccess.Scratch;

/**
 * One open cycle event of one thread: each {@link #read()} is one {@code read(2)} of
 * {@code {value, time_enabled, time_running}} into a scratch, scaled where the kernel multiplexed
 * the event. Must be read on the thread that opened it (the event counts that thread); the owner
 * of the source closes the descriptor ({@link ThreadCyclesCounter}).
 */
final class PerfEventSource implements TickSource {
    static final String READ_API = "read(perf_event fd)";
    /** {@code u64 value; u64 time_enabled; u64 time_running;}, as the read format asks. */
    static final int READING_BYTES = 3 * Long.BYTES;
    static final int VALUE = 0;
    static final int TIME_ENABLED = Long.BYTES;
    static final int TIME_RUNNING = 2 * Long.BYTES;

    private final PosixCalls calls;
    private final int fd;
    private final Scratch reading;
    private final Thread owner;
    private long lastEnabled;
    private long lastRunning;

    PerfEventSource(PosixCalls calls, int fd, Scratch reading, Thread owner) {
        this.calls = requireNonNull(calls, "calls");
        this.fd = fd;
        this.reading = requireNonNull(reading, "reading");
        this.owner = requireNonNull(owner, "owner");
    }

    /** The cycles the owner thread has run so far, scaled if the event was multiplexed. */
    @Override
    public long read() {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("This THREAD_CYCLES counter counts thread '" + owner.getName()
                    + "' (perf_event_open counts the thread that created the counter) but was read on '"
                    + Thread.currentThread().getName() + "': create the counter on the thread it measures");
        }
        long got = calls.read(fd, reading, READING_BYTES);
        if (got < 0) {
            throw PosixErrors.of(calls, READ_API);
        }
        if (got != READING_BYTES) {
            // A short read sets no errno: whatever errno holds is stale and would mislead.
            throw CounterException.sourceFailure(READ_API, "read " + got + " bytes instead of " + READING_BYTES
                    + " (count, time enabled, time running)");
        }
        long value = reading.longAt(VALUE);
        lastEnabled = reading.longAt(TIME_ENABLED);
        lastRunning = reading.longAt(TIME_RUNNING);
        try {
            return PerfScaling.scale(value, lastEnabled, lastRunning);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw CounterException.sourceFailure(READ_API, e.getMessage()
                    + "; the kernel's figures for this multiplexed event give no count that can be trusted");
        }
    }

    /** Whether the last reading was scaled up because the kernel multiplexed the event. */
    boolean lastReadingScaled() {
        return lastRunning != lastEnabled;
    }

    /** The share of its enabled time the event was counting at the last reading, 1 when never multiplexed. */
    double lastRunningShare() {
        return lastEnabled == 0 ? 1 : (double) lastRunning / lastEnabled;
    }

    int fd() {
        return fd;
    }

    PosixCalls calls() {
        return calls;
    }
}
