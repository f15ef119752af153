package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.math.Quantiles;
import java.util.Arrays;

/**
 * The distribution-free confidence interval of a median: two order statistics of the samples,
 * chosen with the binomial distribution. Whatever the distribution of the samples, as long as they
 * are independent draws of one continuous distribution, each falls below the true median with
 * probability 1/2, so the number below it is Binomial(n, 1/2); the interval from the k-th smallest
 * to the k-th largest sample misses the median only when fewer than k fall on one side, which has
 * probability {@code 2 P(B <= k - 1)}. The largest k that keeps this at most {@code 1 - confidence}
 * gives the narrowest such interval.
 *
 * <p>Why this interval and not a bootstrap: it needs no resampling and no random numbers (so a
 * result is reproducible), it is exact rather than asymptotic (its {@link #achievedConfidence()} is
 * the true coverage, at least the asked one), and it is robust to the odd run a preemption made ten
 * times longer, which moves it by at most one rank. {@link Compare} uses it on per-pair ratios;
 * it works on any samples.
 *
 * <pre>{@code
 * MedianInterval ci = MedianInterval.of(ratios, 0.99);
 * if (ci.low() > 1) { ... B is slower ... }
 * }</pre>
 *
 * @see <a href="https://www.itl.nist.gov/div898/software/dataplot/refman1/auxillar/mediancl.htm">
 *     NIST Dataplot: median confidence limits (order-statistic method)</a>
 */
public final class MedianInterval {
    private final int count;
    private final double median;
    private final double low;
    private final double high;
    private final int rank;
    private final double achievedConfidence;

    private MedianInterval(int count, double median, double low, double high, int rank, double achievedConfidence) {
        this.count = count;
        this.median = median;
        this.low = low;
        this.high = high;
        this.rank = rank;
        this.achievedConfidence = achievedConfidence;
    }

    /**
     * The median of {@code samples} and its confidence interval at {@code confidence} (0.99 for 99%).
     * With too few samples for that confidence (fewer than 8 at 99%, 6 at 95%) the interval is
     * [min, max] and {@link #achievedConfidence()} says how much less sure it is.
     *
     * @throws IllegalArgumentException if there are no samples, one is not finite, or the
     *     confidence is not strictly between 0 and 1
     */
    public static MedianInterval of(double[] samples, double confidence) {
        requireNonNull(samples, "samples");
        checkArgument(samples.length > 0, "no samples: a median needs at least one");
        checkConfidence(confidence);
        for (double sample : samples) {
            checkArgument(Double.isFinite(sample), "sample %s is not a finite number", sample);
        }
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        int k = lowerRank(n, confidence);
        return new MedianInterval(n, Quantiles.median().compute(sorted), sorted[k - 1], sorted[n - k], k, coverage(n, k));
    }

    /**
     * The rank k (1-based) of the lower end: the largest k with {@code coverage(n, k) >= confidence},
     * or 1 (the minimum) when even [min, max] covers less.
     */
    static int lowerRank(int n, double confidence) {
        checkArgument(n >= 1, "n must be at least 1, was %s", n);
        checkConfidence(confidence);
        double tail = (1 - confidence) / 2;
        // P(B <= j) for B ~ Binomial(n, 1/2), summed in logarithms: 0.5^n underflows beyond n = 1074.
        double logPmf = -n * Math.log(2);
        double cdf = 0;
        int k = 1;
        for (int j = 0; j < n / 2; j++) {
            cdf += Math.exp(logPmf);
            if (cdf > tail) {
                break;
            }
            k = j + 1;
            logPmf += Math.log(n - j) - Math.log(j + 1.0);
        }
        return k;
    }

    /**
     * The probability that [k-th smallest, k-th largest] of n samples holds the median:
     * {@code 1 - 2 P(B <= k - 1)}, B ~ Binomial(n, 1/2).
     */
    static double coverage(int n, int k) {
        checkArgument(n >= 1 && k >= 1 && 2 * k <= n + 1, "rank %s of %s samples is not a lower rank", k, n);
        double logPmf = -n * Math.log(2);
        double cdf = 0;
        for (int j = 0; j < k; j++) {
            cdf += Math.exp(logPmf);
            logPmf += Math.log(n - j) - Math.log(j + 1.0);
        }
        return Math.max(0, 1 - 2 * cdf);
    }

    private static void checkConfidence(double confidence) {
        checkArgument(confidence > 0 && confidence < 1,
                "confidence is a probability strictly between 0 and 1 (0.99 for 99%%), was %s", confidence);
    }

    /** How many samples. */
    public int count() {
        return count;
    }

    /** The median (the mean of the two middle samples for an even count). */
    public double median() {
        return median;
    }

    /** The lower end: the {@link #rank()}-th smallest sample. */
    public double low() {
        return low;
    }

    /** The upper end: the {@link #rank()}-th largest sample. */
    public double high() {
        return high;
    }

    /** Which order statistic bounds the interval (1 = min and max). */
    public int rank() {
        return rank;
    }

    /** The interval's true coverage for continuous data: at least the asked confidence when there are enough samples. */
    public double achievedConfidence() {
        return achievedConfidence;
    }

    /** Whether {@code value} lies inside, ends included. */
    public boolean contains(double value) {
        return low <= value && value <= high;
    }

    /** Half the width relative to the median: 0.01 for a median of 1.05 known to about ±1%. */
    public double relativeHalfWidth() {
        return median == 0 ? Double.POSITIVE_INFINITY : (high - low) / 2 / Math.abs(median);
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "median %.5g [%.5g, %.5g] (%.2f%% order-statistic CI, n=%d)",
                median, low, high, 100 * achievedConfidence, count);
    }
}
