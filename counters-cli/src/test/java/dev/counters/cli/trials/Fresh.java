package dev.counters.cli.trials;

import dev.counters.measure.Task;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.zip.Adler32;
import java.util.zip.CRC32C;

/**
 * Real-code pairs written for issue #41's trials, none of them a pair Compare was tuned on: a
 * linked queue against an array one, sorts of tens of milliseconds, a stream pipeline against its
 * loop, two checksums, and one word count under two class names (truth 1).
 */
public final class Fresh {
    private Fresh() {}

    /** A queue of 50,000 boxed ints through an {@link ArrayDeque}: offered, then polled and summed. */
    public static final class ArrayQueue implements Task {
        private final Queue<Integer> queue = new ArrayDeque<>();

        @Override
        public Object run() {
            return churn(queue);
        }
    }

    /** The same through a {@link LinkedList}: a node per element, scattered as the heap places them. */
    public static final class LinkedQueue implements Task {
        private final Queue<Integer> queue = new LinkedList<>();

        @Override
        public Object run() {
            return churn(queue);
        }
    }

    private static long churn(Queue<Integer> queue) {
        for (int i = 0; i < 50_000; i++) {
            queue.offer(i);
        }
        long sum = 0;
        for (Integer value = queue.poll(); value != null; value = queue.poll()) {
            sum += value;
        }
        return sum;
    }

    /** Arrays.sort of a copy of 1,000,000 pseudo-random ints: tens of milliseconds a run. */
    public static final class SortMillion implements Task {
        private final int[] data = randomInts(1_000_000);

        @Override
        public Object run() {
            int[] copy = data.clone();
            Arrays.sort(copy);
            return copy[copy.length / 2];
        }
    }

    /** The same sort of 1,200,000 ints: 20% more elements, about 21% more work. */
    public static final class SortMillionTwo implements Task {
        private final int[] data = randomInts(1_200_000);

        @Override
        public Object run() {
            int[] copy = data.clone();
            Arrays.sort(copy);
            return copy[copy.length / 2];
        }
    }

    /** The sum of the squares of the even values of 100,000 ints, as a stream pipeline. */
    public static final class StreamSum implements Task {
        private final int[] data = randomInts(100_000);

        @Override
        public Object run() {
            return IntStream.of(data).filter(v -> (v & 1) == 0).mapToLong(v -> (long) v * v).sum();
        }
    }

    /** The same sum as a loop. */
    public static final class LoopSum implements Task {
        private final int[] data = randomInts(100_000);

        @Override
        public Object run() {
            long sum = 0;
            for (int v : data) {
                if ((v & 1) == 0) {
                    sum += (long) v * v;
                }
            }
            return sum;
        }
    }

    /** CRC32C of 64 KiB. */
    public static final class Crc32c implements Task {
        private final byte[] data = randomBytes(64 * 1024);

        @Override
        public Object run() {
            CRC32C crc = new CRC32C();
            crc.update(data);
            return crc.getValue();
        }
    }

    /** Adler-32 of the same 64 KiB. */
    public static final class Adler implements Task {
        private final byte[] data = randomBytes(64 * 1024);

        @Override
        public Object run() {
            Adler32 adler = new Adler32();
            adler.update(data);
            return adler.getValue();
        }
    }

    /** Counts the words of a 2,000-word text in a {@link HashMap}. */
    public static final class WordCount implements Task {
        private final String[] words = words(2_000);

        @Override
        public Object run() {
            Map<String, Integer> counts = new HashMap<>();
            for (String word : words) {
                counts.merge(word, 1, Integer::sum);
            }
            return counts.size();
        }
    }

    /** The very same code as {@link WordCount}, under another name: truth 1. */
    public static final class WordCountTwin implements Task {
        private final String[] words = words(2_000);

        @Override
        public Object run() {
            Map<String, Integer> counts = new HashMap<>();
            for (String word : words) {
                counts.merge(word, 1, Integer::sum);
            }
            return counts.size();
        }
    }

    private static int[] randomInts(int count) {
        return new SplittableRandom(41).ints(count).toArray();
    }

    private static byte[] randomBytes(int count) {
        byte[] bytes = new byte[count];
        SplittableRandom random = new SplittableRandom(41);
        for (int i = 0; i < count; i++) {
            bytes[i] = (byte) random.nextInt();
        }
        return bytes;
    }

    private static String[] words(int count) {
        SplittableRandom random = new SplittableRandom(41);
        String[] words = new String[count];
        for (int i = 0; i < count; i++) {
            words[i] = "w" + random.nextInt(500);
        }
        return words;
    }
}
