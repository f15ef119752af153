package dev.counters.measure.internal.stats;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.math.Stats;
import java.util.Locale;

/**
 * The confidence interval of a ratio B/A measured in several fresh JVMs (forks), which carries the
 * variation between JVMs: each fork's own estimate (the median ratio of its pairs) is one sample,
 * and the interval is Student's t interval of the mean of their logarithms, exponentiated (a
 * geometric mean ratio with its interval).
 *
 * <p><b>Why forks are the unit.</b> Inside one JVM the pairs scatter around what that JVM made of
 * the code: its JIT decisions, its inlining, its memory layout, its profile. The next JVM makes
 * something else of the same code (JMH's forks of one task differ by up to 30%), so an interval
 * over one JVM's pairs, however narrow, speaks for that JVM only. Kalibera and Jones ("Rigorous
 * benchmarking in reasonable time", ISMM 2013) show that with such a hierarchy (JVM runs,
 * iterations inside each) the variance of the grand mean is dominated by the top level, and that the
 * honest interval treats the per-JVM means as the samples: n forks give n - 1 degrees of freedom,
 * whatever the number of pairs inside each. The pairs still earn their keep: they make each fork's
 * own estimate precise, so the spread of the forks is what the JVMs do, not timing noise.
 *
 * <p>Logarithms, because ratios multiply: a fork at 2.0 and one at 0.5 average to 1, not 1.25.
 * One fork gives no interval (no spread to read): {@link #isDefined()} is false.
 */
public final class ForkInterval {
    private final int forks;
    private final double ratio;
    private final double low;
    private final double high;
    private final double confidence;

    private ForkInterval(int forks, double ratio, double low, double high, double confidence) {
        this.forks = forks;
        this.ratio = ratio;
        this.low = low;
        this.high = high;
        this.confidence = confidence;
    }

    /**
     * The geometric mean of {@code forkRatios} (one per fork, each above 0) and its interval at
     * {@code confidence}; with one fork, an undefined interval [0, infinity).
     */
    public static ForkInterval of(double[] forkRatios, double confidence) {
        return of(forkRatios, new double[forkRatios.length], confidence);
    }

    /**
     * As {@link #of(double[], double)}, with a floor under the forks' spread: {@code floors[i]} is
     * the variance of fork i's logarithm that its own instances' differences imply
     * ({@link Placements#estimate}), and the interval uses the larger of the forks' sample variance
     * and the mean floor. Why: a placement effect takes few values, so five forks can agree by chance
     * on a wrong one and their sample variance is then near 0 (a narrow interval around the wrong
     * value); the instances inside each fork still show how far apart the placements lie.
     */
    public static ForkInterval of(double[] forkRatios, double[] floors, double confidence) {
        requireNonNull(forkRatios, "forkRatios");
        checkArgument(forkRatios.length > 0, "no forks: an interval needs the ratio of at least one");
        checkArgument(floors.length == forkRatios.length, "one floor per fork: %s floors for %s forks", floors.length,
                forkRatios.length);
        checkArgument(confidence > 0 && confidence < 1, "confidence is strictly between 0 and 1, was %s", confidence);
        double[] logs = new double[forkRatios.length];
        for (int i = 0; i < logs.length; i++) {
            checkArgument(forkRatios[i] > 0 && Double.isFinite(forkRatios[i]),
                    "fork %s's ratio %s is not a positive number", (Object) (i + 1), forkRatios[i]);
            checkArgument(floors[i] >= 0, "fork %s's floor %s is negative", (Object) (i + 1), floors[i]);
            logs[i] = Math.log(forkRatios[i]);
        }
        Stats stats = Stats.of(logs);
        double center = Math.exp(stats.mean());
        if (logs.length == 1) {
            return new ForkInterval(1, center, 0, Double.POSITIVE_INFINITY, confidence);
        }
        double variance = Math.max(stats.sampleVariance(), Stats.meanOf(floors));
        double halfWidth = tQuantile(logs.length - 1, 1 - (1 - confidence) / 2) * Math.sqrt(variance / logs.length);
        return new ForkInterval(logs.length, center, Math.exp(stats.mean() - halfWidth), Math.exp(stats.mean() + halfWidth),
                confidence);
    }

    /** Student's t quantile at {@code p} with {@code degreesOfFreedom}. */
    public static double tQuantile(int degreesOfFreedom, double p) {
        return StudentT.quantile(degreesOfFreedom, p);
    }

    /** How many forks the interval rests on. */
    public int forks() {
        return forks;
    }

    /** Whether there is an interval: at least two forks. */
    public boolean isDefined() {
        return forks > 1;
    }

    /** The geometric mean of the forks' ratios. */
    public double ratio() {
        return ratio;
    }

    public double low() {
        return low;
    }

    public double high() {
        return high;
    }

    public double confidence() {
        return confidence;
    }

    /** Whether {@code value} lies inside, ends included. */
    public boolean contains(double value) {
        return low <= value && value <= high;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "B/A %.4f [%.4f, %.4f] (%.1f%% t interval over %d forks)", ratio, low, high,
                100 * confidence, forks);
    }
}
