package dev.counters.measure.internal;

import dev.counters.measure.Task;
import java.util.function.DoubleSupplier;

/** One warm-up run of a task per call, through a {@link Pass}, numbered for the failure message; its wall time in nanoseconds. */
public final class WarmUpRuns implements DoubleSupplier {
    private final Pass pass;
    private final Task task;
    private final String phase;
    private int runs;

    /** Warm-up runs of {@code task} through {@code pass}, named {@code phase} ("warm-up run of A") when one fails. */
    public WarmUpRuns(Pass pass, Task task, String phase) {
        this.pass = pass;
        this.task = task;
        this.phase = phase;
    }

    @Override
    public double getAsDouble() {
        return pass.once(task, phase, runs++)[Pass.WALL];
    }
}
