package dev.counters.cli.trials;

import dev.counters.measure.Task;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** Cache-sensitive: 10,000 lookups in a map of 100,000 boxed keys, a hash table against a red-black tree. */
public abstract class Lookups implements Task {
    private static final int SIZE = 100_000;
    private final Map<Integer, Integer> map;
    private int next = 1;

    Lookups(Map<Integer, Integer> map) {
        this.map = map;
        for (int i = 0; i < SIZE; i++) {
            map.put(i, i);
        }
    }

    @Override
    public Object run() {
        long sum = 0;
        for (int i = 0; i < 10_000; i++) {
            next = next * 1_103_515_245 + 12_345;
            sum += map.get((next >>> 1) % SIZE);
        }
        return sum;
    }

    /** A {@link HashMap}. */
    public static final class Hash extends Lookups {
        public Hash() {
            super(new HashMap<>());
        }
    }

    /** A {@link TreeMap}. */
    public static final class Tree extends Lookups {
        public Tree() {
            super(new TreeMap<>());
        }
    }
}
