package dev.counters.measure.internal;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import dev.counters.internal.ThreadControl.Adjustment;
import dev.counters.internal.ThreadControl;
import dev.counters.internal.VirtualThreads;
import dev.counters.measure.PreparationStep;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The calling thread pinned to one CPU and/or raised in priority, as benchmarks prepare it, for the
 * length of a try-with-resources block; {@link #close()} restores everything, in reverse order.
 *
 * <pre>{@code
 * try (PreparedThread prepared = PreparedThread.prepare(true, true)) {
 *     prepared.steps().forEach(System.out::println);   // what was applied, what was not and why
 *     ... measure ...
 * }                                                      // affinity and priority restored
 * }</pre>
 *
 * <p>Only the calling thread changes, never the whole JVM: pinning every thread to one CPU at
 * high priority starves the JIT compiler threads (an 82 ms function took 1021 ms). Prepare
 * <em>after</em> the warm-up, once the JIT has finished. A step that cannot be applied
 * (no platform module, no permission) is reported in {@link #steps()}, never silently skipped,
 * and never fails the measurement.
 */
public final class PreparedThread implements AutoCloseable {
    private final Thread owner = Thread.currentThread();
    private final List<Adjustment> adjustments;
    private final ImmutableList<PreparationStep> steps;
    private boolean closed;

    private PreparedThread(List<Adjustment> adjustments, List<PreparationStep> steps) {
        this.adjustments = adjustments;
        this.steps = ImmutableList.copyOf(steps);
    }

    /** Prepares the calling thread with the platform's {@link ThreadControl} (see {@link ThreadControls#best()}). */
    public static PreparedThread prepare(boolean pin, boolean raisePriority) {
        return prepare(ThreadControls.best(), ThreadControls.unavailableReason().orElse(ThreadControls.NO_PLATFORM_MODULE),
                pin, -1, raisePriority);
    }

    /** Prepares the calling thread with {@code control}: pins it to its last allowed CPU if asked, raises it if asked. */
    public static PreparedThread prepare(ThreadControl control, boolean pin, boolean raisePriority) {
        return prepare(control, pin, -1, raisePriority);
    }

    /**
     * Prepares the calling thread with {@code control}, pinning it to {@code cpu} (or, if
     * {@code cpu} is -1, to the last CPU it may run on now: CPU 0 usually takes more interrupts).
     */
    public static PreparedThread prepare(ThreadControl control, boolean pin, int cpu, boolean raisePriority) {
        requireNonNull(control, "control");
        Optional<String> unavailable = control.unavailableReason();
        return prepare(unavailable.isPresent() ? Optional.empty() : Optional.of(control),
                unavailable.map(reason -> control.name() + ": " + reason).orElse(""), pin, cpu, raisePriority);
    }

    public static PreparedThread prepare(Optional<ThreadControl> control, String unavailableReason, boolean pin, int cpu,
            boolean raisePriority) {
        checkArgument(cpu >= -1, "cpu must be a CPU number or -1 for 'choose one', was %s", cpu);
        if (pin || raisePriority) {
            refuseVirtualThread("PreparedThread.prepare()", "pins the calling thread or raises its priority");
        }
        List<Adjustment> adjustments = new ArrayList<>();
        List<PreparationStep> steps = new ArrayList<>();
        try {
            if (pin) {
                Adjustment pinning = control.isEmpty()
                        ? Adjustment.notApplied(unavailableReason)
                        : pin(control.get(), cpu);
                adjustments.add(pinning);
                steps.add(new PreparationStep(PreparationStep.PIN, pinning.applied(), pinning.description()));
            }
            if (raisePriority) {
                Adjustment raising = control.isEmpty()
                        ? Adjustment.notApplied(unavailableReason)
                        : raise(control.get());
                adjustments.add(raising);
                steps.add(new PreparationStep(PreparationStep.RAISE_PRIORITY, raising.applied(), raising.description()));
            }
        } catch (RuntimeException | Error e) {
            restore(adjustments);
            throw e;
        }
        return new PreparedThread(adjustments, steps);
    }

    private static Adjustment pin(ThreadControl control, int cpu) {
        int target = cpu;
        if (target == -1) {
            int[] allowed;
            try {
                allowed = control.allowedCpus();
            } catch (RuntimeException e) {
                return Adjustment.notApplied("cannot read the CPUs this thread may use (" + e.getMessage() + ")");
            }
            if (allowed.length == 0) {
                return Adjustment.notApplied(control.name() + " reports no CPU this thread may use");
            }
            target = Arrays.stream(allowed).max().getAsInt();
        }
        try {
            return control.pinCurrentThread(target);
        } catch (RuntimeException e) {
            return Adjustment.notApplied("pinning to CPU " + target + " failed (" + e.getMessage() + ")");
        }
    }

    private static Adjustment raise(ThreadControl control) {
        try {
            return control.raiseCurrentThreadPriority();
        } catch (RuntimeException e) {
            return Adjustment.notApplied("raising the priority failed (" + e.getMessage() + ")");
        }
    }

    /** What was asked for and what happened, in the order applied. */
    public List<PreparationStep> steps() {
        return steps;
    }

    /** Whether every step asked for took effect. */
    public boolean fullyApplied() {
        return steps.stream().allMatch(PreparationStep::applied);
    }

    /**
     * Restores the thread, undoing the steps in reverse order; a second call does nothing. Must
     * run on the thread that was prepared, as the platform restores only the calling thread.
     *
     * @throws IllegalStateException if called on another thread (nothing is restored then)
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        checkState(Thread.currentThread() == owner,
                "PreparedThread must be closed on thread '%s' that it prepared, not on '%s'", owner.getName(),
                Thread.currentThread().getName());
        closed = true;
        restore(adjustments);
    }

    /** Closes every adjustment, last first; if one fails the others are still closed and the first failure is thrown. */
    private static void restore(List<Adjustment> adjustments) {
        RuntimeException failure = null;
        for (int i = adjustments.size() - 1; i >= 0; i--) {
            try {
                adjustments.get(i).close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public String toString() {
        return steps.isEmpty() ? "nothing prepared" : steps.toString();
    }
    /**
     * Refuses to work on a virtual thread: its CPU time would be a carrier thread's, and pinning or
     * raising it would pin or raise whichever carrier it happens to run on.
     */
    public static void refuseVirtualThread(String what, String why) {
        Thread current = Thread.currentThread();
        if (VirtualThreads.isVirtual(current)) {
            throw new IllegalStateException(what + " " + why + ", but it was called on virtual thread " + current
                    + ": a virtual thread has no CPU clock of its own and runs on carrier threads that change whenever "
                    + "it blocks, so its CPU time would be a carrier's and pinning or raising it would change a carrier "
                    + "shared with other virtual threads. Call it on a platform thread (new Thread(...), "
                    + "Thread.ofPlatform(), a fixed thread pool)");
        }
    }

}
