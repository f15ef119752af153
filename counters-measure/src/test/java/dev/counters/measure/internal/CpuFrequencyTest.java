package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.testing.FakeCounters;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class CpuFrequencyTest {

    /**
     * The estimate of a "3 GHz" fake counter, read halfway between two reads of a reference clock that moves
     * 1000 ns per read, as the bracketing assumes; the kernel is said to report {@code kernelHz}.
     */
    private static FrequencyEstimate estimateOfAThreeGigahertzFake(OptionalLong kernelHz) {
        long[] now = {0};
        Counter fakeReference = FakeCounters.nanoseconds(() -> now[0] += 1000);
        return CpuFrequency.estimate(() -> 3 * (now[0] + 500), fakeReference, Duration.ofMillis(1), 5, "fake", kernelHz);
    }

    @Test
    void recoversTheRateOfAFakeCounterDrivenByTheReferenceClock() {
        FrequencyEstimate estimate = estimateOfAThreeGigahertzFake(OptionalLong.of(3_000_000_000L));
        assertEquals(3e9, estimate.hz(), 1e-3);
        assertEquals(5, estimate.samplesHz().length);
        assertTrue(estimate.toString().contains("fake frequency 3000.000"), estimate.toString());
        assertTrue(Math.abs(estimate.relativeErrorToKernel().orElseThrow()) < 1e-6);
    }

    @Test
    void estimatesCountersTheCallerCreated() {
        // The overload the command line uses: the counters are made on one thread, sampled on another.
        long[] now = {0};
        Counter reference = FakeCounters.nanoseconds(() -> now[0] += 1000);
        Counter cycles = FakeCounters.over(CounterKind.CPU_CYCLES, () -> 3 * (now[0] + 500), 3_000_000_000L);
        FrequencyEstimate estimate = CpuFrequency.estimate(cycles, reference, Duration.ofMillis(1), 4,
                OptionalLong.of(2_500_000_000L));
        assertEquals(3e9, estimate.hz(), 1e-3);
        assertEquals(4, estimate.samplesHz().length);
        assertEquals(Duration.ofMillis(1), estimate.interval());
        assertEquals(0.2, estimate.relativeErrorToKernel().orElseThrow(), 1e-9, "the kernel figure given is kept");
        assertTrue(estimate.toString().startsWith(CpuFrequency.instructionName(System.getProperty("os.arch", ""))),
                estimate.toString());
        assertThrows(NullPointerException.class,
                () -> CpuFrequency.estimate(null, reference, Duration.ofMillis(1), 4, OptionalLong.empty()));
        assertThrows(NullPointerException.class,
                () -> CpuFrequency.estimate(cycles, reference, Duration.ofMillis(1), 4, null));
        assertThrows(IllegalArgumentException.class,
                () -> CpuFrequency.estimate(cycles, reference, Duration.ZERO, 4, OptionalLong.empty()));
    }

    @Test
    void readsTheKernelFigureOnlyWhenTheTscRateIsKnown() {
        List<String> known = List.of("processor\t: 0", "cpu MHz\t\t: 2445.430", "flags\t\t: fpu tsc constant_tsc tsc_known_freq", "",
                "processor\t: 1", "cpu MHz\t\t: 1.000");
        assertEquals(OptionalLong.of(2_445_430_000L), CpuFrequency.fromCpuinfo(known));
        List<String> unknown = List.of("cpu MHz\t\t: 2445.430", "flags\t\t: fpu tsc constant_tsc");
        assertFalse(CpuFrequency.fromCpuinfo(unknown).isPresent());
        assertFalse(CpuFrequency.fromCpuinfo(List.of("flags : tsc_known_freq", "cpu MHz : n/a")).isPresent());
    }

    @Test
    void namesTheInstructionOfTheArchitecture() {
        assertEquals("RDTSC", CpuFrequency.instructionName("amd64"));
        assertEquals("CNTVCT_EL0", CpuFrequency.instructionName("aarch64"));
        assertEquals("CPU_CYCLES", CpuFrequency.instructionName("riscv64"));
    }

    @Test
    void comparesTheEstimateWithADifferentKernelFigure() {
        FrequencyEstimate estimate = estimateOfAThreeGigahertzFake(OptionalLong.of(2_500_000_000L));
        assertEquals(0.2, estimate.relativeErrorToKernel().orElseThrow(), 1e-9, "3 GHz measured against 2.5 GHz reported");
        assertTrue(estimate.toString().contains("kernel reports 2500.000 MHz, difference +20.00000%"), estimate.toString());
        FrequencyEstimate unreported = estimateOfAThreeGigahertzFake(OptionalLong.empty());
        assertTrue(unreported.relativeErrorToKernel().isEmpty());
        assertTrue(unreported.toString().contains("the kernel reports no exact figure here"), unreported.toString());
    }

    @Test
    void estimatesTheProcessorCounterCloseToTheKernelFigure() {
        if (CounterRegistry.systemDefault().providerFor(CounterKind.CPU_CYCLES).isEmpty()) {
            UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class, CpuFrequency::estimate);
            assertFalse(refused.getMessage().isBlank());
            return;
        }
        FrequencyEstimate estimate = CpuFrequency.estimate(Duration.ofMillis(10), 7);
        assertTrue(estimate.hz() > 1e6, estimate.toString());
        Optional<Double> error = estimate.relativeErrorToKernel();
        assumeTrue(error.isPresent(), "the kernel reports no exact figure for the processor counter here (x86 without "
                + "tsc_known_freq in /proc/cpuinfo): nothing to check the estimate against; " + estimate);
        // Bracketed intervals are accurate to parts per million; 1% leaves room for a disturbed sample or two.
        assertTrue(Math.abs(error.get()) < 0.01, estimate.toString());
    }
}
