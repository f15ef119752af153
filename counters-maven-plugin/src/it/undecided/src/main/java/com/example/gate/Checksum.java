package com.example.gate;

/** FNV-1a over the data, 2 pass(es): the work of this build (the release makes 2). */
public final class Checksum {
    static final int PASSES = 2;

    private Checksum() {}

    public static long of(byte[] data) {
        long hash = 0xcbf29ce484222325L;
        for (int pass = 0; pass < PASSES; pass++) {
            for (byte b : data) {
                hash ^= b;
                hash *= 0x100000001b3L;
            }
        }
        return hash;
    }
}
