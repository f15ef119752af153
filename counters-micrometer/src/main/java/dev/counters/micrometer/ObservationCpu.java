package dev.counters.micrometer;

import io.micrometer.observation.Observation;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What one observation has gathered so far, from every thread it was current on: the CPU time of its
 * measured stretches (total and kernel part), the wall time during which at least one measured stretch
 * was open (the union over threads, so parallel stretches count once), and why any stretch could not be
 * measured. Threads add to it concurrently, lock-free.
 *
 * <p>It is recorded once, when the observation has stopped and no measured stretch of it is open: at
 * the stop, or, where a thread still runs in its scope then (a pool thread that handed over the result
 * that ended the request, and has yet to leave the scope), when that last stretch closes, so its CPU
 * is not lost. The covered wall time is taken at the stop.
 */
final class ObservationCpu {
    /** Bits of {@link #coverage} that count the measured stretches open now and hold the two flags; the rest is when the first opened. */
    private static final int COUNT_BITS = 16;
    private static final long COUNT_MASK = (1L << 14) - 1;
    /** The observation has stopped. */
    private static final long STOPPED = 1L << 14;
    /** The observation has been recorded (by its stop, or by the close of its last open stretch). */
    private static final long RECORDED = 1L << 15;
    /** The largest offset from {@link #startNanos} that fits beside the count (about 39 hours). */
    private static final long MAX_OFFSET = Long.MAX_VALUE >>> COUNT_BITS;

    private static final VarHandle TOTAL = field("total", long.class);
    private static final VarHandle KERNEL = field("kernel", long.class);
    private static final VarHandle COVERED = field("covered", long.class);
    private static final VarHandle COVERAGE = field("coverage", long.class);
    private static final VarHandle REASONS = field("reasons", int.class);

    private final long startNanos;
    /** One object per observation: its counts are fields updated through the handles above, not atomic objects of their own. */
    private volatile long total;
    private volatile long kernel;
    private volatile long covered;
    /** The number of measured stretches open now and the two flags (low bits), and when the first of them opened (high bits). */
    private volatile long coverage;
    private volatile int reasons;
    private volatile boolean measured;
    private volatile Observation.Context stoppedContext;
    private volatile long coveredAtStop;
    private volatile boolean split;
    private volatile boolean scoped;
    /** Measured from start to stop on one thread, never scoped: its whole wall time is covered. */
    private volatile boolean whole;
    /** The stretches of the thread it started on, that thread's scope epoch then, and its clock then; confined to that thread. */
    private Object startedOn;
    private long startEpoch;
    private long startTotal;
    private long startKernel;

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
        TOTAL.getAndAdd(this, totalNanos);
        KERNEL.getAndAdd(this, kernelNanos);
    }

    /** It started on the thread whose stretches are {@code stretches}, at scope epoch {@code epoch}, that thread's clock reading so. */
    void startedOn(Object stretches, long epoch, long totalNanos, long kernelNanos) {
        startedOn = stretches;
        startEpoch = epoch;
        startTotal = totalNanos;
        startKernel = kernelNanos;
    }

    /** Whether it started on the thread whose stretches are {@code stretches}, and no scope opened there since (the epoch is the same). */
    boolean startedOn(Object stretches, long epoch) {
        return startedOn == stretches && startEpoch == epoch;
    }

    long startTotalNanos() {
        return startTotal;
    }

    long startKernelNanos() {
        return startKernel;
    }

    /** It never opened a scope, and its thread's CPU from start to stop is its own: {@code totalNanos}, of which {@code kernelNanos} in the kernel. */
    void measuredWhole(long totalNanos, long kernelNanos, boolean kernelUserSplit) {
        whole = true;
        add(totalNanos, kernelNanos, kernelUserSplit);
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
            old = coverage;
            long open = old & COUNT_MASK;
            if (open == COUNT_MASK) {
                return;
            }
            long since = open == 0 ? offset : old >>> COUNT_BITS;
            next = since << COUNT_BITS | (old & (STOPPED | RECORDED)) | (open + 1);
        } while (!COVERAGE.compareAndSet(this, old, next));
    }

    /**
     * A measured stretch closed at {@code nowNanos}: when it was the last one open, its span is covered.
     * Returns whether the caller must now record the observation: it has stopped, and this was its last
     * open stretch.
     */
    boolean stretchClosed(long nowNanos) {
        long offset = offset(nowNanos);
        long old;
        long next;
        do {
            old = coverage;
            long open = old & COUNT_MASK;
            if (open == 0) {
                return false;
            }
            next = old - 1;
            if (open == 1 && (old & (STOPPED | RECORDED)) == STOPPED) {
                next |= RECORDED;
            }
        } while (!COVERAGE.compareAndSet(this, old, next));
        if ((old & COUNT_MASK) == 1) {
            COVERED.getAndAdd(this, Math.max(0, offset - (old >>> COUNT_BITS)));
        }
        return (next & RECORDED) != 0 && (old & RECORDED) == 0;
    }

    /**
     * The observation stopped at {@code nowNanos}: takes the covered wall time, and returns whether the
     * caller must record it now (no measured stretch is open); otherwise the close of the last one does.
     */
    boolean stop(Observation.Context context, long nowNanos) {
        stoppedContext = context;
        long offset = offset(nowNanos);
        long old;
        long next;
        do {
            old = coverage;
            if ((old & STOPPED) != 0) {
                return false;
            }
            long open = old & COUNT_MASK;
            coveredAtStop = whole ? offset : covered + (open == 0 ? 0 : Math.max(0, offset - (old >>> COUNT_BITS)));
            next = old | STOPPED | (open == 0 ? RECORDED : 0);
        } while (!COVERAGE.compareAndSet(this, old, next));
        return (next & RECORDED) != 0;
    }

    /** The context of the stopped observation, for the one who records it. */
    Observation.Context stoppedContext() {
        return stoppedContext;
    }

    /** A stretch that could not be measured, and why. */
    void unmeasured(Unmeasured reason) {
        int bit = 1 << reason.ordinal();
        if ((reasons & bit) == 0) {
            REASONS.getAndBitwiseOr(this, bit);
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
        return total;
    }

    /** The kernel part, never more than the total. */
    long kernelNanos() {
        return Math.min(kernel, total);
    }

    /** Whether a stretch of {@code reason} was unmeasured. */
    boolean wasUnmeasured(Unmeasured reason) {
        return (reasons & 1 << reason.ordinal()) != 0;
    }

    /** The wall time covered by measured stretches up to the stop. */
    long coveredNanos() {
        return coveredAtStop;
    }

    private static VarHandle field(String name, Class<?> type) {
        try {
            return MethodHandles.lookup().findVarHandle(ObservationCpu.class, name, type);
        } catch (ReflectiveOperationException impossible) {
            throw new ExceptionInInitializerError(impossible);
        }
    }

    private long offset(long nowNanos) {
        return Math.min(MAX_OFFSET, Math.max(0, nowNanos - startNanos));
    }
}
