package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.Resolution;
import dev.counters.measure.Statistics;
import dev.counters.measure.internal.CalibratedCounter;
import dev.counters.measure.internal.Calibration;
import org.junit.jupiter.api.Test;

/** Calibration of a real clock on this machine: what {@link CalibrationTest} proves on fakes, seen for real. */
class RealCounterCalibrationTest {

    @Test
    void realCounterCalibratedEmptyRegionReadsWithinOneResolutionStep() {
        Counter counter = Counters.performance();
        Resolution resolution = counter.getInfo().measureResolution();
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
