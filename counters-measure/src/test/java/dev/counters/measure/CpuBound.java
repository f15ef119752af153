package dev.counters.measure;

import java.time.Duration;

/** A CPU-bound function with a serial dependency chain (xorshift), which the JIT can neither vectorise nor fold away. */
final class CpuBound {
    private CpuBound() {}

    static long run(long iterations) {
        long x = 0x9E3779B97F4A7C15L;
        for (long i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /** Roughly how many iterations take {@code target} here: the fastest of 50 compiled runs, so JIT tiers and noise do not inflate it. */
    static long iterationsFor(Duration target) {
        long iterations = 1_000_000;
        long sink = 0;
        long fastest = Long.MAX_VALUE;
        for (int i = 0; i < 50; i++) {
            long start = System.nanoTime();
            sink += run(iterations);
            fastest = Math.min(fastest, System.nanoTime() - start);
        }
        if (sink == 42) {
            System.out.print("");
        }
        return Math.max(1, iterations * target.toNanos() / fastest);
    }
}
