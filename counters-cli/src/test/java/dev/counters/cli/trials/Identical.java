package dev.counters.cli.trials;

import dev.counters.measure.Task;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * A against A: tasks whose ratio is 1 by construction, for the identical-task settings of issue #28.
 * {@code counters compare --task-a Identical$Sort --task-b Identical$Sort} compares the same class
 * twice (two instances, each with its own array); {@code Identical$SharedSort} twice compares the
 * same object with itself, because every instance runs one shared {@link Sort}.
 */
public final class Identical {
    private Identical() {}

    /** {@code Arrays.sort} of a copy of 20,000 pseudo-random ints. */
    public static final class Sort implements Task {
        static final int LENGTH = 20_000;

        private final int[] data = IntStream.range(0, LENGTH).map(i -> i * 1_103_515_245 + 12_345).toArray();

        @Override
        public Object run() {
            int[] copy = data.clone();
            Arrays.sort(copy);
            return copy[copy.length / 2];
        }
    }

    /** Runs the one {@link Sort} every instance shares: task A and task B are the same object. */
    public static final class SharedSort implements Task {
        private static final Sort SHARED = new Sort();

        /** The one object every instance runs. */
        Sort delegate() {
            return SHARED;
        }

        @Override
        public Object run() {
            return SHARED.run();
        }
    }
}
