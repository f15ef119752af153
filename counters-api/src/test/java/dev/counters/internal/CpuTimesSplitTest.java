package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class CpuTimesSplitTest {

    private static long[] sample(long kernel, long user) {
        return new long[] {0, kernel, user};
    }

    @Property
    void theKernelPartIsTheTotalInTheRatioOfTheSplitDeltas(
            @ForAll @LongRange(min = 1, max = Long.MAX_VALUE / 4) long total,
            @ForAll @LongRange(min = 0, max = 1L << 40) long kernelStart,
            @ForAll @LongRange(min = 0, max = 1L << 40) long kernelDelta,
            @ForAll @LongRange(min = 0, max = 1L << 40) long userDelta) {
        long kernel = CpuTimesSplit.kernelPart(
                total, sample(kernelStart, 7), sample(kernelStart + kernelDelta, 7 + userDelta));
        BigInteger sum = BigInteger.valueOf(kernelDelta + userDelta);
        long expected = sum.signum() == 0
                ? BigInteger.valueOf(total).multiply(BigInteger.valueOf(kernelStart + kernelDelta))
                        .divide(BigInteger.valueOf(kernelStart + kernelDelta + 7 + userDelta)).longValueExact()
                : BigInteger.valueOf(total).multiply(BigInteger.valueOf(kernelDelta)).divide(sum).longValueExact();
        assertEquals(expected, kernel);
    }

    @Test
    void aSplitThatDidNotMoveFallsBackToTheLifetimeRatio() {
        assertEquals(250, CpuTimesSplit.kernelPart(1000, sample(1, 3), sample(1, 3)));
    }

    @Test
    void noRatioOrNoTimeGivesNoKernelTime() {
        assertEquals(0, CpuTimesSplit.kernelPart(1000, sample(0, 0), sample(0, 0)));
        assertEquals(0, CpuTimesSplit.kernelPart(0, sample(0, 0), sample(5, 5)));
        assertEquals(0, CpuTimesSplit.kernelPart(-3, sample(0, 0), sample(5, 5)));
    }

    @Test
    void aSplitThatWentBackwardsCountsAsNoMovement() {
        assertEquals(1000, CpuTimesSplit.kernelPart(1000, sample(10, 10), sample(20, 5)));
        assertEquals(0, CpuTimesSplit.kernelPart(1000, sample(10, 10), sample(5, 20)));
    }
}
