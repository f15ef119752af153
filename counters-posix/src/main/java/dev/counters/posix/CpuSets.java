package dev.counters.posix;

import dev.counters.nativeaccess.CpuLists;
import java.util.Arrays;

/** Linux CPU masks ({@code cpu_set_t} as {@code long} words, CPU {@code n} at bit {@code n % 64} of word {@code n / 64}). */
final class CpuSets {
    private CpuSets() {}

    /** The CPUs set in {@code mask}, ascending. */
    static int[] cpus(long[] mask) {
        int[] cpus = new int[Arrays.stream(mask).mapToInt(Long::bitCount).sum()];
        int next = 0;
        for (int word = 0; word < mask.length; word++) {
            for (long bits = mask[word]; bits != 0; bits &= bits - 1) {
                cpus[next++] = word * Long.SIZE + Long.numberOfTrailingZeros(bits);
            }
        }
        return cpus;
    }

    /** Whether {@code cpu} is set in {@code mask}. */
    static boolean contains(long[] mask, int cpu) {
        int word = cpu / Long.SIZE;
        return cpu >= 0 && word < mask.length && (mask[word] & (1L << (cpu % Long.SIZE))) != 0;
    }

    /** A mask of {@code words} words with only {@code cpu} set. */
    static long[] only(int cpu, int words) {
        long[] mask = new long[words];
        mask[cpu / Long.SIZE] = 1L << (cpu % Long.SIZE);
        return mask;
    }

    /** {@code "0-3,6"}: the CPU-list notation of {@code /proc/self/status}'s {@code Cpus_allowed_list}. */
    static String format(int[] cpus) {
        return CpuLists.format(cpus);
    }
}
