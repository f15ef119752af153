package dev.counters.opentelemetry;

import dev.counters.CounterException;
import dev.counters.CpuTimesCounter;
import dev.counters.internal.VirtualThreads;
import java.util.function.Supplier;

/**
 * One thread's view: which span OpenTelemetry holds current here, which span is being charged now,
 * and the thread's CPU clock, running while a tracked span's context is current here. A change of
 * the current span ({@link #follow}) reads the clock once (a lap: {@code stop()} measures from the
 * same start each time) and charges the CPU since the last read to the span that was current and its
 * ancestors. The clock is started when a tracked span becomes current on a thread where none was (a
 * run begins) and left when none is current any more, so each run's laps, and the kernel/user split
 * that the clock apportions over the run, are short.
 *
 * <p>A span started here is marked with a read of the clock ({@link #markStart}); if it ends here
 * having never been current anywhere, and the current span here never changed in between, it gets
 * the CPU from its start to its end ({@link #endWithin}). Such a mark may start a run while no span
 * is current (an idle run); it lasts until the spans marked in it end here or the current span changes.
 *
 * <p>On a virtual thread, which has no CPU clock of its own, or when the clock fails, the stretch is
 * marked as one that cannot be measured. Confined to its thread; its clock is made the first time
 * it is needed here.
 */
final class ThreadStretch {
    private static final int NONE = 0;
    private static final int MEASURED = 1;
    private static final int UNMEASURED = 2;

    private final Thread owner = Thread.currentThread();
    private final boolean virtual = VirtualThreads.isVirtual(owner);
    private final Supplier<? extends CpuTimesCounter> clocks;
    private CpuTimesCounter clock;
    private boolean split;
    /** Whether the clock was started for the run now going on; which run it is; its last read. */
    private boolean running;
    private long run;
    private long runTotal;
    private long runKernel;
    /** The read of the run up to which CPU has been charged (or left out, while no stretch was open). */
    private long lapTotal;
    private long lapKernel;
    /** What the open stretch is: {@link #NONE}, {@link #MEASURED} or {@link #UNMEASURED}. */
    private int stretch;
    private SpanCpu current;
    /** The span in the context OpenTelemetry holds current here (tracked or not), and how often it changed. */
    private Object currentSpan;
    private long changes;
    /** Spans marked here since the last change whose end here has not been seen. */
    private int marks;

    ThreadStretch(Supplier<? extends CpuTimesCounter> clocks) {
        this.clocks = clocks;
    }

    boolean ownedByCurrentThread() {
        return Thread.currentThread() == owner;
    }

    /** The span in the context current here, as last followed; null if none. */
    Object currentSpan() {
        return currentSpan;
    }

    /**
     * OpenTelemetry now holds {@code span} (whose books are {@code books}, null if untracked) current
     * here, where another span was: from now on this thread's CPU goes to {@code books} and its
     * ancestors, or nowhere if null, and no span started here before now is measured whole.
     */
    void follow(Object span, SpanCpu books) {
        changes++;
        marks = 0;
        currentSpan = span;
        if (current == null) {
            running = false;   // an idle run served only the marks just voided
        }
        if (books != current) {
            long now = System.nanoTime();
            boolean lapped = closeStretch(now);
            current = books;
            if (books == null) {
                running = false;   // the run is over: the next one starts the clock afresh
            } else {
                openStretch(now, lapped);
            }
        }
    }

    /** Marks {@code span}, starting now on this thread, with a read of this thread's clock. */
    void markStart(SpanCpu span) {
        marks++;
        int failure = 0;
        if (virtual) {
            failure = SpanCpu.VIRTUAL_THREAD;
        } else if (!running) {
            failure = startClock() ? 0 : SpanCpu.CLOCK_FAILED;
        } else if (!readClock()) {
            failure = SpanCpu.CLOCK_FAILED;
            clockDiedUnderStretch(System.nanoTime());
        }
        span.mark(this, changes, run, runTotal, runKernel, failure);
    }

    /**
     * Ends {@code span}'s books. If it started here and neither it nor any other span became current
     * here since, it gets the CPU from its start to now. If it is the current span or one of its
     * ancestors, this thread's CPU up to now is charged first, and the stretch goes on for the rest of
     * the chain.
     */
    void endWithin(SpanCpu span) {
        long now = System.nanoTime();
        if (span.markedOn(this, changes)) {
            marks--;
            measureWhole(span, now);
            if (marks == 0 && current == null) {
                running = false;   // no span left to measure whole: the idle run ends
            }
        }
        if (!inCurrentChain(span)) {
            span.end(now);
            return;
        }
        boolean lapped = closeStretch(now);
        span.end(now);
        openStretch(now, lapped);
    }

