package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Statistics;
import dev.counters.measure.internal.stats.StudentT;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StatisticsTest {
    private static final double EXACT = 1e-9;
    /** 10, 20, 30, 40 and one 1000 ns outlier, computed by hand below. */
    private final Statistics stats = Statistics.of(new double[] {30, 10, 1000, 20, 40}, 1);

    @Test
    void summarisesAgainstHandComputedValues() {
        assertEquals(5, stats.count());
        assertEquals(10, stats.min(), EXACT);
        assertEquals(1000, stats.max(), EXACT);
        assertEquals(30, stats.median(), EXACT);
        assertEquals(220, stats.mean(), EXACT);
        // deviations -210 -200 -190 -180 780: squares sum to 761000; / (n - 1) = 190250
        assertEquals(Math.sqrt(190250), stats.standardDeviation(), EXACT);
        assertEquals(Math.sqrt(190250) / 220, stats.coefficientOfVariation(), EXACT);
        assertEquals(990.0 / 30, stats.spread(), EXACT);
    }

    @Test
    void trimmedFiguresDropTheHighestAndLowest() {
        assertEquals(30, stats.trimmedMean(), EXACT); // (20 + 30 + 40) / 3
        assertEquals(20, stats.trimmedMin(), EXACT);
        assertEquals(40, stats.trimmedMax(), EXACT);
        assertEquals(20.0 / 30, stats.trimmedSpread(), EXACT);
    }

    @Test
    void confidenceIntervalUsesStudentT() {
        // The same spread shifted below zero, where nothing cuts the symmetric interval.
        Statistics shifted = Statistics.of(new double[] {-970, -990, 0, -980, -960}, 1);
        double halfWidth = 2.7764451051977934 * Math.sqrt(190250) / Math.sqrt(5); // t(0.975, 4), to the tables' 2.776
        Statistics.Interval ci = shifted.confidenceInterval95();
        assertEquals(-780 - halfWidth, ci.low(), 1e-6);
        assertEquals(-780 + halfWidth, ci.high(), 1e-6);
        assertTrue(ci.contains(-780));
    }

    @Test
    void confidenceIntervalOfTimesNeverGoesBelowZero() {
        // 220 - 541.6 would be a negative time: the interval of non-negative samples is cut at 0.
        double halfWidth = 2.7764451051977934 * Math.sqrt(190250) / Math.sqrt(5);
        Statistics.Interval ci = stats.confidenceInterval95();
        assertEquals(0, ci.low(), EXACT);
        assertEquals(220 + halfWidth, ci.high(), 1e-6);
        Statistics narrow = Statistics.of(new double[] {100, 101, 99, 100}, 0);
        assertTrue(narrow.confidenceInterval95().low() > 98, "an interval far from 0 is not cut");
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertEquals(2.5, Statistics.of(new long[] {4, 1, 3, 2}, 0).median(), EXACT);
    }

    @Test
    void samplesKeepTheirOrderAndAreCopied() {
        double[] samples = stats.samples();
        assertArrayEquals(new double[] {30, 10, 1000, 20, 40}, samples, EXACT);
        samples[0] = -1;
        assertEquals(30, stats.samples()[0], EXACT);
    }

    @Test
    void singleSampleHasNoSpreadAndADegenerateInterval() {
        Statistics one = Statistics.of(new double[] {42}, 0);
        assertEquals(0, one.standardDeviation(), EXACT);
        assertEquals(0, one.spread(), EXACT);
        assertEquals(42, one.confidenceInterval95().low(), EXACT);
        assertEquals(42, one.confidenceInterval95().high(), EXACT);
    }

    @Test
    void rejectsWhatCannotBeSummarised() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Statistics.of(new double[0], 0))
                .getMessage().contains("at least one"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Statistics.of(new double[] {1, 2}, 1))
                .getMessage().contains("take more than 2 repetitions"));
        assertThrows(IllegalArgumentException.class, () -> Statistics.of(new double[] {1, Double.NaN}, 0));
        assertThrows(IllegalArgumentException.class, () -> Statistics.of(new double[] {1}, -1));
    }

    @Test
    void studentQuantilesMatchTheTables() {
        // The printed tables' values (three decimals), and quantiles solved from Student's CDF to 12 digits (mpmath).
        assertEquals(12.706, StudentT.quantile975(1), 5e-4);
        assertEquals(2.042, StudentT.quantile975(30), 5e-4);
        assertEquals(2.0395134464, StudentT.quantile975(31), 1e-9);
        assertEquals(2.0210753903, StudentT.quantile975(40), 1e-9);
        assertEquals(2.0002978220, StudentT.quantile975(60), 1e-9);
        assertEquals(1.9799304051, StudentT.quantile975(120), 1e-9);
        assertEquals(1.9600, StudentT.quantile975(1_000_000), 1e-3);
        assertThrows(IllegalArgumentException.class, () -> StudentT.quantile975(0));
    }

    @Test
    void twoSamplesAreEnoughForASpreadAndAnInterval() {
        Statistics two = Statistics.of(new double[] {10, 20}, 0);
        assertEquals(Math.sqrt(50), two.standardDeviation(), EXACT);
        double halfWidth = 12.706204736174698 * Math.sqrt(50) / Math.sqrt(2); // t(0.975, 1), the tables' 12.706
        assertEquals(0, two.confidenceInterval95().low(), 0, "15 - " + halfWidth + " is cut at 0: no sample is negative");
        assertEquals(15 + halfWidth, two.confidenceInterval95().high(), 1e-9);
        Statistics signed = Statistics.of(new double[] {-5, 35}, 0);
        double signedHalfWidth = 12.706204736174698 * Math.sqrt(800) / Math.sqrt(2);
        assertEquals(15 - signedHalfWidth, signed.confidenceInterval95().low(), 1e-9, "samples of either sign: not cut");
    }

    @Test
    void aZeroMedianGivesNoRelativeSpreadOrAnInfiniteOne() {
        assertEquals(0, Statistics.of(new double[] {0, 0, 0}, 0).spread(), 0);
        assertEquals(Double.POSITIVE_INFINITY, Statistics.of(new double[] {-1, 0, 1}, 0).spread(), 0);
    }

    @Test
    void intervalsIncludeTheirEnds() {
        Statistics.Interval interval = new Statistics.Interval(10, 14);
        assertTrue(interval.contains(10) && interval.contains(14) && interval.contains(12));
        assertFalse(interval.contains(9.999) || interval.contains(14.001));
        assertEquals(4, interval.width(), 0);
        assertThrows(IllegalArgumentException.class, () -> new Statistics.Interval(2, 1));
    }

    @Test
    void oneLineSummaryNamesEveryFigure() {
        assertEquals(1, stats.trim());
        assertEquals("n=5 median 30 ns mean 220 ns (95% CI 0 ns..761.585 ns) min 10 ns max 1 us sd 436.177 ns"
                + " cv 198.262% spread 3300.000% trimmed(1) mean 30 ns spread 66.667%", stats.toString());
    }

    @Property(tries = 200)
    void meanAndMedianAgreeWithExactReferences(
            @ForAll @Size(min = 3, max = 40) long[] raw, @ForAll @IntRange(min = 0, max = 1) int trim) {
        long[] samples = Arrays.stream(raw).map(v -> Math.floorMod(v, 1_000_000_000L)).toArray();
        Statistics s = Statistics.of(samples, trim);
        BigDecimal sum = Arrays.stream(samples).mapToObj(BigDecimal::valueOf).reduce(BigDecimal.ZERO, BigDecimal::add);
        assertEquals(sum.divide(BigDecimal.valueOf(samples.length), MathContext.DECIMAL64).doubleValue(), s.mean(), 1e-3);
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + (double) sorted[n / 2]) / 2;
        assertEquals(median, s.median(), 1e-6);
        assertEquals(sorted[trim], s.trimmedMin(), 0);
        assertEquals(sorted[n - 1 - trim], s.trimmedMax(), 0);
        assertTrue(s.trimmedMin() <= s.trimmedMean() + 1e-6 && s.trimmedMean() <= s.trimmedMax() + 1e-6);
        assertTrue(s.confidenceInterval95().contains(s.mean()));
    }

    @Property(tries = 50)
    void constantSamplesHaveNoSpread(@ForAll @LongRange(min = 1, max = 1_000_000_000) long value, @ForAll @IntRange(min = 3, max = 30) int n) {
        long[] samples = new long[n];
        Arrays.fill(samples, value);
        Statistics s = Statistics.of(samples, 1);
        assertEquals(0, s.spread(), 0);
        assertEquals(0, s.trimmedSpread(), 0);
        assertEquals(0, s.coefficientOfVariation(), 1e-12);
    }
}
