package dev.counters.examples;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Arrays;

/** The median of a handful of samples: the middle one, or the mean of the two middle ones. */
final class Medians {
    private Medians() {}

    static double of(double[] samples) {
        checkArgument(samples.length > 0, "no samples");
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    static double of(long[] samples) {
        return of(Arrays.stream(samples).asDoubleStream().toArray());
    }
}
