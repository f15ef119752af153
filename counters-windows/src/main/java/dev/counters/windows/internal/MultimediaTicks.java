package dev.counters.windows.internal;

import dev.counters.internal.TickSource;

/**
 * {@code timeGetTime} extended from 32 to 64 bits. The multimedia timer counts milliseconds in a
 * {@code DWORD}, which wraps to zero every 2<sup>32</sup> ms (49.7 days); a reading lower than the
 * one before can only mean that it wrapped, since the timer never steps back, so each wrap adds
 * 2<sup>32</sup>. An interval is therefore right however long it is, as long as no 49.7 days pass
 * between two reads of the same source: one source per counter, confined to it, as counters are.
 */
final class MultimediaTicks implements TickSource {
    static final long WRAP = 1L << 32;

    private final WindowsCalls api;
    private long previous = -1;
    private long wraps;

    MultimediaTicks(WindowsCalls api) {
        this.api = api;
    }

    @Override
    public long read() {
        long now = Integer.toUnsignedLong(api.timeGetTime());
        if (now < previous) {
            wraps += WRAP;
        }
        previous = now;
        return wraps + now;
    }
}
