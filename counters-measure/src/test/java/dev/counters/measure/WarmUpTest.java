package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void rejectsNonsense() {
        assertThrows(IllegalArgumentException.class, () -> WarmUp.run(runs(1), clock::get, Duration.ZERO, 5, 0.01));
        assertThrows(IllegalArgumentException.class, () -> WarmUp.run(runs(1), clock::get, Duration.ofSeconds(1), 1, 0.01));
        assertThrows(IllegalArgumentException.class, () -> WarmUp.run(runs(1), clock::get, Duration.ofSeconds(1), 5, 0));
    }

    @Test
    void skippedReportSaysSo() {
        assertFalse(WarmUpReport.skipped().ran());
        assertEquals("no warm-up", WarmUpReport.skipped().toString());
    }
}
