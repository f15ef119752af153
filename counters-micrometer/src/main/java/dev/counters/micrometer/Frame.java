package dev.counters.micrometer;

import io.micrometer.observation.Observation;
import java.util.Arrays;

/**
 * One observation scope open on a platform thread, in {@link ThreadStretches}' stack: the clock reading
 * at its opening and the observations it charges. Kept for reuse when it closes, so a thread's steady
 * state allocates nothing. Confined to its thread.
 */
final class Frame {
    Observation.ContextView context;
    ObservationCpu[] targets = new ObservationCpu[2];
    int targetCount;
    long startTotal;
    long startKernel;
    /** Measured: it has a clock reading and observations to charge. */
    boolean measured;
    /** Not suspended by a scope of an unrelated observation above it. */
    boolean active;
    /** How many stretches below this one it suspended when it opened. */
    int suspended;
    /** Its context and every ancestor are charged by active measured stretches at or below it, as when it opened. */
    boolean chainCharged;

    void reset(Observation.ContextView owner) {
        context = owner;
        Arrays.fill(targets, 0, targetCount, null);
        targetCount = 0;
        measured = false;
        active = true;
        suspended = 0;
        chainCharged = false;
    }

    boolean targets(ObservationCpu cpu) {
        for (int i = 0; i < targetCount; i++) {
            if (targets[i] == cpu) {
                return true;
            }
        }
        return false;
    }

    void add(ObservationCpu cpu) {
        if (targetCount == targets.length) {
            targets = Arrays.copyOf(targets, targetCount * 2);
        }
        targets[targetCount++] = cpu;
    }
}
