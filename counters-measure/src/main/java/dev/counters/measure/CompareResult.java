package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import com.google.common.math.Quantiles;
import dev.counters.internal.Durations;
import dev.counters.measure.internal.Conclusion;
import dev.counters.measure.internal.NoiseReport;
import dev.counters.measure.internal.Overhead;
import dev.counters.measure.internal.Preemptions;
import dev.counters.measure.internal.PreparationStep;
import dev.counters.measure.internal.WarmUpReport;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of a {@link Compare}: one overall {@link #verdict()} with the ratio, interval and
 * clock it rests on and a sentence saying why ({@link #conclusion()}); per clock (wall time, thread
 * CPU time) the median ratio B/A with its confidence interval and verdict; what ended the
 * comparison; the clocks' reading cost taken out of every run; warnings (a task too short for a
 * clock, too many preempted pairs to set aside); how the warm-ups went; and how much the machine
 * itself drifted meanwhile, quiet or loaded ({@link #noise()}).
 */
public final class CompareResult {
    /** The name of the wall-time clock in {@link #clocks()}. */
    public static final String WALL = "wall";
    /** The name of the thread-CPU-time clock in {@link #clocks()}. */
    public static final String THREAD_CPU = "thread CPU";

    private final Conclusion conclusion;
    private final ImmutableList<ClockComparison> clocks;
    private final Compare.StopReason stoppedBy;
    private final Compare.Order order;
    private final int minPairs;
    private final double target;
    private final double confidence;
    private final double margin;
    private final WarmUpReport warmUpA;
    private final WarmUpReport warmUpB;
    private final NoiseReport noise;
    private final boolean[] aFirst;
    private final Overhead overhead;
    private final ImmutableList<String> warnings;
    private final Duration elapsed;
    private final String counters;
    private final ImmutableList<PreparationStep> preparation;
    private final int invocationsPerRun;
    private final double otherThreadShareA;
    private final double otherThreadShareB;

    CompareResult(Conclusion conclusion, List<ClockComparison> clocks, Compare.StopReason stoppedBy, Compare.Order order,
            int minPairs, double target, double confidence, double margin, WarmUpReport warmUpA, WarmUpReport warmUpB,
            NoiseReport noise, boolean[] aFirst, Overhead overhead, List<String> warnings, Duration elapsed, String counters,
            List<PreparationStep> preparation, int invocationsPerRun, double otherThreadShareA, double otherThreadShareB) {
        this.conclusion = requireNonNull(conclusion, "conclusion");
        this.clocks = ImmutableList.copyOf(clocks);
        this.stoppedBy = requireNonNull(stoppedBy, "stoppedBy");
        this.order = requireNonNull(order, "order");
        this.minPairs = minPairs;
        this.target = target;
        this.confidence = confidence;
        this.margin = margin;
        this.warmUpA = requireNonNull(warmUpA, "warmUpA");
        this.warmUpB = requireNonNull(warmUpB, "warmUpB");
        this.noise = requireNonNull(noise, "noise");
        this.aFirst = aFirst.clone();
        this.overhead = requireNonNull(overhead, "overhead");
        this.warnings = ImmutableList.copyOf(warnings);
        this.elapsed = requireNonNull(elapsed, "elapsed");
        this.counters = requireNonNull(counters, "counters");
        this.preparation = ImmutableList.copyOf(preparation);
        this.invocationsPerRun = invocationsPerRun;
        this.otherThreadShareA = otherThreadShareA;
        this.otherThreadShareB = otherThreadShareB;
    }

    /** The one answer: see {@link Verdict} for each outcome and {@link Conclusion} for the rules. */
    public Verdict verdict() {
        return conclusion.verdict();
    }

    /** The overall verdict with the ratio, interval and clock it rests on, and why. */
    public Conclusion conclusion() {
        return conclusion;
    }

    /**
     * How many invocations of each task one timed run held: 1, or more for a task too short for
     * its clocks (so that each run lasts at least 100 times the clocks' step and reading cost).
     * Every time and ratio is per invocation.
     */
    public int invocationsPerRun() {
        return invocationsPerRun;
    }

    /**
     * The share of this JVM's CPU time, while A ran, that other threads spent (its process CPU time
     * less its thread CPU time, over its process CPU time): near 0 for a single-threaded task, large
     * when A's work runs on a pool. NaN where process CPU time was not read (the duet, no process clock).
     */
    public double otherThreadShareA() {
        return otherThreadShareA;
    }

    /** As {@link #otherThreadShareA()}, for B. */
    public double otherThreadShareB() {
        return otherThreadShareB;
    }

    /** What the clocks' reading cost was, taken out of every run before the ratios. */
    public Overhead overhead() {
        return overhead;
    }

    /** Sentences a reader must see: a task too short for a clock (and how long it should be), preemptions not set aside. */
    public List<String> warnings() {
        return warnings;
    }

    /** Wall time, then thread CPU time. */
    public List<ClockComparison> clocks() {
        return clocks;
    }

    /** B against A on wall time. */
    public ClockComparison wall() {
        return clocks.get(0);
    }

    /** B against A on the measuring thread's CPU time. */
    public ClockComparison threadCpu() {
        return clocks.get(1);
    }

    /** How many pairs were run. */
    public int pairs() {
        return aFirst.length;
    }

    /**
     * Whether A ran first in each pair, in order (alternating: true, false, true, ...); in a
     * {@linkplain Compare.Order#DUET duet}, where both start together, whether A ran on worker 1.
     */
    public boolean[] aRanFirst() {
        return aFirst.clone();
    }

    /**
     * How the {@linkplain Compare.Order#DUET duet}'s workers were prepared: each one's pinning to a
     * CPU, or why it was not applied ({@code "pin worker 1: pinned to CPU 0 (was 0-1)"}); empty for
     * the other orders, which prepare nothing.
     */
    public List<PreparationStep> preparation() {
        return preparation;
    }

    /** Whether the target width or the budget ended the comparison. */
    public Compare.StopReason stoppedBy() {
        return stoppedBy;
    }

    public Compare.Order order() {
        return order;
    }

    /** The fewest pairs the target could stop at. */
    public int minPairs() {
        return minPairs;
    }

    /** The relative half-width, a share, at which an undecided comparison stops. */
    public double target() {
        return target;
    }

    /** The confidence asked of the intervals. */
    public double confidence() {
        return confidence;
    }

    /** The equivalence margin of the verdicts (0 for none). */
    public double margin() {
        return margin;
    }

    public WarmUpReport warmUpA() {
        return warmUpA;
    }

    public WarmUpReport warmUpB() {
        return warmUpB;
    }

    /** How much the machine drifted during the pairs. */
    public NoiseReport noise() {
        return noise;
    }

    /** How long the whole comparison took, warm-up included. */
    public Duration elapsed() {
        return elapsed;
    }

    /** The verdict first, then one sentence per clock, what ended it, the warnings, the noise, the warm-ups. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        text.append(conclusion).append(System.lineSeparator());
        text.append(String.format(Locale.ROOT, "B against A, %d pairs (%s order) in %s, stopped by %s; counters: %s%n",
                pairs(), order.name().toLowerCase(Locale.ROOT), Durations.formatNanos(elapsed.toNanos()), stoppedBy.label(),
                counters));
        for (ClockComparison clock : clocks) {
            text.append(clock).append(System.lineSeparator());
        }
        for (String warning : warnings) {
            text.append("warning: ").append(warning).append(System.lineSeparator());
        }
        for (PreparationStep step : preparation) {
            text.append(step).append(System.lineSeparator());
        }
        text.append(overhead).append(System.lineSeparator());
        text.append(noise).append(System.lineSeparator());
        text.append("warm-up of A: ").append(warmUpA).append(System.lineSeparator());
        text.append("warm-up of B: ").append(warmUpB);
        return text.toString();
    }

    /**
     * B against A on one clock (wall time or thread CPU time): the ratio B/A of every pair in the order
     * the pairs ran, their median with its order-statistic confidence interval ({@link MedianInterval}),
     * and the {@link Verdict}. Part of a {@link CompareResult}.
     *
     * <p>On wall time, pairs in which either run was preempted ({@link #pairsSetAside()}) are left out
     * of the median and its interval: their wall time holds the time the thread waited for a CPU, which
     * says nothing about A or B. {@link #ratios()} still lists every pair.
     */
    public static final class ClockComparison {
        private final String clock;
        private final double[] a;
        private final double[] b;
        private final double[] ratios;
        private final boolean[] setAside;
        private final MedianInterval interval;
        private final Verdict verdict;

        /**
         * @param setAside per pair, whether to leave it out of the interval (preempted), or null to keep every pair
         * @param equivalence the band within which an interval reads indistinguishable (see {@link Verdict})
         */
        public ClockComparison(String clock, double[] a, double[] b, boolean[] setAside, double confidence, double margin,
                double equivalence) {
            this.clock = requireNonNull(clock, "clock");
            this.a = a.clone();
            this.b = b.clone();
            this.ratios = ratios(a, b);
            this.setAside = setAside == null ? new boolean[ratios.length] : setAside.clone();
            if (this.setAside.length != ratios.length) {
                throw new IllegalArgumentException(this.setAside.length + " set-aside flags for " + ratios.length + " pairs");
            }
            this.interval = MedianInterval.of(kept(ratios, this.setAside), confidence);
            // Too few pairs for the confidence asked: the interval is [min, max] at less, and says nothing decisive.
            this.verdict = interval.achievedConfidence() < confidence ? Verdict.TOO_FEW : Verdict.of(interval, margin, equivalence);
        }

        /**
         * B/A of each pair; a pair whose A took no measurable time (a counter step coarser than the task)
         * has no ratio.
         *
         * @throws IllegalArgumentException if the series differ in length or an A time is not positive
         */
        static double[] ratios(double[] a, double[] b) {
            if (a.length != b.length) {
                throw new IllegalArgumentException("A has " + a.length + " runs but B has " + b.length + "; a pair needs one of each");
            }
            double[] ratios = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                if (!(a[i] > 0)) {
                    throw new IllegalArgumentException("run " + (i + 1) + " of A took " + a[i] + " ns on this clock: no ratio "
                            + "can be taken; the task is shorter than the clock's step, so make it do more work per run");
                }
                ratios[i] = b[i] / a[i];
            }
            return ratios;
        }

        /** The values whose flag is not set. */
        static double[] kept(double[] values, boolean[] setAside) {
            double[] kept = new double[values.length - Preemptions.count(setAside)];
            int next = 0;
            for (int i = 0; i < values.length; i++) {
                if (!setAside[i]) {
                    kept[next++] = values[i];
                }
            }
            return kept;
        }

        /** Which clock: {@code wall} or {@code thread CPU}. */
        public String clock() {
            return clock;
        }

        /** The median ratio B/A of the pairs kept. */
        public double ratio() {
            return interval.median();
        }

        /** The confidence interval of the median ratio, over the pairs kept. */
        public MedianInterval interval() {
            return interval;
        }

        public Verdict verdict() {
            return verdict;
        }

        /** How many pairs the ratio and interval rest on: all pairs less those set aside. */
        public int pairs() {
            return interval.count();
        }

        /** How many pairs were left out because a run in them was preempted (wall time only; 0 on CPU time). */
        public int pairsSetAside() {
            return ratios.length - interval.count();
        }

        /** Per pair, in order, whether it was left out of the interval (a copy). */
        public boolean[] setAside() {
            return setAside.clone();
        }

        /** B/A of each pair, in the order the pairs ran, those set aside included (a copy). */
        public double[] ratios() {
            return ratios.clone();
        }

        /** A's time in each pair, nanoseconds, the clocks' own reading cost taken out (a copy). */
        public double[] timesA() {
            return a.clone();
        }

        /** B's time in each pair, nanoseconds, the clocks' own reading cost taken out (a copy). */
        public double[] timesB() {
            return b.clone();
        }

        /** The median time of A's runs kept, nanoseconds. */
        public double medianA() {
            return Quantiles.median().compute(kept(a, setAside));
        }

        /** The median time of B's runs kept, nanoseconds. */
        public double medianB() {
            return Quantiles.median().compute(kept(b, setAside));
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s: B/A %.4f [%.4f, %.4f] %s (%d pairs%s, %.2f%% CI)", clock, ratio(),
                    interval.low(), interval.high(), verdict, pairs(),
                    pairsSetAside() == 0 ? "" : ", " + pairsSetAside() + " preempted set aside", 100 * interval.achievedConfidence());
        }
    }

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
    public static final class MedianInterval {
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
}
