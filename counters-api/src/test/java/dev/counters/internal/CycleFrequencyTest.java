package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link CycleFrequency} against fake clocks whose rates are known exactly. */
class CycleFrequencyTest {

    @Test
    void recoversTheRateOfACounterDrivenByTheReference() {
        // The reference moves 1000 ticks per read; a counter at three times its rate, read halfway between two
        // reference reads as the bracketing assumes, comes out at exactly three times the reference's frequency.
        long[] now = {0};
        TickSource reference = () -> now[0] += 1000;
        TickSource cycles = () -> 3 * (now[0] + 500);

        double[] samples = CycleFrequency.samples(cycles, reference, 1_000_000_000L, Duration.ofMillis(1), 4);

        assertArrayEquals(new double[] {3e9, 3e9, 3e9, 3e9}, samples, 1e-3);
    }

    @Test
    void keepsTheTightestBracketOfEachEnd() {
        // Every fifth reference read jumps far ahead (a preemption); the tightest of five brackets never includes it.
        long[] now = {0};
        int[] reads = {0};
        TickSource reference = () -> now[0] += ++reads[0] % 5 == 0 ? 1_000_000 : 1000;
        TickSource cycles = () -> 2 * (now[0] + 500);

        double[] samples = CycleFrequency.samples(cycles, reference, 1_000_000_000L, Duration.ofMillis(1), 3);

        for (double sample : samples) {
            assertEquals(2e9, sample, 1e-3);
        }
    }

    @Test
    void theTrimmedMeanDropsTheHighestAndLowestOnceThereAreThree() {
        assertEquals(2.0, CycleFrequency.trimmedMean(new double[] {1, 2, 3, 100, -50}), 1e-12, "drops 100 and -50, keeps 1, 2, 3");
        assertEquals(50.5, CycleFrequency.trimmedMean(new double[] {1, 100}), 1e-12);
        assertEquals(7.0, CycleFrequency.trimmedMean(new double[] {7}), 1e-12);
        assertEquals(1, CycleFrequency.trim(3));
        assertEquals(0, CycleFrequency.trim(2));
        assertThrows(IllegalArgumentException.class, () -> CycleFrequency.trimmedMean(new double[0]));
    }

    @Test
    void refusesIntervalsAndRepeatsThatMeasureNothing() {
        TickSource clock = System::nanoTime;
        assertThrows(IllegalArgumentException.class, () -> CycleFrequency.samples(clock, clock, 1, Duration.ZERO, 1));
        assertThrows(IllegalArgumentException.class, () -> CycleFrequency.samples(clock, clock, 1, Duration.ofMillis(-1), 1));
        assertThrows(IllegalArgumentException.class, () -> CycleFrequency.samples(clock, clock, 1, Duration.ofMillis(1), 0));
        assertThrows(IllegalArgumentException.class, () -> CycleFrequency.samples(clock, clock, 0, Duration.ofMillis(1), 1));
    }

    @Test
    void theEstimateIsTheCountersRateAgainstNanoTime() {
        int[] reads = {0};
        long hertz = CycleFrequency.estimate(() -> {
            reads[0]++;
            return 2 * System.nanoTime();
        });

        assertEquals(2e9, hertz, 2e9 / 100);
        assertTrue(reads[0] > 2 * CycleFrequency.DEFAULT_REPEATS, "each interval's ends are bracketed by several reads");
    }

    @Test
    void namesTheInstructionOfEachArchitecture() {
        assertEquals(Optional.of("RDTSC"), CycleFrequency.instruction("amd64"));
        assertEquals(Optional.of("RDTSC"), CycleFrequency.instruction("X86_64"));
        assertEquals(Optional.of("RDTSC"), CycleFrequency.instruction("x86-64"));
        assertEquals(Optional.of("CNTVCT_EL0"), CycleFrequency.instruction("aarch64"));
        assertEquals(Optional.of("CNTVCT_EL0"), CycleFrequency.instruction("arm64"));
        assertEquals(Optional.empty(), CycleFrequency.instruction("riscv64"));
    }
}
