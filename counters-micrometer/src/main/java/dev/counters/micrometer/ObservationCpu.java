package dev.counters.micrometer;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What one observation has gathered so far, from every thread it was current on: the CPU time of its
 * measured stretches (total and kernel part), the wall time during which at least one measured stretch
 * was open (the union over threads, so parallel stretches count once), and why any stretch could not be
 * measured. Threads add to it concurrently, lock-free; the observation's stop reads it once.
 */
final class ObservationCpu {
    /** Bits of {@link #coverage} that count the measured stretches open now; the rest is when the first opened. */
    private static final int COUNT_BITS = 16;
    private static final long COUNT_MASK = (1L << COUNT_BITS) - 1;
    /** The largest offset from {@link #startNanos} that fits beside the count (about 39 hours). */
    private static final long MAX_OFFSET = Long.MAX_VALUE >>> COUNT_BITS;

    private final long startNanos;
    private final AtomicLong total = new AtomicLong();
    private final AtomicLong kernel = new AtomicLong();
    private final AtomicLong covered = new AtomicLong();
    /** The number of measured stretches open now (low bits) and when the first of them opened (high bits). */
    private final AtomicLong coverage = new AtomicLong();
    private final AtomicInteger reasons = new AtomicInteger();
    private volatile boolean measured;
    private volatile boolean split;
    private volatile boolean scoped;

    /** The state of an observation that started at {@code startNanos} ({@link System#nanoTime()}). */
    ObservationCpu(long startNanos) {
        this.startNanos = startNanos;
    }

    /** Adds one measured stretch's CPU time (or the part up to now of one still open). */
    void add(long totalNanos, long kernelNanos, boolean kernelUserSplit) {
        if (kernelUserSplit && !split) {
            split = true;
        }
        if (!measured) {
            measured = true;
        }
        total.addAndGet(totalNanos);
        kernel.addAndGet(kernelNanos);
    }

    /** A scope of this observation opened on some thread, measured or not. */
    void scopeOpened() {
        if (!scoped) {
            scoped = true;
        }
    }

    /** A measured stretch opened at {@code nowNanos}: the covered wall time runs from the first open one. */
    void stretchOpened(long nowNanos) {
        long offset = offset(nowNanos);
        long old;
        long next;
        do {
            old = coverage.get();
            long open = old & COUNT_MASK;
            if (open == COUNT_MASK) {
                return;
            }
            long since = open == 0 ? offset : old >>> COUNT_BITS;
            next = since << COUNT_BITS | (open + 1);
        } while (!coverage.compareAndSet(old, next));
    }

    /** A measured stretch closed at {@code nowNanos}: when it was the last one open, its span is covered. */
    void stretchClosed(long nowNanos) {
        long offset = offset(nowNanos);
        long old;
        long next;
        do {
            old = coverage.get();
            long open = old & COUNT_MASK;
            if (open == 0) {
                return;
            }
            next = old - 1;
        } while (!coverage.compareAndSet(old, next));
        if ((old & COUNT_MASK) == 1) {
            covered.addAndGet(Math.max(0, offset - (old >>> COUNT_BITS)));
        }
    }

    /** A stretch that could not be measured, and why. */
    void unmeasured(Unmeasured reason) {
        int bit = 1 << reason.ordinal();
        if ((reasons.get() & bit) == 0) {
            reasons.getAndUpdate(seen -> seen | bit);
        }
    }

    /** Whether any stretch was measured. */
    boolean measured() {
        return measured;
    }

    /** Whether the clocks that measured it split kernel from user time. */
    boolean split() {
        return split;
    }

    /** Whether any scope of the observation opened, on any thread. */
    boolean scoped() {
        return scoped;
    }

    long totalNanos() {
        return total.get();
    }

    /** The kernel part, never more than the total. */
    long kernelNanos() {
        return Math.min(kernel.get(), total.get());
    }

    /** Whether a stretch of {@code reason} was unmeasured. */
    boolean wasUnmeasured(Unmeasured reason) {
        return (reasons.get() & 1 << reason.ordinal()) != 0;
    }

    /** The number of measured stretches open now, on any thread. */
    int openStretches() {
        return (int) (coverage.get() & COUNT_MASK);
    }

    /** The wall time covered by measured stretches up to {@code nowNanos}, counting those still open up to then. */
    long coveredNanos(long nowNanos) {
        long state = coverage.get();
        long open = (state & COUNT_MASK) == 0 ? 0 : Math.max(0, offset(nowNanos) - (state >>> COUNT_BITS));
        return covered.get() + open;
    }

    private long offset(long nowNanos) {
        return Math.min(MAX_OFFSET, Math.max(0, nowNanos - startNanos));
    }
}
