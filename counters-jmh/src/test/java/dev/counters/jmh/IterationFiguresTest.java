package dev.counters.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
