package dev.counters.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.ScalarResult;

class IterationFiguresTest {

    private static Map<String, ScalarResult> byLabel(List<ScalarResult> results) {
        Map<String, ScalarResult> map = new LinkedHashMap<>();
        results.forEach(result -> map.put(result.getLabel(), result));
        return map;
    }

    @Test
    void everyFigureIsPerOperationInTheChosenUnitAndAveraged() {
        Map<String, ScalarResult> results = byLabel(IterationFigures.of(new ProfilerOptions(TimeUnit.MICROSECONDS, true),
                new CpuShare(8_000_000, 2_000_000), new CpuShare(9_000_000, 2_500_000), true, 5_000_000, 2, 1000));
        assertEquals(List.of("cpu.worker.norm", "cpu.worker.kernel.norm", "cpu.worker.user.norm", "cpu.process.norm",
                "cpu.process.kernel.norm", "cpu.process.user.norm", "cpu.worker.utilisation"), List.copyOf(results.keySet()));
        assertEquals(8.0, results.get("cpu.worker.norm").getScore(), 1e-12);
        assertEquals(2.0, results.get("cpu.worker.kernel.norm").getScore(), 1e-12);
        assertEquals(6.0, results.get("cpu.worker.user.norm").getScore(), 1e-12);
        assertEquals(9.0, results.get("cpu.process.norm").getScore(), 1e-12);
        assertEquals(2.5, results.get("cpu.process.kernel.norm").getScore(), 1e-12);
        assertEquals(6.5, results.get("cpu.process.user.norm").getScore(), 1e-12);
        assertEquals(0.8, results.get("cpu.worker.utilisation").getScore(), 1e-12);
        assertEquals("us/op", results.get("cpu.worker.norm").getScoreUnit());
        assertEquals("cpu/wall", results.get("cpu.worker.utilisation").getScoreUnit());
    }

    /**
     * Issue #32 item 4: on a sleeping benchmark the profiler printed cpu.process.kernel.norm 5808.9 below
     * cpu.worker.kernel.norm 18879.9; the process holds its workers, so neither of its parts is below theirs.
     */
    @Test
    void theProcessesPartsAreNeverBelowItsWorkers() {
        Map<String, ScalarResult> results = byLabel(IterationFigures.of(ProfilerOptions.DEFAULTS,
                new CpuShare(19_000, 18_880), new CpuShare(30_000, 5_809), true, 1_000_000, 1, 1));
        assertEquals(30_000, results.get("cpu.process.norm").getScore(), 1e-9);
        assertEquals(18_880, results.get("cpu.process.kernel.norm").getScore(), 1e-9, "at least the workers' kernel time");
        assertEquals(11_120, results.get("cpu.process.user.norm").getScore(), 1e-9, "kernel + user is still the total");
    }

    @Property
    void aContainingShareKeepsItsTotalAndHoldsEachPartOfThePart(
            @ForAll @LongRange(max = 1_000_000) long partTotal, @ForAll @LongRange(max = 1_000_000) long partKernelSeed,
            @ForAll @LongRange(max = 1_000_000) long extra, @ForAll @LongRange(max = 2_000_000) long kernelSeed) {
        CpuShare part = new CpuShare(partTotal, partKernelSeed % (partTotal + 1));
        long total = partTotal + extra;
        CpuShare whole = new CpuShare(total, kernelSeed % (total + 1));
        CpuShare consistent = whole.containing(part);
        assertEquals(total, consistent.totalNanos());
        assertTrue(consistent.kernelNanos() >= part.kernelNanos() && consistent.userNanos() >= part.userNanos(),
                consistent + " holds " + part);
        boolean wasConsistent = whole.kernelNanos() >= part.kernelNanos() && whole.userNanos() >= part.userNanos();
        assertEquals(wasConsistent, consistent.equals(whole), "a consistent split is left as measured");
    }

    @Test
    void theProcessIsLeftOutWhenNotAskedForAndItsSplitWhereThereIsNone() {
        assertEquals(List.of("cpu.worker.norm", "cpu.worker.kernel.norm", "cpu.worker.user.norm", "cpu.worker.utilisation"),
                List.copyOf(byLabel(IterationFigures.of(ProfilerOptions.DEFAULTS, CpuShare.NONE, null, false, 1, 1, 1)).keySet()));
        assertEquals(List.of("cpu.worker.norm", "cpu.worker.kernel.norm", "cpu.worker.user.norm", "cpu.process.norm",
                        "cpu.worker.utilisation"),
                List.copyOf(byLabel(IterationFigures.of(ProfilerOptions.DEFAULTS, CpuShare.NONE, new CpuShare(5, 0), false,
                        1, 1, 1)).keySet()));
    }

    @Test
    void noOperationsOrNoWallTimeGiveNaNNotZero() {
        Map<String, ScalarResult> results = byLabel(IterationFigures.of(ProfilerOptions.DEFAULTS, new CpuShare(10, 5),
                new CpuShare(10, 5), true, 0, 1, 0));
        results.values().forEach(result -> assertEquals(Double.NaN, result.getScore(), result.getLabel()));
        assertThrows(IllegalArgumentException.class,
                () -> IterationFigures.of(ProfilerOptions.DEFAULTS, CpuShare.NONE, null, false, 1, 0, 1));
    }

    @Property
    void kernelPlusUserIsTheTotalPerOperation(@ForAll @LongRange(min = 0, max = 1L << 50) long total,
            @ForAll @LongRange(min = 0, max = 1L << 50) long kernel, @ForAll @LongRange(min = 1, max = 1L << 30) long ops) {
        long k = Math.min(kernel, total);
        Map<String, ScalarResult> results = byLabel(IterationFigures.of(ProfilerOptions.DEFAULTS, new CpuShare(total, k),
                null, false, 1, 1, ops));
        double sum = results.get("cpu.worker.kernel.norm").getScore() + results.get("cpu.worker.user.norm").getScore();
        assertEquals(results.get("cpu.worker.norm").getScore(), sum, Math.ulp(sum) * 4);
        assertEquals((double) total / ops, results.get("cpu.worker.norm").getScore(), Math.ulp((double) total / ops) * 2);
    }

    @Test
    void cpuSharesConvertTicksExactlyAndRefuseNonsense() {
        assertEquals(new CpuShare(1_234_500, 100), CpuShare.ofTicks(12_345, 1, 10_000_000));
        assertEquals(4, new CpuShare(7, 3).userNanos());
        assertThrows(IllegalArgumentException.class, () -> new CpuShare(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> new CpuShare(5, 6));
        assertThrows(IllegalArgumentException.class, () -> new CpuShare(5, -1));
    }
}
