package dev.counters.testing;

import dev.counters.internal.CpuTimesSource;

/** A CPU-times source whose total, kernel and user readings the test sets. */
public final class FakeCpuTimesSource implements CpuTimesSource {
    private long total;
    private long kernel;
    private long user;

    public void set(long total, long kernel, long user) {
        this.total = total;
        this.kernel = kernel;
        this.user = user;
    }

    public void advance(long total, long kernel, long user) {
        set(this.total + total, this.kernel + kernel, this.user + user);
    }

    @Override
    public void sample(long[] into) {
        into[TOTAL] = total;
        into[KERNEL] = kernel;
        into[USER] = user;
    }
}
