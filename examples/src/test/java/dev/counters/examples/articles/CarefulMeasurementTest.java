package dev.counters.examples.articles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.examples.Truths;
import dev.counters.measure.MeasureResult;
import dev.counters.measure.PreparationStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Measure's figures against the truths around the call (the JDK's wall clock, the kernel's account of
 * the thread's CPU time: the repetitions ran inside both) and inside it: the task is wrapped so that
 * it times each of its own runs with System.nanoTime, and the last nine runs are the nine
 * repetitions, so Measure's median wall time must match the median of those timings (within a
 * quarter, plus 20 us for the overhead Measure subtracts). The same runs, so neither the JIT's
 * progress (JDK 25 sorts ints several times faster once C2 has compiled the sort) nor the machine's
 * load can set them apart. And the steps the article asks for: a warm-up, pinning and raised
 * priority, each applied or refused with a reason.
 */
class CarefulMeasurementTest {
    private static final double LAG = 10e6;

    @Test
    void theMeasurementAgreesWithTheTruthsAroundItAndInsideIt() {
        List<Long> runs = new ArrayList<>();
        long cpuBefore = Truths.threadCpuNanos();
        long wallBefore = System.nanoTime();
        MeasureResult result = CarefulMeasurement.measure(() -> {
            long started = System.nanoTime();
            int[] sorted = CarefulMeasurement.sortACopy();
            runs.add(System.nanoTime() - started);
            return sorted;
        }, Duration.ofMillis(200), 9);
        long wall = System.nanoTime() - wallBefore;
        long cpu = Truths.threadCpuNanos() - cpuBefore;
        String summary = CarefulMeasurement.summary(result);
        System.out.print(summary);

        assertEquals(9, result.repetitions());
        assertTrue(Arrays.stream(result.wall().samples()).sum() <= wall, summary);
        assertTrue(Arrays.stream(result.threadCpu().samples()).sum() <= cpu + LAG, summary);
        assertTrue(result.threadCpu().median() <= result.wall().median() * 1.1 + 100_000, "CPU time of one thread within its wall time: " + summary);
        long[] repetitions = runs.subList(runs.size() - 9, runs.size()).stream().mapToLong(Long::longValue).sorted().toArray();
        double inside = repetitions[4];
        assertTrue(Math.abs(result.wall().median() - inside) <= 0.25 * inside + 20_000,
                "median wall " + result.wall().median() + " ns, the runs' own median " + inside + " ns: " + Arrays.toString(repetitions));

        List<String> actions = result.preparation().stream().map(PreparationStep::action).collect(Collectors.toList());
        assertTrue(actions.contains(PreparationStep.PIN) && actions.contains(PreparationStep.RAISE_PRIORITY), actions.toString());
        for (PreparationStep step : result.preparation()) {
            assertTrue(!step.description().isEmpty(), "applied or not, a step says what happened: " + step);
        }
        assertTrue(result.warmUp().ran(), summary);
        assertTrue(result.overhead().isPresent(), "calibrated: " + summary);
        assertTrue(summary.startsWith("sorting a copy of 20000 ints"), summary);
    }
}
