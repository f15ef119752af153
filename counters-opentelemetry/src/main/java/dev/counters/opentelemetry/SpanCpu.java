package dev.counters.opentelemetry;

/**
 * One span's CPU time, summed over the stretches in which its context (or a descendant's) was
 * current on a thread, with the share of its wall time that was covered (the span current on at
 * least one thread, and on none whose CPU could not be measured) and the reasons for what could
 * not be measured. Threads add to it concurrently; each update holds this record's
 * monitor for a few field writes (two threads contend only when they switch the same span at the
 * same instant). Once {@link #end ended}, it takes nothing more.
 *
 * <p>A span never current anywhere, started and ended on one thread where the current span did not
 * change in between, is measured whole instead: from the {@link #mark} its thread took at its start
 * to its end. The mark is written before the record is published and read only by that thread.
 */
final class SpanCpu {
    /** Current on a virtual thread, which has no CPU clock of its own. */
    static final int VIRTUAL_THREAD = 1;
    /** A thread's CPU clock failed to read. */
    static final int CLOCK_FAILED = 1 << 1;
    /** Still current on another thread when the span ended: that stretch is not counted. */
    static final int CURRENT_AT_END = 1 << 2;
    /** Never current on any thread, and not measured whole on its own (ended elsewhere, or another span current there in between). */
    static final int NEVER_CURRENT = 1 << 3;
    /** The context storage was set up before this library could wrap it: no stretch is seen. */
    static final int NO_CONTEXT_HOOK = 1 << 4;

    private static final String[] REASON_NAMES = {
        "virtual-thread", "clock-failed", "current-at-end", "never-current", "no-context-hook"};
    /** Every combination's attribute value, made once, so that ending a span allocates no string. */
    private static final String[] REASONS = allReasons();

    /** The record of the parent span, if the parent was started with this library at hand and is local. */
    final SpanCpu parent;
    private final long startNanos;
    private long endNanos;

    private long totalNanos;
    private long kernelNanos;
    private int measuredStretches;
    private int reasons;
    private boolean everCurrent;
    /** Measured whole on its thread (or found unmeasurable there): not {@link #NEVER_CURRENT}. */
    private boolean whole;
    private boolean ended;
    /** Stretches open now, of this span or a descendant, on all threads: measured ones, and those that cannot be. */
    private int measuredOpen;
    private int unmeasuredOpen;
    private long coveredSince;
    private long coveredNanos;

    /** The thread that marked the start, at which of its changes, in which of its runs, what it read, or why it could not. */
    private ThreadStretch markedOn;
    private long markedAt;
    private long markRun;
    private long markTotal;
    private long markKernel;
    private int markFailure;

    SpanCpu(SpanCpu parent, long startNanos) {
        this.parent = parent;
        this.startNanos = startNanos;
    }

    /** Its start, marked by {@code thread} (confined there, as the other mark accessors are). */
    void mark(ThreadStretch thread, long changes, long run, long total, long kernel, int failure) {
        markedOn = thread;
        markedAt = changes;
        markRun = run;
        markTotal = total;
        markKernel = kernel;
        markFailure = failure;
    }

    /** Whether {@code thread} marked the start and has seen {@code changes} changes of its current span since. */
    boolean markedOn(ThreadStretch thread, long changes) {
        return markedOn == thread && markedAt == changes;
    }

    int markFailure() {
        return markFailure;
    }

    long markRun() {
        return markRun;
    }

    long markTotal() {
        return markTotal;
    }

    long markKernel() {
        return markKernel;
    }

    /** Never current, it used {@code total} of CPU on its thread from its start to {@code now}: all of its time is covered. */
    synchronized void measuredWhole(long now, long total, long kernel) {
        if (!ended && !everCurrent) {
            whole = true;
            totalNanos += total;
            kernelNanos += kernel;
            measuredStretches++;
            coveredNanos += now - startNanos;
        }
    }

