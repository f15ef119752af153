package dev.counters.measure.internal;

import dev.counters.internal.ThreadControl;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.IntSupplier;

/** A ThreadControl over an in-memory "thread state", recording every change and undo. */
public class FakeThreadControl implements ThreadControl {
    public int[] affinity = {0, 1, 2, 3};
    public int priority = 0;
    public boolean permitRaise = true;
    public final List<String> log = new ArrayList<>();
    /** What the measured task has done so far, sampled when pinning and raising. */
    public IntSupplier progress = () -> -1;
    public int progressWhenPinned = -1;
    public int progressWhenRaised = -1;
    public Thread pinnedOn;

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public int rank() {
        return 1;
    }

    @Override
    public Optional<String> unavailableReason() {
        return Optional.empty();
    }

    @Override
    public int[] allowedCpus() {
        return affinity.clone();
    }

    @Override
    public Adjustment pinCurrentThread(int cpu) {
        int[] before = affinity;
        affinity = new int[] {cpu};
        progressWhenPinned = progress.getAsInt();
        pinnedOn = Thread.currentThread();
        log.add("pin " + cpu);
        return adjustment("pinned to CPU " + cpu + " (was " + Arrays.toString(before) + ")", () -> {
            affinity = before;
            log.add("unpin");
        });
    }

    @Override
    public Adjustment raiseCurrentThreadPriority() {
        if (!permitRaise) {
            log.add("raise refused");
            return Adjustment.notApplied("permission denied (EACCES)");
        }
        int before = priority;
        priority = -20;
        progressWhenRaised = progress.getAsInt();
        log.add("raise");
        return adjustment("nice -20 (was " + before + ")", () -> {
            priority = before;
            log.add("lower");
        });
    }

    private static Adjustment adjustment(String description, Runnable undo) {
        return Adjustment.restoring(description, undo);
    }
}
