package dev.counters.cli.trials;

import dev.counters.measure.Task;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Everyday work in known amounts, for the gate's own record (issue #47, item 5): parsing, map
 * lookups, hashing ({@link Crc32Work}) and sorting, each in four sizes, 100, 101, 105 and 110
 * hundredths of one unit of work, so that B does 1%, 5% or 10% more of the same work than A by
 * construction. A unit is tens to hundreds of microseconds; each size is its own class (a task has a
 * public no-argument constructor), e.g. {@code GateWork$Parse105}.
 */
public final class GateWork {
    private GateWork() {}

    /** {@code Long.parseLong} of hundredths × 40 decimal strings of 10 to 18 digits. */
    public abstract static class Parse implements Task {
        private final String[] texts;

        Parse(int hundredths) {
            SplittableRandom random = new SplittableRandom(47);
            texts = new String[40 * hundredths];
            for (int i = 0; i < texts.length; i++) {
                texts[i] = Long.toString(random.nextLong(1_000_000_000L, Long.MAX_VALUE / 10));
            }
        }

        int items() {
            return texts.length;
        }

        @Override
        public Object run() {
            long sum = 0;
            for (String text : texts) {
                sum += Long.parseLong(text);
            }
            return sum;
        }
    }

    /**
     * {@code HashMap.get} of 5,000 string keys spread over a map of 20,000, then again of the first
     * (hundredths - 100) × 50 of them: the same keys, so the same caches, and the work in proportion.
     */
    public abstract static class MapGet implements Task {
        private static final int SIZE = 20_000;
        private final Map<String, Integer> map = new HashMap<>();
        private final String[] keys = new String[5_000];
        private final int again;

        MapGet(int hundredths) {
            for (int i = 0; i < SIZE; i++) {
                map.put("customer-" + i, i);
            }
            SplittableRandom random = new SplittableRandom(47);
            for (int i = 0; i < keys.length; i++) {
                keys[i] = "customer-" + random.nextInt(SIZE);
            }
            again = (hundredths - 100) * 50;
        }

        int items() {
            return keys.length + again;
        }

        @Override
        public Object run() {
            long sum = 0;
            for (String key : keys) {
                sum += map.get(key);
            }
            for (int i = 0; i < again; i++) {
                sum += map.get(keys[i]);
            }
            return sum;
        }
    }

    /** {@code Arrays.sort} of copies of hundredths arrays of 200 pseudo-random ints, one after another. */
    public abstract static class Sort implements Task {
        private final int[][] arrays;

        Sort(int hundredths) {
            SplittableRandom random = new SplittableRandom(47);
            arrays = new int[hundredths][];
            for (int i = 0; i < hundredths; i++) {
                arrays[i] = random.ints(200).toArray();
            }
        }

        int items() {
            return arrays.length;
        }

        @Override
        public Object run() {
            long sum = 0;
            for (int[] array : arrays) {
                int[] copy = array.clone();
                Arrays.sort(copy);
                sum += copy[copy.length / 2];
            }
            return sum;
        }
    }

    public static final class Parse100 extends Parse { public Parse100() { super(100); } }
    public static final class Parse101 extends Parse { public Parse101() { super(101); } }
    public static final class Parse105 extends Parse { public Parse105() { super(105); } }
    public static final class Parse110 extends Parse { public Parse110() { super(110); } }

    public static final class MapGet100 extends MapGet { public MapGet100() { super(100); } }
    public static final class MapGet101 extends MapGet { public MapGet101() { super(101); } }
    public static final class MapGet105 extends MapGet { public MapGet105() { super(105); } }
    public static final class MapGet110 extends MapGet { public MapGet110() { super(110); } }

    // Hashing: Crc32Work, CRC32 of 200 KB for 100 (within a core's L2 cache) and in proportion for the others.
    public static final class Hash100 extends Crc32Work { public Hash100() { super(2_000 * 100); } }
    public static final class Hash101 extends Crc32Work { public Hash101() { super(2_000 * 101); } }
    public static final class Hash105 extends Crc32Work { public Hash105() { super(2_000 * 105); } }
    public static final class Hash110 extends Crc32Work { public Hash110() { super(2_000 * 110); } }

    public static final class Sort100 extends Sort { public Sort100() { super(100); } }
    public static final class Sort101 extends Sort { public Sort101() { super(101); } }
    public static final class Sort105 extends Sort { public Sort105() { super(105); } }
    public static final class Sort110 extends Sort { public Sort110() { super(110); } }
}
