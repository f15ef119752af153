package dev.counters.cli.trials;

import dev.counters.measure.Task;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The pairs issue #51 names, for its trials: a serial sort against a parallel one (tens of
 * milliseconds a run, every fork agreeing), one-call tasks of tens of nanoseconds, and tasks about
 * ten thousand times apart; and pairs of known difference (the same work 1.00, 1.05 and 1.10
 * times), to check that "a budget of about N s would decide" holds.
 */
public final class Issue51 {
    private Issue51() {}

    /** Arrays.sort of a copy of 1,000,000 pseudo-random ints, on this thread. */
    public static final class SerialSort implements Task {
        private final int[] data = randomInts(1_000_000, 51);

        @Override
        public Object run() {
            int[] copy = data.clone();
            Arrays.sort(copy);
            return copy;
        }
    }

    /** Arrays.parallelSort of the same ints, on the common pool (run it with its parallelism set to 2). */
    public static final class ParallelSort implements Task {
        private final int[] data = randomInts(1_000_000, 51);

        @Override
        public Object run() {
            int[] copy = data.clone();
            Arrays.parallelSort(copy);
            return copy;
        }
    }

    /** One call of a few tens of nanoseconds: parse a seven-digit int. */
    public static final class ParseSeven implements Task {
        private final String text = "1234567";

        @Override
        public Object run() {
            return Integer.parseInt(text);
        }
    }

    /** One call of about half that: parse a three-digit int. */
    public static final class ParseThree implements Task {
        private final String text = "123";

        @Override
        public Object run() {
            return Integer.parseInt(text);
        }
    }

    /** Sorts a copy of 20,000 ints: about ten thousand times {@link ParseThree}. */
    public static final class SortTwentyThousand implements Task {
        private final int[] data = randomInts(20_000, 7);

        @Override
        public Object run() {
            int[] copy = data.clone();
            Arrays.sort(copy);
            return copy;
        }
    }

    /** A checksum-like loop over 200,000 ints: the unit of work of the known differences. */
    public static final class Work100 implements Task {
        private final int[] data = randomInts(200_000, 3);

        @Override
        public Object run() {
            return mix(data, 100);
        }
    }

    /** The same work, 5% more of it. */
    public static final class Work105 implements Task {
        private final int[] data = randomInts(200_000, 3);

        @Override
        public Object run() {
            return mix(data, 105);
        }
    }

    /** The same work, 10% more of it. */
    public static final class Work110 implements Task {
        private final int[] data = randomInts(200_000, 3);

        @Override
        public Object run() {
            return mix(data, 110);
        }
    }

    /** The same work, 1% more of it. */
    public static final class Work101 implements Task {
        private final int[] data = randomInts(200_000, 3);

        @Override
        public Object run() {
            return mix(data, 101);
        }
    }

    /** {@code hundredths} / 100 passes over {@code data}, each a multiply-add chain no compiler folds. */
    static long mix(int[] data, int hundredths) {
        long h = 1;
        int n = data.length * hundredths / 100;
        for (int i = 0; i < n; i++) {
            h = h * 31 + data[i % data.length];
        }
        return h;
    }

    static int[] randomInts(int n, long seed) {
        return new SplittableRandom(seed).ints(n).toArray();
    }
}