    /** Never current, it would be measured whole on its thread, but cannot be, for {@code reason}. */
    synchronized void unmeasuredWhole(int reason) {
        if (!ended && !everCurrent) {
            whole = true;
            reasons |= reason;
        }
    }

    /** A measured stretch begins on some thread at {@code now} ({@link System#nanoTime()}). */
    synchronized void open(long now) {
        if (!ended) {
            boolean wasCovered = covering();
            everCurrent = true;
            measuredOpen++;
            cover(wasCovered, now);
        }
    }

    /** A measured stretch that began with {@link #open} ends at {@code now}, having used this CPU time. */
    synchronized void close(long now, long total, long kernel) {
        if (!ended) {
            boolean wasCovered = covering();
            totalNanos += total;
            kernelNanos += kernel;
            measuredStretches++;
            measuredOpen--;
            cover(wasCovered, now);
        }
    }

    /** A stretch that began with {@link #open} could not be measured after all (its clock failed at the end). */
    synchronized void drop(long now, int reason) {
        if (!ended) {
            boolean wasCovered = covering();
            reasons |= reason;
            measuredOpen--;
            cover(wasCovered, now);
        }
    }

    /** A stretch that cannot be measured begins at {@code now}: while it lasts, no time counts as covered. */
    synchronized void openUnmeasured(long now, int reason) {
        if (!ended) {
            boolean wasCovered = covering();
            everCurrent = true;
            reasons |= reason;
            unmeasuredOpen++;
            cover(wasCovered, now);
        }
    }

    /** A stretch that began with {@link #openUnmeasured} ends at {@code now}. */
    synchronized void closeUnmeasured(long now) {
        if (!ended) {
            boolean wasCovered = covering();
            unmeasuredOpen--;
            cover(wasCovered, now);
        }
    }

    /** Closes the books at {@code now}: what is still open on other threads is left out, and said so. */
    synchronized void end(long now) {
        if (ended) {
            return;
        }
        if (measuredOpen > 0) {
            reasons |= CURRENT_AT_END;
        }
        if (covering()) {
            coveredNanos += now - coveredSince;
        }
        if (!everCurrent && !whole) {
            reasons |= CpuContextStorage.isHooked() ? NEVER_CURRENT : NO_CONTEXT_HOOK;
        }
        ended = true;
        endNanos = now;
    }

    /** Covered: current on at least one thread, and on none that cannot be measured. */
    private boolean covering() {
        return measuredOpen > 0 && unmeasuredOpen == 0;
    }

    private void cover(boolean wasCovered, long now) {
        boolean covered = covering();
        if (covered && !wasCovered) {
            coveredSince = now;
        } else if (wasCovered && !covered) {
            coveredNanos += now - coveredSince;
        }
    }

    /** Whether no stretch was seen because the context storage is not wrapped. */
    synchronized boolean unhooked() {
        return (reasons & NO_CONTEXT_HOOK) != 0;
    }

    synchronized boolean measured() {
        return measuredStretches > 0;
    }

    synchronized long totalNanos() {
        return totalNanos;
    }

    synchronized long kernelNanos() {
        return kernelNanos;
    }

    /** The share of the span's wall time, start to end, that measured stretches covered: 0 to 1. */
    synchronized double covered() {
        long wall = endNanos - startNanos;
        return wall <= 0 ? (coveredNanos > 0 ? 1 : 0) : Math.min(1.0, (double) coveredNanos / wall);
    }

    /** The reasons, comma-separated, or {@code null} if every stretch was measured. */
    synchronized String reasons() {
        return REASONS[reasons];
    }

    private static String[] allReasons() {
        String[] all = new String[1 << REASON_NAMES.length];
        for (int set = 1; set < all.length; set++) {
            StringBuilder names = new StringBuilder();
            for (int bit = 0; bit < REASON_NAMES.length; bit++) {
                if ((set & 1 << bit) != 0) {
                    names.append(names.length() == 0 ? "" : ",").append(REASON_NAMES[bit]);
                }
            }
            all[set] = names.toString();
        }
        return all;
    }
}
