package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import dev.counters.nativeaccess.Scratch;
import java.math.BigInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The structure layouts, against a BigInteger reference and the kernel's own timespec. */
class LayoutsTest {

    @Property
    void timespecIsSecondsTimesABillionPlusNanoseconds(
            @ForAll @LongRange(min = 0, max = 9_223_372_035L) long seconds, @ForAll @LongRange(min = 0, max = 999_999_999) long nanos) {
        Scratch scratch = heap(16);
        scratch.buffer().putLong(0, seconds).putLong(8, nanos);
        assertEquals(BigInteger.valueOf(seconds).multiply(BigInteger.valueOf(1_000_000_000)).add(BigInteger.valueOf(nanos)),
                BigInteger.valueOf(Layouts.timespecNanos(scratch)));
    }

    @Property
    void aTimespecBeyondTheYear2262OverflowsLoudly(@ForAll @LongRange(min = 9_223_372_037L) long seconds) {
        assertThrows(ArithmeticException.class, () -> Layouts.nanos(seconds, 0));
    }

    @Property
    void timevalReadsAWideOrANarrowMicrosecondField(
            @ForAll @LongRange(min = 0, max = 1L << 40) long seconds, @ForAll @LongRange(min = 0, max = 999_999) int micros) {
        Scratch wide = heap(64);
        wide.buffer().putLong(16, seconds).putLong(24, micros);
        Scratch narrow = heap(64);
        narrow.buffer().putLong(16, seconds).putInt(24, micros).putInt(28, 0xDEADBEEF);
        long expected = BigInteger.valueOf(seconds).multiply(BigInteger.valueOf(1_000_000)).longValueExact() + micros;
        assertEquals(expected, Layouts.timevalMicros(wide, 16, false));
        assertEquals(expected, Layouts.timevalMicros(narrow, 16, true), "the padding after a 32-bit tv_usec is ignored");
    }

    @Test
    void theKernelsTimespecReadsAsTheJdksTimeOfDay() {
        Scratch timespec = Kernel.CALLS.allocate(Layouts.TIMESPEC_BYTES);
        long before = System.currentTimeMillis();
        assertEquals(0, Kernel.CALLS.clockGettime(Kernel.PLATFORM.clock(CounterKind.SYSTEM_TIME).orElseThrow().id(), timespec));
        long after = System.currentTimeMillis();
        long millis = Layouts.timespecNanos(timespec) / 1_000_000;
        assertTrue(before <= millis && millis <= after, before + " <= " + millis + " <= " + after);
    }

    private static Scratch heap(int bytes) {
        return Scratch.allocateHeap(bytes);
    }
}
