package dev.counters.cli.trials;

import dev.counters.measure.Task;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everyday work in known amounts, for the gate's own record (issue #47, item 5): parsing
 * ({@code Long.parseLong}, a regular expression), collections (a {@code HashMap}'s lookups, a boxed
 * list's sum, sorting) and hashing (CRC32), each in four sizes, 100, 101, 105 and 110 hundredths of one unit of
 * work, so that B does 1%, 5% or 10% more of the same work than A by construction. A unit is tens to
 * hundreds of microseconds; each size is its own class (a task has a public no-argument
 * constructor), e.g. {@code GateWork$Parse105}.
 *
 * <p>All but sorting go round the same small data {@code hundredths} times, so a size
 * changes the number of rounds and nothing else: the same data in the same caches. Longer data for
 * a larger size was no truth in time: CRC32 of 220 KB took 6% longer than of 200 KB, not 10%, and
 * 1% more lookups into a map of 20,000 took 9% longer (docs/trials/2026-11-28-evening.md).
 */
public final class GateWork {
    private GateWork() {}

    /** {@code Long.parseLong} of 40 decimal strings of 10 to 18 digits, hundredths rounds. */
    public abstract static class Parse implements Task {
        private final String[] texts = new String[40];
        private final int rounds;

        Parse(int hundredths) {
            rounds = hundredths;
            SplittableRandom random = new SplittableRandom(47);
            for (int i = 0; i < texts.length; i++) {
                texts[i] = Long.toString(random.nextLong(1_000_000_000L, Long.MAX_VALUE / 10));
            }
        }

        int rounds() {
            return rounds;
        }

        /** The strings, for a reference computation of the answer. */
        String[] texts() {
            return texts.clone();
        }

        @Override
        public Object run() {
            long sum = 0;
            for (int round = 0; round < rounds; round++) {
                for (String text : texts) {
                    sum += Long.parseLong(text);
                }
            }
            return sum;
        }
    }

    /** {@code HashMap.get} of 50 string keys in a map of 1,000, hundredths rounds. */
    public abstract static class MapGet implements Task {
        private static final int SIZE = 1_000;
        private final Map<String, Integer> map = new HashMap<>();
        private final String[] keys = new String[50];
        private final int rounds;

        MapGet(int hundredths) {
            rounds = hundredths;
            for (int i = 0; i < SIZE; i++) {
                map.put("customer-" + i, i);
            }
            SplittableRandom random = new SplittableRandom(47);
            for (int i = 0; i < keys.length; i++) {
                keys[i] = "customer-" + random.nextInt(SIZE);
            }
        }

        int rounds() {
            return rounds;
        }

        /** The values of one round's keys, for a reference computation of the answer. */
        long oneRound() {
            long sum = 0;
            for (String key : keys) {
                sum += Integer.parseInt(key.substring("customer-".length()));
            }
            return sum;
        }

        @Override
        public Object run() {
            long sum = 0;
            for (int round = 0; round < rounds; round++) {
                for (String key : keys) {
                    sum += map.get(key);
                }
            }
            return sum;
        }
    }

    /** The sum of a boxed {@code ArrayList} of 500 {@code Integer}s, hundredths rounds. */
    public abstract static class ListSum implements Task {
        private final List<Integer> list = new ArrayList<>();
        private final int rounds;

        ListSum(int hundredths) {
            rounds = hundredths;
            for (int i = 0; i < 500; i++) {
                list.add(i * 3);
            }
        }

        int rounds() {
            return rounds;
        }

        @Override
        public Object run() {
            long sum = 0;
            for (int round = 0; round < rounds; round++) {
                for (Integer value : list) {
                    sum += value;
                }
            }
            return sum;
        }
    }

    /** A date found by a regular expression in each of 20 log lines, hundredths rounds. */
    public abstract static class Regex implements Task {
        private static final Pattern DATE = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})");
        private final String[] lines = new String[20];
        private final int rounds;

        Regex(int hundredths) {
            rounds = hundredths;
            for (int i = 0; i < lines.length; i++) {
                lines[i] = "order " + i + " shipped 2026-" + (10 + i % 3) + "-" + (10 + i) + " ok";
            }
        }

        int rounds() {
            return rounds;
        }

        /** The log lines, for a reference computation of the answer. */
        String[] lines() {
            return lines.clone();
        }

        @Override
        public Object run() {
            long sum = 0;
            for (int round = 0; round < rounds; round++) {
                for (String line : lines) {
                    Matcher date = DATE.matcher(line);
                    if (date.find()) {
                        sum += date.end();
                    }
                }
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

    // Hashing: Crc32Rounds over 2 KiB (in the first-level cache), 4 x hundredths rounds.
    public static final class Hash100 extends Crc32Rounds { public Hash100() { super(2_048, 4 * 100); } }
    public static final class Hash101 extends Crc32Rounds { public Hash101() { super(2_048, 4 * 101); } }
    public static final class Hash105 extends Crc32Rounds { public Hash105() { super(2_048, 4 * 105); } }
    public static final class Hash110 extends Crc32Rounds { public Hash110() { super(2_048, 4 * 110); } }

    public static final class ListSum100 extends ListSum { public ListSum100() { super(100); } }
    public static final class ListSum101 extends ListSum { public ListSum101() { super(101); } }
    public static final class ListSum105 extends ListSum { public ListSum105() { super(105); } }
    public static final class ListSum110 extends ListSum { public ListSum110() { super(110); } }

    public static final class Regex100 extends Regex { public Regex100() { super(100); } }
    public static final class Regex101 extends Regex { public Regex101() { super(101); } }
    public static final class Regex105 extends Regex { public Regex105() { super(105); } }
    public static final class Regex110 extends Regex { public Regex110() { super(110); } }

    public static final class Sort100 extends Sort { public Sort100() { super(100); } }
    public static final class Sort101 extends Sort { public Sort101() { super(101); } }
    public static final class Sort105 extends Sort { public Sort105() { super(105); } }
    public static final class Sort110 extends Sort { public Sort110() { super(110); } }
}
