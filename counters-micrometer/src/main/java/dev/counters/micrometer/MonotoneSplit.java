package dev.counters.micrometer;

/**
 * A kernel/user split that never goes back, for counters read again and again: each new reading's
 * kernel part is kept between the last kernel part and what the last user part leaves of the new
 * total, so neither part decreases and kernel plus user is the total read, exactly. Where the
 * source's own split steps back (Linux apportions an exact total in the ratio of sampled ticks, so
 * a part may shrink by milliseconds while the total grows), the part that would shrink stands
 * still and the other takes the growth, until the source's split overtakes it again.
 * Not thread-safe: its owner reads it under a lock.
 */
final class MonotoneSplit {
    private long kernel;
    private long user;

    /**
     * Takes a new reading: {@code total} nanoseconds, of which the source put {@code kernel} in the
     * kernel. A total below the last one (which a CPU clock does not do) leaves the parts as they are.
     */
    void advance(long total, long kernel) {
        if (total < this.kernel + user) {
            return;
        }
        long kept = Math.max(this.kernel, Math.min(kernel, total - user));
        this.kernel = kept;
        this.user = total - kept;
    }

    /** The kernel part, in nanoseconds: never less than before. */
    long kernel() {
        return kernel;
    }

    /** The user part, in nanoseconds: never less than before; {@link #kernel()} plus this is the last total taken. */
    long user() {
        return user;
    }
}
