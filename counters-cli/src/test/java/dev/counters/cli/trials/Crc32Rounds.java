package dev.counters.cli.trials;

import dev.counters.measure.Task;
import java.util.zip.CRC32;

/**
 * CRC32 over one small array (8 KiB, in the first-level cache), round after round: {@link Plus1}
 * and {@link Plus5} make 1% and 5% more rounds over the very same bytes, so their work, and its
 * time, is 1.01 and 1.05 times {@link Base}'s by construction.
 *
 * <p>Why not longer arrays ({@link Crc32Work}): a 64 KiB array's speed depends on where it lies in
 * memory, by up to a fifth between two instances of one class in one JVM, so an array 5% longer
 * is not 5% slower in every placement, and no truth is constructed. Rounds over one array in the
 * first-level cache leave nothing to placement but the array's alignment, which every round
 * shares.
 */
public abstract class Crc32Rounds implements Task {
    /** The array: 8 KiB. */
    static final int BYTES = 8_192;
    /** {@link Base}'s rounds: 100, about 40 µs in all. */
    static final int BASE_ROUNDS = 100;

    private final byte[] data;
    private final CRC32 crc = new CRC32();
    private final int rounds;

    Crc32Rounds(int rounds) {
        this(BYTES, rounds);
    }

    /** {@code rounds} rounds over an array of {@code bytes} (GateWork's hashing: 2 KiB). */
    Crc32Rounds(int bytes, int rounds) {
        this.data = new byte[bytes];
        this.rounds = rounds;
        long seed = 42;
        for (int i = 0; i < bytes; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            data[i] = (byte) (seed >>> 56);
        }
    }

    /** How many rounds each run makes over the array: the work, by construction. */
    int rounds() {
        return rounds;
    }

    /** The array, for a reference computation of the answer. */
    byte[] data() {
        return data.clone();
    }

    @Override
    public Object run() {
        crc.reset();
        for (int round = 0; round < rounds; round++) {
            crc.update(data, 0, data.length);
        }
        return crc.getValue();
    }

    /** 100 rounds. */
    public static final class Base extends Crc32Rounds {
        public Base() {
            super(BASE_ROUNDS);
        }
    }

    /** 1% more rounds: 101. */
    public static final class Plus1 extends Crc32Rounds {
        public Plus1() {
            super(BASE_ROUNDS + BASE_ROUNDS / 100);
        }
    }

    /** 5% more rounds: 105. */
    public static final class Plus5 extends Crc32Rounds {
        public Plus5() {
            super(BASE_ROUNDS + BASE_ROUNDS / 20);
        }
    }
}
