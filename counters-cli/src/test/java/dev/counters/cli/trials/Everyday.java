package dev.counters.cli.trials;

import dev.counters.measure.Task;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/** Everyday Java pairs: allocation, threads, waiting, regex and string building. */
public final class Everyday {
    private Everyday() {}

    /** Allocation and GC: 20,000 boxed integers in a list, summed. */
    public static final class BoxedList implements Task {
        @Override
        public Object run() {
            List<Integer> values = new ArrayList<>();
            for (int i = 0; i < 20_000; i++) {
                values.add(i * 31);
            }
            long sum = 0;
            for (Integer value : values) {
                sum += value;
            }
            return sum;
        }
    }

    /** The same sum over a primitive array: no allocation per element. */
    public static final class PrimitiveArray implements Task {
        @Override
        public Object run() {
            int[] values = new int[20_000];
            for (int i = 0; i < values.length; i++) {
                values[i] = i * 31;
            }
            long sum = 0;
            for (int value : values) {
                sum += value;
            }
            return sum;
        }
    }

    /** Multi-threaded: sorting 200,000 ints on this thread. */
    public static final class Sort implements Task {
        private final int[] data = IntStream.range(0, 200_000).map(i -> i * 1_103_515_245 + 12_345).toArray();

        @Override
        public Object run() {
            int[] copy = data.clone();
            Arrays.sort(copy);
            return copy[copy.length / 2];
        }
    }

    /** The same sort on the common pool's threads. */
    public static final class ParallelSort implements Task {
        private final int[] data = IntStream.range(0, 200_000).map(i -> i * 1_103_515_245 + 12_345).toArray();

        @Override
        public Object run() {
            int[] copy = data.clone();
            Arrays.parallelSort(copy);
            return copy[copy.length / 2];
        }
    }

    /** Waiting: 2 ms parked. */
    public static final class Wait2ms implements Task {
        @Override
        public Object run() {
            LockSupport.parkNanos(2_000_000);
            return null;
        }
    }

    /** Waiting: 3 ms parked (1.5 times {@link Wait2ms} on wall time, the same CPU time). */
    public static final class Wait3ms implements Task {
        @Override
        public Object run() {
            LockSupport.parkNanos(3_000_000);
            return null;
        }
    }

    private static final String LINE = "alpha,beta;gamma delta,epsilon;zeta eta,theta;iota kappa";
    private static final Pattern SEPARATORS = Pattern.compile("[,; ]");

    /** Regex: splitting 1,000 lines with a compiled pattern. */
    public static final class RegexSplit implements Task {
        @Override
        public Object run() {
            int parts = 0;
            for (int i = 0; i < 1_000; i++) {
                parts += SEPARATORS.split(LINE).length;
            }
            return parts;
        }
    }

    /** The same split by hand, one character at a time. */
    public static final class ManualSplit implements Task {
        @Override
        public Object run() {
            int parts = 0;
            for (int i = 0; i < 1_000; i++) {
                int start = 0;
                for (int c = 0; c < LINE.length(); c++) {
                    char ch = LINE.charAt(c);
                    if (ch == ',' || ch == ';' || ch == ' ') {
                        parts += c > start ? 1 : 0;
                        start = c + 1;
                    }
                }
                parts += LINE.length() > start ? 1 : 0;
            }
            return parts;
        }
    }

    /** String building: 2,000 numbers joined with {@code +=}. */
    public static final class Concat implements Task {
        @Override
        public Object run() {
            String text = "";
            for (int i = 0; i < 2_000; i++) {
                text += i;
            }
            return text.length();
        }
    }

    /** The same with a {@link StringBuilder}. */
    public static final class Builder implements Task {
        @Override
        public Object run() {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < 2_000; i++) {
                text.append(i);
            }
            return text.length();
        }
    }
}
