package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.Resolution;
import dev.counters.measure.FakeCounters.CostlyClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CalibrationTest {

    @Test
    void measuresAKnownOverhead() {
        CostlyClock clock = new CostlyClock(7);
        Calibration calibration = Calibration.of(FakeCounters.nanosecondCounter(clock));
        assertEquals(7, calibration.overheadTicks());
        assertEquals(Duration.ofNanos(7), calibration.overhead());
        assertEquals(Calibration.DEFAULT_ROUNDS - 1, calibration.roundMeans().length);
    }

    @Test
    void interruptedPairsDoNotMoveTheOverhead() {
        long[] reads = {0};
        // Every 50th pair is "preempted" for 100 000 ticks, as an interrupt would do.
        CostlyClock clock = new CostlyClock(7) {
            @Override
            public long read() {
                if (++reads[0] % 100 == 0) {
                    advance(100_000);
                }
                return super.read();
            }
        };
        assertEquals(7, Calibration.of(FakeCounters.nanosecondCounter(clock)).overheadTicks());
    }

    @Test
    void calibratedCounterSubtractsTheOverheadFromRealWork() {
        CostlyClock clock = new CostlyClock(7);
        Counter counter = FakeCounters.nanosecondCounter(clock);
        CalibratedCounter calibrated = Calibration.of(counter).apply(counter);
        calibrated.start();
        clock.advance(1_000);
        calibrated.stop();
        assertEquals(1_007, calibrated.rawPeriodCount());
        assertEquals(1_000, calibrated.getPeriodCount());
        assertEquals(1_000, calibrated.getNanoseconds());
        assertEquals(7, calibrated.subtractedPeriodCount());
        calibrated.start();
        calibrated.stop();
        assertEquals(0, calibrated.getPeriodCount(), "an empty region reads zero once calibrated");
    }

    @Test
    void neverSubtractsBelowZero() {
        CostlyClock clock = new CostlyClock(3);
        Counter counter = FakeCounters.nanosecondCounter(clock);
        CalibratedCounter calibrated = Calibration.ofKnownOverhead(10, 1_000_000_000L).apply(counter);
        calibrated.start();
        calibrated.stop();
        assertEquals(3, calibrated.rawPeriodCount());
        assertEquals(0, calibrated.getPeriodCount());
        assertEquals(3, calibrated.subtractedPeriodCount());
    }

    @Test
    void rejectsDegenerateRounds() {
        Counter counter = FakeCounters.nanosecondCounter(new CostlyClock(1));
        assertThrows(IllegalArgumentException.class, () -> Calibration.of(counter, 1, 10));
        assertThrows(IllegalArgumentException.class, () -> Calibration.of(counter, 3, 0));
        assertThrows(IllegalArgumentException.class, () -> Calibration.ofKnownOverhead(-1, 1));
    }

    @Test
    void realCounterCalibratedEmptyRegionReadsWithinOneResolutionStep() {
        Counter counter = Counters.performance();
        Resolution resolution = Resolutions.probe(counter);
        CalibratedCounter calibrated = CalibratedCounter.of(counter);
        // Measure like the calibration did: compiled code. Batches until the JIT has compiled this loop too;
        // noise (preemption, a compiler thread) only ever adds, so the quietest batch is the truest.
        double quietest = Double.MAX_VALUE;
        for (int batch = 0; batch < 30; batch++) {
            quietest = Math.min(quietest, medianOfEmptyRegions(calibrated, 5_001));
        }
        // The overhead was measured before the batches; a machine that got busier since (a sibling thread, a lower
        // clock) makes every pair dearer. A second calibration right after measures that drift: allow one step more.
        Calibration after = Calibration.of(counter);
        long drift = Math.max(0, after.overhead().toNanos() - calibrated.calibration().overhead().toNanos());
        long bound = resolution.typical().toNanos() + drift;
        assertTrue(quietest <= bound, "calibrated empty region median " + quietest + " ns exceeds one step " + resolution
                + " plus the overhead's drift of " + drift + " ns; before: " + calibrated.calibration() + ", after: " + after);
    }

    private static double medianOfEmptyRegions(Counter counter, int regions) {
        long[] readings = new long[regions];
        for (int i = 0; i < regions; i++) {
            counter.start();
            counter.stop();
            readings[i] = counter.getNanoseconds();
        }
        return Statistics.of(readings, 0).median();
    }
}