    private void measureWhole(SpanCpu span, long now) {
        int failure = span.markFailure();
        if (failure == 0 && (!running || span.markRun() != run)) {
            failure = SpanCpu.CLOCK_FAILED;   // the clock failed (and was dropped) since the mark
        }
        if (failure == 0 && !readClock()) {
            failure = SpanCpu.CLOCK_FAILED;
            clockDiedUnderStretch(now);
        }
        if (failure != 0) {
            span.unmeasuredWhole(failure);
            return;
        }
        long total = runTotal - span.markTotal();
        span.measuredWhole(now, total, kernelShare(total, runKernel - span.markKernel()));
    }

    private boolean inCurrentChain(SpanCpu span) {
        for (SpanCpu each = current; each != null; each = each.parent) {
            if (each == span) {
                return true;
            }
        }
        return false;
    }

    /** Opens a stretch for the current chain; {@code lapped}: the run's clock was read at {@code now} and charged up to it. */
    private void openStretch(long now, boolean lapped) {
        if (virtual) {
            openUnmeasured(now, SpanCpu.VIRTUAL_THREAD);
            return;
        }
        if (!running) {
            if (!startClock()) {
                openUnmeasured(now, SpanCpu.CLOCK_FAILED);
                return;
            }
        } else if (!lapped) {   // an idle or unmeasured stretch of the run ends here: charge from now
            if (!readClock()) {
                openUnmeasured(now, SpanCpu.CLOCK_FAILED);
                return;
            }
            lapTotal = runTotal;
            lapKernel = runKernel;
        }
        stretch = MEASURED;
        for (SpanCpu span = current; span != null; span = span.parent) {
            span.open(now);
        }
    }

    /** Starts a run: the clock started (made first if need be), every read of the run measured from here. */
    private boolean startClock() {
        try {
            if (clock == null) {
                clock = clocks.get();
                split = clock.getInfo().hasKernelUserSplit();
            }
            clock.start();
        } catch (CounterException failed) {   // a clock that failed is dropped; the next run makes another
            clock = null;
            return false;
        }
        running = true;
        run++;
        runTotal = 0;
        runKernel = 0;
        lapTotal = 0;
        lapKernel = 0;
        return true;
    }

    /** Reads the run's clock into {@link #runTotal} and {@link #runKernel}; false, the clock dropped and the run over, if it failed. */
    private boolean readClock() {
        try {
            clock.stop();
            runTotal = clock.getNanoseconds();
            runKernel = split ? clock.getKernelNanoseconds() : 0;
            return true;
        } catch (CounterException failed) {
            clock = null;
            running = false;
            return false;
        }
    }

    /** The clock failed outside a switch: an open measured stretch is dropped and goes on as one that cannot be measured. */
    private void clockDiedUnderStretch(long now) {
        if (stretch == MEASURED) {
            for (SpanCpu span = current; span != null; span = span.parent) {
                span.drop(now, SpanCpu.CLOCK_FAILED);
            }
            openUnmeasured(now, SpanCpu.CLOCK_FAILED);
        }
    }

    private void openUnmeasured(long now, int reason) {
        stretch = UNMEASURED;
        for (SpanCpu span = current; span != null; span = span.parent) {
            span.openUnmeasured(now, reason);
        }
    }

    /** Closes the open stretch; true if the clock was read and charged up to {@code now}. */
    private boolean closeStretch(long now) {
        int closing = stretch;
        stretch = NONE;
        if (closing == UNMEASURED) {
            for (SpanCpu span = current; span != null; span = span.parent) {
                span.closeUnmeasured(now);
            }
        } else if (closing == MEASURED) {
            return closeMeasured(now);
        }
        return false;
    }

    private boolean closeMeasured(long now) {
        if (!readClock()) {
            for (SpanCpu span = current; span != null; span = span.parent) {
                span.drop(now, SpanCpu.CLOCK_FAILED);
            }
            return false;
        }
        long total = runTotal - lapTotal;
        long kernel = kernelShare(total, runKernel - lapKernel);
        lapTotal = runTotal;
        lapKernel = runKernel;
        for (SpanCpu span = current; span != null; span = span.parent) {
            span.close(now, total, kernel);
        }
        return true;
    }

    /**
     * The run's split is re-apportioned at each read: the difference of two apportionings can come out
     * a little below 0 or above its total when the sampled ratio moved; kept within them, kernel + user
     * stays the total.
     */
    private static long kernelShare(long total, long kernel) {
        return Math.max(0, Math.min(total, kernel));
    }
}
