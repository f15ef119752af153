package dev.counters.micrometer;

import dev.counters.CpuTimesCounter;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationView;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One platform thread's open stretches: a stack of the observation scopes open on it, each with the
 * thread's CPU clock read when it opened, and the observations it charges. Confined to its thread.
 *
 * <p>The thread has one THREAD_TIMES counter, started once and read again at each scope event (a lap
 * from its start), so an event costs one read of the clock however deep the stack. A stretch charges
 * its observation and those of the observation's ancestors that no open stretch of this thread charges
 * yet: a child observation's CPU is its parent's too, and never twice. A scope of an observation that
 * does not descend from the one open below it (another request's, restored on this thread) suspends
 * every stretch below until it closes, so a thread that serves another request in between never adds
 * that request's CPU to this one.
 */
final class ThreadStretches {
    private final Supplier<? extends CpuTimesCounter> counters;
    private final Object key;
    private final Consumer<ObservationCpu> recorder;
    private CpuTimesCounter clock;
    private boolean split;
    private Frame[] frames = new Frame[4];
    private int depth;
    /** How many frames are active (not suspended), so that a scan for them ends where the last one is. */
    private int activeFrames;
    /** Counts the scopes opened on this thread and the clocks made: an unscoped observation is measured only while it stays. */
    private long epoch;
    private long nowTotal;
    private long nowKernel;

    /**
     * The stretches of the current thread, read with counters from {@code counters}; {@code key} finds
     * each context's {@link ObservationCpu}, and {@code recorder} records one whose last stretch closes here after its stop.
     */
    ThreadStretches(Supplier<? extends CpuTimesCounter> counters, Object key, Consumer<ObservationCpu> recorder) {
        this.counters = counters;
        this.key = key;
        this.recorder = recorder;
    }

    /**
     * A scope of {@code context} (whose state is {@code cpu}) opened on this thread; {@code cpu} is null
     * for a scope that only hides the observations below it (Micrometer's {@code NullObservation}, which
     * context propagation opens to clear a thread), so it suspends them and charges nothing.
     */
    void open(Observation.Context context, ObservationCpu cpu) {
        epoch++;
        if (cpu != null) {
            cpu.scopeOpened();
        }
        Frame frame = push(context);
        if (clock == null && (cpu == null || !clockMade(cpu))) {
            return;
        }
        try {
            boolean read = false;
            Observation.ContextView chargedFrom = null;
            if (depth > 1) {
                Frame below = frames[depth - 2];
                if (below.active && !descends(context, below.context)) {
                    read();
                    read = true;
                    frame.suspended = suspendBelow(depth - 1);
                } else if (below.active && below.chainCharged) {
                    chargedFrom = below.context;
                }
            }
            if (cpu == null) {
                return;
            }
            if (chargedFrom != null) {
                addUnchargedChain(frame, context, cpu, chargedFrom);
            } else {
                addChain(frame, context, cpu);
            }
            frame.chainCharged = true;
            if (frame.targetCount == 0) {
                return;
            }
            if (!read) {
                read();
            }
            frame.startTotal = nowTotal;
            frame.startKernel = nowKernel;
            frame.measured = true;
            long wall = System.nanoTime();
            for (int i = 0; i < frame.targetCount; i++) {
                frame.targets[i].stretchOpened(wall);
            }
        } catch (RuntimeException | LinkageError | OutOfMemoryError failed) {
            fail();
            if (cpu != null) {
                cpu.unmeasured(Unmeasured.CLOCK_FAILED);
            }
        }
    }

    /**
     * An observation started on this thread: the clock is read, so that the observation can be measured
     * from its start to its stop should it never open a scope ({@link #measureUnscoped}).
     */
    void started(ObservationCpu cpu) {
        if (clock == null && !clockMade(cpu)) {
            return;
        }
        try {
            read();
            cpu.startedOn(this, epoch, nowTotal, nowKernel);
        } catch (RuntimeException | LinkageError | OutOfMemoryError failed) {
            fail();
            cpu.unmeasured(Unmeasured.CLOCK_FAILED);
        }
    }

    /**
     * Charges {@code cpu}, an observation that never opened a scope and stops now, with this thread's
     * CPU since its start, where it started on this thread and no scope opened here since (nothing else
     * became current, so the thread's CPU in between is its work).
     */
    void measureUnscoped(ObservationCpu cpu) {
        if (clock == null || !cpu.startedOn(this, epoch)) {
            return;
        }
        try {
            read();
            long total = Math.max(0, nowTotal - cpu.startTotalNanos());
            long kernel = split ? Math.max(0, Math.min(total, nowKernel - cpu.startKernelNanos())) : 0;
            cpu.measuredWhole(total, kernel, split);
        } catch (RuntimeException | LinkageError | OutOfMemoryError failed) {
            fail();
            cpu.unmeasured(Unmeasured.CLOCK_FAILED);
        }
    }

    /**
     * Micrometer reset this thread's scopes (context propagation clearing the thread, or rebuilding its
     * scopes before making one current, which reopens each): every stretch open here ends now.
     */
    void reset() {
        try {
            boolean read = false;
            long wall = System.nanoTime();
            for (int at = depth - 1; at >= 0; at--) {
                Frame frame = frames[at];
                if (frame.measured && frame.active) {
                    if (!read) {
                        read();
                        read = true;
                    }
                    charge(frame);
                    for (int i = 0; i < frame.targetCount; i++) {
                        closed(frame.targets[i], wall);
                    }
                }
            }
        } catch (RuntimeException | LinkageError | OutOfMemoryError failed) {
            fail();
        } finally {
            while (depth > 0) {
                remove(depth - 1);
            }
        }
    }

    /** The scope of {@code context} closed (or was reset) on this thread: its stretch is charged, and what it suspended resumes. */
    void close(Observation.ContextView context) {
        int at = depth - 1;
        while (at >= 0 && frames[at].context != context) {
            at--;
        }
        if (at < 0) {
            return;
        }
        Frame frame = frames[at];
        try {
            if (frame.measured && frame.active) {
                read();
                charge(frame);
                long wall = System.nanoTime();
                for (int i = 0; i < frame.targetCount; i++) {
                    closed(frame.targets[i], wall);
                }
            }
            if (frame.suspended > 0 && clock != null) {
                if (!frame.measured || !frame.active) {
                    read();
                }
                resumeBelow(at, frame.suspended);
            }
        } catch (RuntimeException | LinkageError | OutOfMemoryError failed) {
            fail();
        } finally {
            remove(at);
        }
    }

    private boolean clockMade(ObservationCpu cpu) {
        try {
            CpuTimesCounter made = counters.get();
            made.start();
            split = made.getInfo().hasKernelUserSplit();
            clock = made;
            return true;
        } catch (RuntimeException | LinkageError | OutOfMemoryError failed) {
            cpu.unmeasured(Unmeasured.CLOCK_FAILED);
            return false;
        }
    }

    /** A measured stretch of {@code cpu} ended at {@code wall}; if it was the last of a stopped observation, records it. */
    private void closed(ObservationCpu cpu, long wall) {
        if (cpu.stretchClosed(wall)) {
            recorder.accept(cpu);
        }
    }

    private void read() {
        clock.stop();
        nowTotal = clock.getNanoseconds();
        nowKernel = split ? clock.getKernelNanoseconds() : 0;
    }

    private void charge(Frame frame) {
        long total = Math.max(0, nowTotal - frame.startTotal);
        long kernel = split ? Math.max(0, Math.min(total, nowKernel - frame.startKernel)) : 0;
        for (int i = 0; i < frame.targetCount; i++) {
            frame.targets[i].add(total, kernel, split);
        }
    }

    /** Suspends the active stretches at and below {@code top} (a contiguous run), charging them up to now; returns how many. */
    private int suspendBelow(int top) {
        long wall = System.nanoTime();
        int suspended = 0;
        for (int at = top - 1; at >= 0 && frames[at].active; at--) {
            Frame frame = frames[at];
            frame.active = false;
            activeFrames--;
            suspended++;
            if (frame.measured) {
                charge(frame);
                for (int i = 0; i < frame.targetCount; i++) {
                    closed(frame.targets[i], wall);
                }
            }
        }
        return suspended;
    }

    private void resumeBelow(int top, int count) {
        long wall = System.nanoTime();
        for (int at = top - 1; at >= 0 && count > 0; at--, count--) {
            Frame frame = frames[at];
            frame.active = true;
            frame.chainCharged = false;
            activeFrames++;
            if (frame.measured) {
                frame.startTotal = nowTotal;
                frame.startKernel = nowKernel;
                for (int i = 0; i < frame.targetCount; i++) {
                    frame.targets[i].stretchOpened(wall);
                }
            }
        }
    }

    /** The clock failed: no open stretch of this thread is measured any more, and the next scope makes a new clock. */
    private void fail() {
        long wall = System.nanoTime();
        for (int at = 0; at < depth; at++) {
            Frame frame = frames[at];
            if (frame.measured) {
                for (int i = 0; i < frame.targetCount; i++) {
                    frame.targets[i].unmeasured(Unmeasured.CLOCK_FAILED);
                    if (frame.active) {
                        closed(frame.targets[i], wall);
                    }
                }
                frame.measured = false;
            }
            frame.chainCharged = false;
        }
        clock = null;
        epoch++;
    }

    /** Whether an active measured stretch of this thread charges {@code cpu} already. */
    private boolean charged(ObservationCpu cpu) {
        int unseen = activeFrames - (frames[depth - 1].active ? 1 : 0);
        for (int at = depth - 2; at >= 0 && unseen > 0; at--) {
            Frame frame = frames[at];
            if (frame.active) {
                unseen--;
                if (frame.measured && frame.targets(cpu)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Charges {@code frame} with {@code cpu} and each ancestor's that no active stretch of this thread charges yet. */
    private void addChain(Frame frame, Observation.ContextView context, ObservationCpu cpu) {
        addTarget(frame, cpu);
        for (ObservationView parent = context.getParentObservation(); parent != null;
                parent = parent.getContextView().getParentObservation()) {
            ObservationCpu ancestor = parent.getContextView().get(key);
            if (ancestor != null) {
                addTarget(frame, ancestor);
            }
        }
    }

    /**
     * Charges {@code frame} with {@code cpu} and the ancestors up to {@code chargedFrom}, the context of
     * the active stretch below, which (with its whole ancestry) is charged already: so a scope opened
     * inside its parent's costs what lies between them, not the depth of the stack or of the ancestry.
     */
    private void addUnchargedChain(Frame frame, Observation.ContextView context, ObservationCpu cpu,
            Observation.ContextView chargedFrom) {
        if (context == chargedFrom) {
            return;
        }
        frame.add(cpu);
        for (ObservationView parent = context.getParentObservation(); parent != null
                && parent.getContextView() != chargedFrom; parent = parent.getContextView().getParentObservation()) {
            ObservationCpu ancestor = parent.getContextView().get(key);
            if (ancestor != null && !frame.targets(ancestor)) {
                frame.add(ancestor);
            }
        }
    }

    private void addTarget(Frame frame, ObservationCpu cpu) {
        if (!charged(cpu) && !frame.targets(cpu)) {
            frame.add(cpu);
        }
    }

    /** Whether {@code context} is {@code ancestor} or one of its descendants. */
    private static boolean descends(Observation.ContextView context, Observation.ContextView ancestor) {
        if (context == ancestor) {
            return true;
        }
        for (ObservationView parent = context.getParentObservation(); parent != null;
                parent = parent.getContextView().getParentObservation()) {
            if (parent.getContextView() == ancestor) {
                return true;
            }
        }
        return false;
    }

    private Frame push(Observation.ContextView context) {
        if (depth == frames.length) {
            frames = Arrays.copyOf(frames, depth * 2);
        }
        Frame frame = frames[depth];
        if (frame == null) {
            frame = new Frame();
            frames[depth] = frame;
        }
        depth++;
        activeFrames++;
        frame.reset(context);
        return frame;
    }

    private void remove(int at) {
        Frame removed = frames[at];
        if (removed.active) {
            activeFrames--;
        }
        removed.reset(null);
        System.arraycopy(frames, at + 1, frames, at, depth - at - 1);
        depth--;
        frames[depth] = removed;
        for (int above = at; above < depth; above++) {
            frames[above].chainCharged = false;
        }
    }
}
