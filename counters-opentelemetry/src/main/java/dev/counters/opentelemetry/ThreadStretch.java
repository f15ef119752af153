package dev.counters.opentelemetry;

import dev.counters.CounterException;
import dev.counters.CpuTimesCounter;
import dev.counters.internal.VirtualThreads;
import java.util.function.Supplier;

/**
 * One thread's view: which span is being charged now, and the thread's CPU clock, running while a
 * tracked span's context is current here. A switch to another span stops the clock, charges the
 * stretch to the span that was current (and its ancestors) and starts it again for the next one.
 * On a virtual thread, which has no CPU clock of its own, or when the clock fails, the stretch is
 * marked as one that cannot be measured. Confined to its thread; its clock is made the first time
 * a tracked span becomes current here.
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
    /** What the open stretch is: {@link #NONE}, {@link #MEASURED} or {@link #UNMEASURED}. */
    private int stretch;
    private SpanCpu current;

    ThreadStretch(Supplier<? extends CpuTimesCounter> clocks) {
        this.clocks = clocks;
    }

    boolean ownedByCurrentThread() {
        return Thread.currentThread() == owner;
    }

    SpanCpu current() {
        return current;
    }

    /** From now on, this thread's CPU time goes to {@code next} (and its ancestors), or nowhere if null. */
    void switchTo(SpanCpu next) {
        if (current == next) {
            return;
        }
        long now = System.nanoTime();
        closeStretch(now);
        current = next;
        openStretch(now);
    }

    /**
     * Ends {@code span}'s books; if it is the current span or one of its ancestors, this thread's CPU
     * up to now is charged first, and the stretch goes on for the rest of the chain.
     */
    void endWithin(SpanCpu span, boolean hooked) {
        long now = System.nanoTime();
        if (!inCurrentChain(span)) {
            span.end(now, hooked);
            return;
        }
        closeStretch(now);
        span.end(now, hooked);
        openStretch(now);
    }

    private boolean inCurrentChain(SpanCpu span) {
        for (SpanCpu each = current; each != null; each = each.parent) {
            if (each == span) {
                return true;
            }
        }
        return false;
    }

    private void openStretch(long now) {
        if (current == null) {
            stretch = NONE;
        } else if (virtual) {
            openUnmeasured(now, SpanCpu.VIRTUAL_THREAD);
        } else {
            try {
                if (clock == null) {
                    clock = clocks.get();
                    split = clock.getInfo().hasKernelUserSplit();
                }
                clock.start();
            } catch (CounterException failed) {   // a clock that failed is dropped; the next stretch makes another
                clock = null;
                openUnmeasured(now, SpanCpu.CLOCK_FAILED);
                return;
            }
            stretch = MEASURED;
            for (SpanCpu span = current; span != null; span = span.parent) {
                span.open(now);
            }
        }
    }

    private void openUnmeasured(long now, int reason) {
        stretch = UNMEASURED;
        for (SpanCpu span = current; span != null; span = span.parent) {
            span.openUnmeasured(now, reason);
        }
    }

    private void closeStretch(long now) {
        if (stretch == UNMEASURED) {
            for (SpanCpu span = current; span != null; span = span.parent) {
                span.closeUnmeasured(now);
            }
        } else if (stretch == MEASURED) {
            closeMeasured(now);
        }
        stretch = NONE;
    }

    private void closeMeasured(long now) {
        long total;
        long kernel;
        try {
            clock.stop();
            total = clock.getNanoseconds();
            kernel = split ? clock.getKernelNanoseconds() : 0;
        } catch (CounterException failed) {
            clock = null;
            for (SpanCpu span = current; span != null; span = span.parent) {
                span.drop(now, SpanCpu.CLOCK_FAILED);
            }
            return;
        }
        for (SpanCpu span = current; span != null; span = span.parent) {
            span.close(now, total, kernel);
        }
    }
}
