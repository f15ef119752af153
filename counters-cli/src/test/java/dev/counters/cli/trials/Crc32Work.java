package dev.counters.cli.trials;

import dev.counters.measure.Task;
import java.util.zip.CRC32;

/**
 * CRC32 over a fixed array of pseudo-random bytes: work exactly proportional to the array's length,
 * so {@link Plus1} and {@link Plus5} are 1.01 and 1.05 times {@link Base} by construction, and
 * {@link Same} is {@link Base}'s code under another class name.
 */
public abstract class Crc32Work implements Task {
    /** The base length: 64 KiB, about 10-20 µs of CRC32. */
    static final int BASE_BYTES = 65_536;

    private final byte[] data;
    private final CRC32 crc = new CRC32();

    Crc32Work(int length) {
        data = new byte[length];
        long seed = 42;
        for (int i = 0; i < length; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            data[i] = (byte) (seed >>> 56);
        }
    }

    /** How many bytes each run checksums: the work, by construction. */
    int bytes() {
        return data.length;
    }

    @Override
    public Object run() {
        crc.reset();
        crc.update(data, 0, data.length);
        return crc.getValue();
    }

    /** 64 KiB. */
    public static final class Base extends Crc32Work {
        public Base() {
            super(BASE_BYTES);
        }
    }

    /** The same 64 KiB under another class name: identical code, ratio 1 by construction. */
    public static final class Same extends Crc32Work {
        public Same() {
            super(BASE_BYTES);
        }
    }

    /** 1% more bytes. */
    public static final class Plus1 extends Crc32Work {
        public Plus1() {
            super(BASE_BYTES + BASE_BYTES / 100);
        }
    }

    /** 5% more bytes. */
    public static final class Plus5 extends Crc32Work {
        public Plus5() {
            super(BASE_BYTES + BASE_BYTES / 20);
        }
    }
}
