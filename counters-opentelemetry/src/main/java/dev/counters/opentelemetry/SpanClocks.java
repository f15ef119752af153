package dev.counters.opentelemetry;

import dev.counters.CounterException;
import dev.counters.CpuTimesCounter;
import io.opentelemetry.sdk.trace.ReadableSpan;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The CPU clocks of the spans one thread has started and not yet ended there: a stack, one frame per
 * nesting level, each frame a span (by identity) and its started clock. Clocks stay in their slots
 * when frames go, so a thread's steady state allocates nothing. Confined to its thread.
 *
 * <p>Spans may end in any order: an ending span's frame is taken out wherever it is, and the frames
 * above it move down. A span ended on another thread leaves its frame behind; such frames are swept
 * out, by asking their spans whether they have ended, only when the stack is full, so a thread that
 * hands every span to another thread still keeps no more than a full stack's worth.
 */
final class SpanClocks {
    private static final int FIRST_CAPACITY = 8;

    private final Supplier<? extends CpuTimesCounter> counters;
    private ReadableSpan[] spans = new ReadableSpan[FIRST_CAPACITY];
    private CpuTimesCounter[] clocks = new CpuTimesCounter[FIRST_CAPACITY];
    private int depth;

    SpanClocks(Supplier<? extends CpuTimesCounter> counters) {
        this.counters = counters;
    }

    /** Starts a clock for {@code span}, which the current thread (this stack's) has just started. */
    void push(ReadableSpan span) {
        if (depth == spans.length) {
            makeRoom();
        }
        int frame = depth++;
        spans[frame] = span;
        try {
            CpuTimesCounter clock = clocks[frame];
            if (clock == null) {
                clock = counters.get();
                clocks[frame] = clock;
            }
            clock.start();
        } catch (CounterException failed) {   // a clock that failed is dropped, not reused
            clocks[frame] = null;
        }
    }

    /** What {@link #pop} returns where the current thread did not start the span. */
    static final int NOT_STARTED_HERE = -1;
    /** What {@link #pop} returns where the span's clock could not be read, at start or at end. */
    static final int CLOCK_FAILED = -2;

    /**
     * Stops the clock of {@code span} and takes its frame out of the stack. Returns the slot of the
     * stopped clock, which {@link #clock} gives until the next {@link #push}; or
     * {@link #NOT_STARTED_HERE} or {@link #CLOCK_FAILED}.
     */
    int pop(ReadableSpan span) {
        for (int frame = depth - 1; frame >= 0; frame--) {
            if (spans[frame] == span) {
                moveToTop(frame);
                spans[--depth] = null;
                return stop(depth);
            }
        }
        return NOT_STARTED_HERE;
    }

    /** The clock of a frame {@link #pop} returned. */
    CpuTimesCounter clock(int frame) {
        return clocks[frame];
    }

    private int stop(int frame) {
        if (clocks[frame] == null) { // its start failed: the span is still marked as started here
            return CLOCK_FAILED;
        }
        try {
            clocks[frame].stop();
            return frame;
        } catch (CounterException failed) {
            clocks[frame] = null;
            return CLOCK_FAILED;
        }
    }

    int depth() {
        return depth;
    }

    /** Sweeps out the frames of spans ended elsewhere; doubles the stack if it is still full. */
    private void makeRoom() {
        int kept = 0;
        for (int frame = 0; frame < depth; frame++) {
            if (!spans[frame].hasEnded()) {
                swap(frame, kept++);
            }
        }
        Arrays.fill(spans, kept, depth, null);
        depth = kept;
        if (depth == spans.length) {
            spans = Arrays.copyOf(spans, depth * 2);
            clocks = Arrays.copyOf(clocks, depth * 2);
        }
    }

    /** Moves a frame to the top of the stack, and the frames above it down by one. */
    private void moveToTop(int frame) {
        for (int above = frame + 1; above < depth; above++) {
            swap(above, above - 1);
        }
    }

    private void swap(int from, int to) {
        ReadableSpan span = spans[to];
        spans[to] = spans[from];
        spans[from] = span;
        CpuTimesCounter clock = clocks[to];
        clocks[to] = clocks[from];
        clocks[from] = clock;
    }
}
