package dev.counters.measure.internal.stats;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.math.Quantiles;
import com.google.common.math.Stats;
import java.util.Arrays;

/**
 * One fork's estimate of a ratio B/A from its pairs, and how precise the fork itself says it is.
 *
 * <p>The estimate is the geometric mean over the fork's instances of each instance's median ratio
 * (the pairs of round r ran instance r mod {@code instances}), so that every placement weighs the
 * same. Its {@code floor} is the variance of the estimate's logarithm that the fork's own figures
 * imply: the larger of what its instances' differences imply (their sample variance over their
 * count) and what its pairs' scatter implies for a median of them: {@code (pi / 2) sigma^2 / n},
 * sigma read robustly from the logarithms' median absolute deviation (times 1.4826), as the
 * estimate itself is a median: a few pairs that a collection made ten times longer must not widen
 * it (a LinkedList's pairs, whose sample variance in logs read 3.6, its MAD-based one 0.02).
 * {@link ForkInterval} takes the mean floor as the least spread the forks can have, so that forks
 * which agree by chance, or a fork of a few long pairs, never read more precise than they are.
 *
 * @param ratio the estimate
 * @param floor the variance of its logarithm the fork's own figures imply (0 with a single pair)
 * @param pairs how many pairs it rests on
 */
public record ForkEstimate(double ratio, double floor, int pairs) {
    /** A normal distribution's standard deviation over its median absolute deviation. */
    static final double MAD_TO_SIGMA = 1.4826;

    /**
     * The estimate from {@code ratios} (B/A, in the order the pairs ran, those {@code setAside}
     * left out; null for none), taken {@code pairsPerRound} pairs a round over {@code instances}.
     */
    public static ForkEstimate of(double[] ratios, boolean[] setAside, int instances, int pairsPerRound) {
        double[] logMedians = new double[instances];
        double[] logs = new double[ratios.length];
        int kept = 0;
        int measured = 0;
        for (int pair = 0; pair < ratios.length; pair++) {
            if (setAside == null || !setAside[pair]) {
                logs[kept++] = Math.log(ratios[pair]);
            }
        }
        for (int instance = 0; instance < instances; instance++) {
            double[] own = new double[ratios.length];
            int n = 0;
            for (int pair = 0; pair < ratios.length; pair++) {
                if (pair / pairsPerRound % instances == instance && (setAside == null || !setAside[pair])) {
                    own[n++] = ratios[pair];
                }
            }
            if (n > 0) {
                logMedians[measured++] = Math.log(Quantiles.median().computeInPlace(Arrays.copyOf(own, n)));
            }
        }
        checkArgument(measured > 0, "no pair to estimate a fork's ratio from");
        Stats instancesStats = Stats.of(Arrays.copyOf(logMedians, measured));
        double instancesFloor = measured > 1 ? instancesStats.sampleVariance() / measured : 0;
        double pairsFloor = kept > 1 ? medianVariance(Arrays.copyOf(logs, kept)) : 0;
        return new ForkEstimate(Math.exp(instancesStats.mean()), Math.max(instancesFloor, pairsFloor), kept);
    }

    /** The variance of the median of {@code logs}: (pi / 2) sigma^2 / n, sigma = 1.4826 x their median absolute deviation. */
    static double medianVariance(double[] logs) {
        double median = Quantiles.median().compute(logs);
        double[] deviations = new double[logs.length];
        for (int i = 0; i < logs.length; i++) {
            deviations[i] = Math.abs(logs[i] - median);
        }
        double sigma = MAD_TO_SIGMA * Quantiles.median().computeInPlace(deviations);
        return Math.PI / 2 * sigma * sigma / logs.length;
    }
}
