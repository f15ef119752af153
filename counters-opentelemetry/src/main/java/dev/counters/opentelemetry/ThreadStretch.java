package dev.counters.opentelemetry;

import dev.counters.CounterException;
import dev.counters.CpuTimesCounter;
import dev.counters.internal.VirtualThreads;
import java.util.function.Supplier;

/**
 * One thread's view: which span is being charged now, and the thread's CPU clock, running while a
 * tracked span's context is current here. A switch to another span stops the clock, charges the
 * stretch to the span that was current (and its ancestors) and starts it again for the next one.
 * Confined to its thread; its clock is made the first time a tracked span becomes current here.
 */
final class ThreadStretch {
    private final Thread owner = Thread.currentThread();
    private final boolean virtual = VirtualThreads.isVirtual(owner);
    private final Supplier<? extends CpuTimesCounter> clocks;
    private CpuTimesCounter clock;
    private boolean split;
    private boolean running;
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
        SpanCpu previous = current;
        if (previous == next) {
            return;
        }
        current = next;
        if (virtual) {
            for (SpanCpu span = next; span != null; span = span.parent) {
                span.unmeasured(SpanCpu.VIRTUAL_THREAD);
            }
            return;
        }
        long now = System.nanoTime();
        closeStretch(previous, now);
        openStretch(next, now);
    }

    /**
     * Charges what this thread used so far to the current span's chain if {@code span} is in it,
     * ends {@code span}'s books, and goes on charging the rest of the chain: a span ended while
     * current here counts its CPU up to its end.
     */
    void endWithin(SpanCpu span, boolean hooked) {
        long now = System.nanoTime();
        if (virtual || !inCurrentChain(span)) {
            span.end(now, hooked);
            return;
        }
        closeStretch(current, now);
        span.end(now, hooked);
        openStretch(current, now);
    }

    private boolean inCurrentChain(SpanCpu span) {
        for (SpanCpu each = current; each != null; each = each.parent) {
            if (each == span) {
                return true;
            }
        }
        return false;
    }

    private void openStretch(SpanCpu next, long now) {
        if (next == null) {
            return;
        }
        try {
            if (clock == null) {
                clock = clocks.get();
                split = clock.getInfo().hasKernelUserSplit();
            }
            clock.start();
            running = true;
            for (SpanCpu span = next; span != null; span = span.parent) {
                span.open(now);
            }
        } catch (CounterException failed) {   // a clock that failed is dropped; the next stretch makes another
            clock = null;
            for (SpanCpu span = next; span != null; span = span.parent) {
                span.unmeasured(SpanCpu.CLOCK_FAILED);
            }
        }
    }

    private void closeStretch(SpanCpu previous, long now) {
        if (!running) {
            return;
        }
        running = false;
        long total;
        long kernel;
        try {
            clock.stop();
            total = clock.getNanoseconds();
            kernel = split ? clock.getKernelNanoseconds() : 0;
        } catch (CounterException failed) {
            clock = null;
            for (SpanCpu span = previous; span != null; span = span.parent) {
                span.drop(now, SpanCpu.CLOCK_FAILED);
            }
            return;
        }
        for (SpanCpu span = previous; span != null; span = span.parent) {
            span.close(now, total, kernel);
        }
    }
}
