package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** CPU masks against {@link BitSet}, which lays out {@code long} words exactly as {@code cpu_set_t} does on little- and big-endian alike. */
class CpuSetsTest {

    @Property
    void cpusAreTheSetBitsInAscendingOrder(@ForAll @Size(max = 40) Set<@IntRange(min = 0, max = 1023) Integer> cpus) {
        BitSet bits = new BitSet(1024);
        cpus.forEach(bits::set);
        long[] mask = java.util.Arrays.copyOf(bits.toLongArray(), 16);
        assertArrayEquals(bits.stream().toArray(), CpuSets.cpus(mask));
        for (int cpu = 0; cpu < 1024; cpu++) {
            assertEquals(bits.get(cpu), CpuSets.contains(mask, cpu));
        }
    }

    @Property
    void onlyHoldsExactlyOneCpu(@ForAll @IntRange(min = 0, max = 1023) int cpu) {
        assertArrayEquals(new int[] {cpu}, CpuSets.cpus(CpuSets.only(cpu, 16)));
    }

    @Test
    void formatsAsTheKernelsCpuList() {
        assertEquals("0-1", CpuSets.format(new int[] {0, 1}));
        assertEquals("0-3,6,8-9", CpuSets.format(new int[] {0, 1, 2, 3, 6, 8, 9}));
        assertEquals("5", CpuSets.format(new int[] {5}));
        assertEquals("", CpuSets.format(new int[0]));
    }

    @Test
    void containsIsFalseOutsideTheMask() {
        long[] mask = CpuSets.only(3, 1);
        assertTrue(CpuSets.contains(mask, 3));
        assertFalse(CpuSets.contains(mask, -1));
        assertFalse(CpuSets.contains(mask, 64));
    }
}
