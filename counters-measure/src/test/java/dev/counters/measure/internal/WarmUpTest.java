package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.WarmUpReport;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

class WarmUpTest {
    /** A fake clock that each fake run advances by the time it reports. */
    private final AtomicLong clock = new AtomicLong();

    private DoubleSupplier runs(double... nanos) {
        int[] next = {0};
        return () -> {
            double t = nanos[Math.min(next[0]++, nanos.length - 1)];
            clock.addAndGet((long) t);
            return t;
        };
    }

    @Test
    void stopsOnceTheLastWindowIsStable() {
        // JIT-like: slow, then faster, then settled at 100 ms with 0.1% jitter.
        DoubleSupplier task = runs(300e6, 200e6, 150e6, 100.1e6, 99.9e6, 100e6, 100.1e6, 99.9e6, 100e6, 100e6);
        WarmUpReport report = WarmUp.run(task, clock::get, Duration.ofSeconds(5), 5, 0.005);
        assertTrue(report.converged());
        assertEquals(8, report.runs(), "the first window of five settled runs ends at run 8");
        assertTrue(report.finalCoefficientOfVariation() <= 0.005);
        assertEquals(Duration.ofNanos(clock.get()), report.duration());
    }

    @Test
    void tinyTasksMustBeStableOverBatchesNotJustAFewRuns() {
        // Interpreted and partly compiled for 100 000 runs: blocks of five equal runs (3 us, then 6 us), so any five
        // consecutive runs may agree by chance; then compiled, 1 us flat.
        DoubleSupplier jitting = new DoubleSupplier() {
            int run;

            @Override
            public double getAsDouble() {
                double t = run < 100_000 ? (run / 5 % 2 == 0 ? 3_000 : 6_000) : 1_000;
                run++;
                clock.addAndGet((long) t);
                return t;
            }
        };
        WarmUpReport report = WarmUp.run(jitting, clock::get, Duration.ofMillis(1200), 5, 0.005);
        assertTrue(report.converged(), report.toString());
        assertTrue(report.runs() > 100_000, "stable only once compiled: " + report);
        // At least four whole batches of 12 ms of 1 us runs follow the unstable phase (the fifth may straddle it).
        assertTrue(report.runs() >= 100_000 + 4 * 12_000, report.toString());
    }

    @Test
    void givesUpAtTheBudgetAndSaysSo() {
        DoubleSupplier noisy = new DoubleSupplier() {
            int run;

            @Override
            public double getAsDouble() {
                double t = run++ % 2 == 0 ? 100e6 : 200e6;
                clock.addAndGet((long) t);
                return t;
            }
        };
        WarmUpReport report = WarmUp.run(noisy, clock::get, Duration.ofMillis(1200), 5, 0.005);
        assertFalse(report.converged());
        assertEquals(8, report.runs(), "8 alternating runs of 100 and 200 ms pass 1.2 s");
        assertTrue(report.duration().compareTo(Duration.ofMillis(1200)) >= 0);
        assertTrue(report.finalCoefficientOfVariation() > 0.3);
        assertTrue(report.toString().contains("NOT converged"));
    }

    @Test
    void runsAtLeastOnceEvenIfTheBudgetIsShorterThanARun() {
        WarmUpReport report = WarmUp.run(runs(5e9), clock::get, Duration.ofMillis(1), 3, 0.01);
        assertEquals(1, report.runs());
        assertFalse(report.converged());
        assertTrue(Double.isNaN(report.finalCoefficientOfVariation()));
    }

    @Test
    void batchesLastTheirHundredthOfTheBudgetExactly() {
        clock.set(1_000_000_000_000L); // a clock that does not start at zero
        // 1 ms runs, 10 ms batches: ten runs a batch, stable once five equal batches are in.
        WarmUpReport report = WarmUp.run(runs(1e6), clock::get, Duration.ofSeconds(1), 5, 0.01);
        assertTrue(report.converged(), report.toString());
        assertEquals(50, report.runs(), report.toString());
        assertEquals(0, report.finalCoefficientOfVariation(), 0);
        assertEquals(Duration.ofMillis(50), report.duration());
        assertEquals("converged after 50 runs in 50 ms (budget 1 s): cv of last 5 batches 0.000% (threshold 1.000%)",
                report.toString());
    }

    @Test
    void stopsAtTheBudgetEvenInTheMiddleOfABatch() {
        clock.set(1_000_000_000_000L);
        // A window longer than the budget allows batches: never stable. 1 ms runs in batches of 10.05 ms end exactly at 1005 ms.
        WarmUpReport report = WarmUp.run(runs(1e6), clock::get, Duration.ofMillis(1005), 200, 0.01);
        assertFalse(report.converged());
        assertEquals(1005, report.runs());
        assertEquals(Duration.ofMillis(1005), report.duration());
    }

    @Test
    void aWindowExactlyAtTheThresholdIsStable() {
        // Runs of 1 ms and 3 ms, one a batch: every window of two batches has the same coefficient of variation.
        double threshold = WarmUp.coefficientOfVariation(new double[] {1e6, 3e6});
        WarmUpReport report = WarmUp.run(runs(1e6, 3e6, 1e6, 3e6, 1e6, 3e6), clock::get, Duration.ofMillis(100), 2, threshold);
        assertTrue(report.converged(), report.toString());
        assertEquals(2, report.runs());
        assertEquals(threshold, report.finalCoefficientOfVariation(), 0);
    }

    @Test
    void coefficientOfVariationOfAZeroMean() {
        assertEquals(0, WarmUp.coefficientOfVariation(new double[] {0, 0}), 0);
        assertEquals(Double.POSITIVE_INFINITY, WarmUp.coefficientOfVariation(new double[] {-1, 1}), 0);
        assertEquals(Math.sqrt(2) / 2, WarmUp.coefficientOfVariation(new double[] {1, 3}), 1e-15);
    }

    @Test
    void rejectsNonsense() {
        assertThrows(IllegalArgumentException.class, () -> WarmUp.run(runs(1), clock::get, Duration.ZERO, 5, 0.01));
        assertThrows(IllegalArgumentException.class, () -> WarmUp.run(runs(1), clock::get, Duration.ofSeconds(1), 1, 0.01));
        assertThrows(IllegalArgumentException.class, () -> WarmUp.run(runs(1), clock::get, Duration.ofSeconds(1), 5, 0));
        assertThrows(IllegalArgumentException.class, () -> WarmUp.run(runs(1), clock::get, Duration.ofSeconds(-1), 5, 0.01));
        assertEquals(1, WarmUp.run(runs(2e9), clock::get, Duration.ofSeconds(1), 2, 0.01).runs(), "a window of two is enough");
    }

    @Test
    void skippedReportSaysSo() {
        assertFalse(WarmUpReport.skipped().ran());
        assertEquals("no warm-up", WarmUpReport.skipped().toString());
    }
}
