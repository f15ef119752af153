package dev.counters.measure.internal.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/** Student's t held to an independent implementation, Apache Commons Math's {@code TDistribution} (test scope only). */
class StudentTTest {
    @Property(tries = 400)
    void quantilesAgreeWithCommonsMath(@ForAll @IntRange(min = 1, max = 400) int degreesOfFreedom,
            @ForAll @DoubleRange(min = 0.5, max = 0.99999) @Scale(6) double p) {
        double reference = new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(p);
        assertEquals(reference, StudentT.quantile(degreesOfFreedom, p), 1e-8 * Math.max(1, Math.abs(reference)));
    }

    @Property(tries = 400)
    void distributionAgreesWithCommonsMath(@ForAll @IntRange(min = 1, max = 400) int degreesOfFreedom,
            @ForAll @DoubleRange(min = -50, max = 50) double t) {
        assertEquals(new TDistribution(null, degreesOfFreedom).cumulativeProbability(t), StudentT.cdf(degreesOfFreedom, t),
                1e-10);
    }

    @Test
    void theQuantilesTheStoppingRuleReads() {
        // 99.2% two-sided (the first look at 99%) and 99.93% (a later look), at 4 and 7 degrees of freedom.
        assertEquals(new TDistribution(null, 4).inverseCumulativeProbability(0.996), StudentT.quantile(4, 0.996), 1e-9);
        assertEquals(new TDistribution(null, 7).inverseCumulativeProbability(0.99967), StudentT.quantile(7, 0.99967), 1e-8);
        assertEquals(-StudentT.quantile(9, 0.9), StudentT.quantile(9, 0.1), 1e-12, "symmetric");
    }

    @Test
    void refusesWhatHasNoQuantile() {
        assertThrows(IllegalArgumentException.class, () -> StudentT.quantile(0, 0.9));
        assertThrows(IllegalArgumentException.class, () -> StudentT.quantile(3, 1));
        assertThrows(IllegalArgumentException.class, () -> StudentT.quantile(3, 0));
        assertThrows(IllegalArgumentException.class, () -> StudentT.cdf(3, Double.NaN));
    }
}
