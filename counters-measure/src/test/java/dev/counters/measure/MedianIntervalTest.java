package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.MedianInterval;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MedianIntervalTest {
    private static final MathContext PRECISE = new MathContext(40);

    /** P(B <= j), B ~ Binomial(n, 1/2), exactly: the sum of C(n, i) over 2^n, in BigInteger. */
    private static BigDecimal exactCdf(int n, int j) {
        BigInteger sum = BigInteger.ZERO;
        BigInteger binomial = BigInteger.ONE;
        for (int i = 0; i <= j; i++) {
            sum = sum.add(binomial);
            binomial = binomial.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return new BigDecimal(sum).divide(new BigDecimal(BigInteger.TWO.pow(n)), PRECISE);
    }

    /** The largest k with 2 P(B <= k - 1) <= 1 - confidence, by exact arithmetic; 1 when none. */
    private static int exactRank(int n, double confidence) {
        BigDecimal tail = BigDecimal.ONE.subtract(new BigDecimal(Double.toString(confidence))).divide(BigDecimal.valueOf(2));
        int k = 1;
        for (int candidate = 1; 2 * candidate <= n + 1; candidate++) {
            if (exactCdf(n, candidate - 1).compareTo(tail) <= 0) {
                k = candidate;
            }
        }
        return k;
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.8, 0.9, 0.95, 0.99, 0.999})
    void rankAndCoverageAgreeWithExactBinomialArithmetic(double confidence) {
        for (int n = 1; n <= 120; n++) {
            int k = MedianInterval.lowerRank(n, confidence);
            assertEquals(exactRank(n, confidence), k, "n=" + n);
            double exactCoverage = BigDecimal.ONE.subtract(BigDecimal.valueOf(2).multiply(exactCdf(n, k - 1))).doubleValue();
            assertEquals(exactCoverage, MedianInterval.coverage(n, k), 1e-12, "n=" + n + " k=" + k);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1075, 2000, 5001})
    void largeCountsBeyondTheUnderflowOfHalfToTheNAgreeToo(int n) {
        int k = MedianInterval.lowerRank(n, 0.99);
        assertEquals(exactRank(n, 0.99), k);
        assertEquals(BigDecimal.ONE.subtract(BigDecimal.valueOf(2).multiply(exactCdf(n, k - 1))).doubleValue(),
                MedianInterval.coverage(n, k), 1e-9);
    }

    @ParameterizedTest
    @CsvSource({
        // n, confidence, rank, coverage (textbook values: 10 samples give [x2, x9] at 97.85%)
        "10, 0.95, 2, 0.978515625",
        "20, 0.95, 6, 0.9586105346679688",
        "8, 0.99, 1, 0.9921875",
        "7, 0.99, 1, 0.984375",
        "1, 0.5, 1, 0",
    })
    void knownValues(int n, double confidence, int rank, double coverage) {
        assertEquals(rank, MedianInterval.lowerRank(n, confidence));
        assertEquals(coverage, MedianInterval.coverage(n, rank), 1e-15);
    }

    @Test
    void theIntervalIsTheRankedSamples() {
        double[] samples = {9, 1, 10, 3, 2, 8, 4, 7, 5, 6};
        MedianInterval ci = MedianInterval.of(samples, 0.95);
        assertEquals(10, ci.count());
        assertEquals(5.5, ci.median());
        assertEquals(2, ci.rank());
        assertEquals(2, ci.low());
        assertEquals(9, ci.high());
        assertEquals(0.978515625, ci.achievedConfidence(), 1e-15);
        assertTrue(ci.contains(2) && ci.contains(9) && ci.contains(5.5));
        assertFalse(ci.contains(1.999) || ci.contains(9.001));
        assertEquals(7 / 2.0 / 5.5, ci.relativeHalfWidth(), 1e-15);
        assertEquals("median 5.5000 [2.0000, 9.0000] (97.85% order-statistic CI, n=10)", ci.toString());
        assertEquals(9, samples[0], "the samples are left as they were");
    }

    @Test
    void tooFewSamplesGiveMinToMaxAndSaySoThroughTheCoverage() {
        MedianInterval ci = MedianInterval.of(new double[] {3, 1, 2}, 0.99);
        assertEquals(1, ci.low());
        assertEquals(3, ci.high());
        assertEquals(2, ci.median());
        assertEquals(0.75, ci.achievedConfidence(), 1e-15);
        MedianInterval one = MedianInterval.of(new double[] {4}, 0.99);
        assertEquals(4, one.low());
        assertEquals(4, one.high());
        assertEquals(0, one.achievedConfidence());
    }

    @Test
    void aZeroMedianHasNoRelativeWidth() {
        assertEquals(Double.POSITIVE_INFINITY, MedianInterval.of(new double[] {-1, 0, 1}, 0.5).relativeHalfWidth());
        assertEquals(0.5, MedianInterval.of(new double[] {-3, -2, -1}, 0.5).relativeHalfWidth(), 1e-15);
    }

    @Test
    void coverageHoldsInASimulationOfSkewedData() {
        // Independent truth by simulation: exponential samples (median ln 2), 2000 intervals of 25.
        Random random = new Random(13);
        int hits = 0;
        int trials = 2000;
        for (int t = 0; t < trials; t++) {
            double[] samples = new double[25];
            for (int i = 0; i < samples.length; i++) {
                samples[i] = -Math.log(1 - random.nextDouble());
            }
            hits += MedianInterval.of(samples, 0.95).contains(Math.log(2)) ? 1 : 0;
        }
        double coverage = MedianInterval.coverage(25, MedianInterval.lowerRank(25, 0.95));
        // binomial sd of the hit rate is under 0.005; 4 sd either side
        assertEquals(coverage, (double) hits / trials, 0.02);
    }

    @Test
    void badInputIsRefusedWithTheReason() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MedianInterval.of(new double[0], 0.99))
                .getMessage().contains("no samples"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MedianInterval.of(new double[] {1, Double.NaN}, 0.99))
                .getMessage().contains("NaN"));
        for (double confidence : new double[] {0, 1, -0.5, 1.5}) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> MedianInterval.of(new double[] {1}, confidence))
                    .getMessage().contains("0.99 for 99%"));
        }
        assertThrows(IllegalArgumentException.class, () -> MedianInterval.lowerRank(0, 0.9));
        assertThrows(IllegalArgumentException.class, () -> MedianInterval.coverage(10, 6));
        assertThrows(IllegalArgumentException.class, () -> MedianInterval.coverage(10, 0));
        assertEquals(1 - 2.0 / 1024, MedianInterval.coverage(10, 1), 1e-15);
    }

    @Property
    void theIntervalHoldsTheMedianAndIgnoresOrder(@ForAll @Size(min = 1, max = 60) List<@DoubleRange(min = -1e6, max = 1e6) Double> values,
            @ForAll @DoubleRange(min = 0.5, max = 0.999) @Scale(3) double confidence) {
        double[] samples = values.stream().mapToDouble(Double::doubleValue).toArray();
        MedianInterval ci = MedianInterval.of(samples, confidence);
        assertTrue(ci.low() <= ci.median() && ci.median() <= ci.high(), ci.toString());
        List<Double> shuffled = new ArrayList<>(values);
        Collections.shuffle(shuffled, new Random(values.size()));
        MedianInterval again = MedianInterval.of(shuffled.stream().mapToDouble(Double::doubleValue).toArray(), confidence);
        assertEquals(ci.low(), again.low());
        assertEquals(ci.high(), again.high());
        assertEquals(ci.median(), again.median());
        assertTrue(ci.achievedConfidence() >= confidence || ci.rank() == 1);
    }

    @Property
    void swappingAAndBGivesTheReciprocalInterval(@ForAll @Size(min = 1, max = 41) List<@DoubleRange(min = 0.01, max = 100) Double> values) {
        // For an odd count the median is a sample, so the reciprocal ratios' median is its reciprocal exactly.
        List<Double> odd = values.size() % 2 == 1 ? values : values.subList(0, values.size() - 1);
        if (odd.isEmpty()) {
            return;
        }
        double[] ratios = odd.stream().mapToDouble(Double::doubleValue).toArray();
        double[] reciprocals = odd.stream().mapToDouble(r -> 1 / r).toArray();
        MedianInterval ci = MedianInterval.of(ratios, 0.95);
        MedianInterval swapped = MedianInterval.of(reciprocals, 0.95);
        assertEquals(1 / ci.median(), swapped.median(), 1e-12 * swapped.median());
        assertEquals(1 / ci.high(), swapped.low(), 1e-12 * swapped.low());
        assertEquals(1 / ci.low(), swapped.high(), 1e-12 * swapped.high());
        assertEquals(ci.achievedConfidence(), swapped.achievedConfidence());
    }
}
