package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.internal.TickSource;
import dev.counters.nativeaccess.Scratch;

/** One POSIX clock read with {@code clock_gettime}, in nanoseconds. Owns its result memory, so one source serves one thread. */
final class ClockGettime implements TickSource {
    private final PosixCalls calls;
    private final int clockId;
    private final String api;
    private final Scratch timespec;

    ClockGettime(PosixCalls calls, NamedClock clock) {
        this.calls = requireNonNull(calls, "calls");
        this.clockId = clock.id();
        this.api = clock.gettimeApi();
        this.timespec = calls.allocate(Layouts.TIMESPEC_BYTES);
    }

    @Override
    public long read() {
        if (calls.clockGettime(clockId, timespec) != 0) {
            throw PosixErrors.of(calls, api);
        }
        return Layouts.timespecNanos(timespec);
    }
}
