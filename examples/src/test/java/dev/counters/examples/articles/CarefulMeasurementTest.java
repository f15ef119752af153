package dev.counters.examples.articles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.examples.Truths;
import dev.counters.measure.MeasureResult;
import dev.counters.measure.PreparationStep;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Measure's figures against the truths around the call (the JDK's wall clock, the kernel's account of
 * the thread's CPU time: the repetitions ran inside both), against the test's own timing of the same
 * task (the fastest of nine runs, against the median CPU time and the fastest wall time, within a
 * factor of five: generous, as the machine may be busy), and
 * the steps the article asks for: a warm-up, pinning and raised priority, each applied or refused
 * with a reason.
 */
class CarefulMeasurementTest {
    private static final double LAG = 10e6;

    @Test
    void theMeasurementAgreesWithTheTruthsAroundIt() {
        long cpuBefore = Truths.threadCpuNanos();
        long wallBefore = System.nanoTime();
        MeasureResult result = CarefulMeasurement.measure(Duration.ofMillis(200), 9);
        long wall = System.nanoTime() - wallBefore;
        long cpu = Truths.threadCpuNanos() - cpuBefore;
        String summary = CarefulMeasurement.summary(result);
        System.out.print(summary);

        assertEquals(9, result.repetitions());
        assertTrue(Arrays.stream(result.wall().samples()).sum() <= wall, summary);
        assertTrue(Arrays.stream(result.threadCpu().samples()).sum() <= cpu + LAG, summary);
        assertTrue(result.threadCpu().median() <= result.wall().median() * 1.1 + 100_000, "CPU time of one thread within its wall time: " + summary);
        double independent = fastestOfNine();
        assertTrue(result.threadCpu().median() > independent / 5 && result.threadCpu().median() < independent * 5,
                "median thread CPU " + result.threadCpu().median() + " ns against the test's fastest run " + independent + " ns");
        assertTrue(result.wall().min() > independent / 5 && result.wall().min() < independent * 5,
                "fastest wall " + result.wall().min() + " ns against the test's " + independent + " ns");

        List<String> actions = result.preparation().stream().map(PreparationStep::action).collect(Collectors.toList());
        assertTrue(actions.contains(PreparationStep.PIN) && actions.contains(PreparationStep.RAISE_PRIORITY), actions.toString());
        for (PreparationStep step : result.preparation()) {
            assertTrue(!step.description().isEmpty(), "applied or not, a step says what happened: " + step);
        }
        assertTrue(result.warmUp().ran(), summary);
        assertTrue(result.overhead().isPresent(), "calibrated: " + summary);
        assertTrue(summary.startsWith("sorting a copy of 20000 ints"), summary);
    }

    /** The least disturbed of nine timings by System.nanoTime (a run that was not preempted is about its CPU time). */
    private static double fastestOfNine() {
        long[] nanos = new long[9];
        for (int i = 0; i < 20; i++) {
            CarefulMeasurement.sortACopy();     // warmed up as Measure warms its task up
        }
        for (int i = 0; i < nanos.length; i++) {
            long started = System.nanoTime();
            CarefulMeasurement.sortACopy();
            nanos[i] = System.nanoTime() - started;
        }
        return Arrays.stream(nanos).min().getAsLong();
    }
}
