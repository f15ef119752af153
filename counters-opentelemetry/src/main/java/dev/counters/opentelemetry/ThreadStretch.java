package dev.counters.opentelemetry;

import dev.counters.CounterException;
import dev.counters.CpuTimesCounter;
import dev.counters.internal.VirtualThreads;
import java.util.function.Supplier;

/**
 * One thread's view: which span is being charged now, and the thread's CPU clock, running while a
 * tracked span's context is current here. A switch to another span reads the clock once (a lap:
 * {@code stop()} measures from the same start each time) and charges the CPU since the last read to
 * the span that was current and its ancestors. The clock is started when a tracked span becomes
 * current on a thread where none was (a run begins) and left when none is current any more, so
 * each run's laps, and the kernel/user split that the clock apportions over the run, are short.
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
    /** Whether the clock was started for the run now going on; the laps of the run were read up to these. */
    private boolean running;
    private long lapTotal;
    private long lapKernel;
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
        if (next == null) {
            running = false;   // the run is over: the next one starts the clock afresh
        } else {
            openStretch(now);
        }
    }

    /**
     * Ends {@code span}'s books; if it is the current span or one of its ancestors, this thread's CPU
     * up to now is charged first, and the stretch goes on for the rest of the chain.
     */
    void endWithin(SpanCpu span) {
        long now = System.nanoTime();
        if (!inCurrentChain(span)) {
            span.end(now);
            return;
        }
        closeStretch(now);
        span.end(now);
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
        if (virtual) {
            openUnmeasured(now, SpanCpu.VIRTUAL_THREAD);
            return;
        }
        if (!running) {
            try {
                if (clock == null) {
                    clock = clocks.get();
                    split = clock.getInfo().hasKernelUserSplit();
                }
                clock.start();
            } catch (CounterException failed) {   // a clock that failed is dropped; the next run makes another
                clock = null;
                openUnmeasured(now, SpanCpu.CLOCK_FAILED);
                return;
            }
            running = true;
            lapTotal = 0;
            lapKernel = 0;
        }
        stretch = MEASURED;
        for (SpanCpu span = current; span != null; span = span.parent) {
            span.open(now);
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
            long runTotal = clock.getNanoseconds();
            long runKernel = split ? clock.getKernelNanoseconds() : 0;
            total = runTotal - lapTotal;
            // The run's split is re-apportioned at each lap: a lap's share of it can come out a little
            // below 0 or above its total when the sampled ratio moved; kernel + user stays the total.
            kernel = Math.max(0, Math.min(total, runKernel - lapKernel));
            lapTotal = runTotal;
            lapKernel = runKernel;
        } catch (CounterException failed) {
            clock = null;
            running = false;
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
