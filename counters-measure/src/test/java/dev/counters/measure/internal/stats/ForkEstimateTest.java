package dev.counters.measure.internal.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.math.Stats;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ForkEstimateTest {
    @Test
    void aForksEstimateWeighsEveryInstanceAlikeAndItsFloorIsWhatTheirDifferencesImply() {
        // Two instances, two rounds of four pairs: instance 0 at B/A 1.0, instance 1 at 1.21 (one pair of round 0 set aside).
        double[] ratios = {1.0, 1.0, 1.0, 5.0, 1.21, 1.21, 1.21, 1.21};
        boolean[] setAside = {false, false, false, true, false, false, false, false};
        ForkEstimate estimate = ForkEstimate.of(ratios, setAside, 2, 4);
        assertEquals(1.1, estimate.ratio(), 1e-12, "the geometric mean of 1.0 and 1.21");
        double log = Math.log(1.21);
        assertEquals(log * log / 2 / 2, estimate.floor(), 1e-12, "their sample variance in logs, over the 2 instances");
        assertEquals(7, estimate.pairs(), "the pair set aside is not among them");
    }

    @Test
    void aFewPairsThatACollectionMadeLongDoNotWidenTheFloor() {
        double[] ratios = new double[40];
        java.util.Arrays.fill(ratios, 4.0);
        for (int i = 0; i < 40; i++) {
            ratios[i] = 4.0 * (1 + 0.01 * (i % 5 - 2));
        }
        ratios[7] = 60;
        ratios[23] = 0.3;
        ForkEstimate estimate = ForkEstimate.of(ratios, null, 1, 4);
        assertTrue(estimate.floor() < 1e-4, "two outliers among 40 pairs: " + estimate.floor());
        double[] logs = Arrays.stream(ratios).map(Math::log).toArray();
        assertTrue(Stats.of(logs).sampleVariance() / 40 > 100 * estimate.floor(), "the sample variance would have been inflated");
    }

    @Test
    void aForkOfFewPairsOnOneInstanceIsAsPreciseAsItsPairsSay() {
        double[] ratios = {1.1, 1.2, 1.3, 1.4};
        ForkEstimate estimate = ForkEstimate.of(ratios, null, 4, 4);
        assertEquals(1.25, estimate.ratio(), 1e-12, "one round: its median");
        double[] logs = Arrays.stream(ratios).map(Math::log).toArray();
        double median = (logs[1] + logs[2]) / 2;
        double mad = (Math.abs(logs[1] - median) + Math.abs(logs[3] - median)) / 2;   // sorted: |l1-m|, |l2-m|, |l3-m|, |l0-m|
        assertEquals(Math.PI / 2 * Math.pow(1.4826 * mad, 2) / 4, estimate.floor(), 1e-15,
                "one instance measured: the floor is what the scatter of its four pairs implies for their median");
        assertEquals(0, ForkEstimate.of(new double[] {1.3}, null, 4, 4).floor(), "a single pair implies nothing");
    }
}
