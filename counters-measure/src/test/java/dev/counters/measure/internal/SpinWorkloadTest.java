package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The spin workload is Marsaglia's xorshift64 (13, 7, 17), step by step, and a task that carries on from its last run. */
class SpinWorkloadTest {

    /** One xorshift64 step written out independently, on unsigned 64-bit values. */
    private static long step(long x) {
        long a = x ^ (x << 13);
        long b = a ^ (a >>> 7);
        return b ^ (b << 17);
    }

    @Test
    void oneStepFromOneIsMarsagliasFirstValue() {
        // 1 -> 1 ^ 8192 = 8193 -> 8193 ^ 64 = 8257 -> 8257 ^ (8257 << 17) = 1,082,269,761
        assertEquals(1_082_269_761L, SpinWorkload.spin(1, 1));
    }

    @Property(tries = 200)
    void spinIsThatManySteps(@ForAll long seed, @ForAll @LongRange(min = 0, max = 300) long iterations) {
        long expected = seed == 0 ? SpinWorkload.spin(0, 0) : seed;
        for (long i = 0; i < iterations; i++) {
            expected = step(expected);
        }
        assertEquals(expected, SpinWorkload.spin(iterations, seed));
        assertNotEquals(0, expected, "xorshift never reaches 0 from a non-zero value");
    }

    @Test
    void aZeroSeedIsReplacedSinceXorshiftWouldStayAtZero() {
        assertNotEquals(0, SpinWorkload.spin(0, 0));
        assertNotEquals(0, SpinWorkload.spin(5, 0));
    }

    @Test
    void eachRunCarriesOnFromTheLast() {
        SpinWorkload workload = SpinWorkload.of(10);
        long first = (Long) workload.run();
        long second = (Long) workload.run();
        assertEquals(SpinWorkload.spin(10, first), second);
        assertEquals(SpinWorkload.spin(20, 0), second);
        assertEquals(10, workload.iterations());
        assertEquals("10 xorshift steps", workload.toString());
    }

    @Test
    void badSizesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> SpinWorkload.of(0));
        assertThrows(IllegalArgumentException.class, () -> SpinWorkload.spin(-1, 1));
    }
}
