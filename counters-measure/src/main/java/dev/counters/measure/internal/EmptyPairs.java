package dev.counters.measure.internal;

import dev.counters.Counter;

/**
 * {@code start(); stop();} repeated with nothing between: the loop whose cost {@link Calibration}
 * reads from inside (the ticks a pair reads) and {@link CostMeter} times from outside (what a pair
 * costs its caller). One loop for both, so that both measure the same code.
 */
public final class EmptyPairs {
    private EmptyPairs() {}

    /** Runs {@code pairs} empty pairs of {@code counter}; leaves it stopped (if {@code pairs > 0}). */
    static void run(Counter counter, long pairs) {
        for (long i = 0; i < pairs; i++) {
            counter.start();
            counter.stop();
        }
    }
}
