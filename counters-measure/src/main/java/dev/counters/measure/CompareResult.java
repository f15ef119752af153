package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import com.google.common.collect.ImmutableList;
import com.google.common.math.Quantiles;
import dev.counters.internal.Durations;
import dev.counters.measure.CompareResult.ClockComparison;
import dev.counters.measure.MeasureResult.NoiseReport;
import dev.counters.measure.MeasureResult.Overhead;
import dev.counters.measure.MeasureResult.PreparationStep;
import dev.counters.measure.MeasureResult.WarmUpReport;
import dev.counters.measure.internal.ForkedCompare;
import dev.counters.measure.internal.Preemptions;
import dev.counters.measure.internal.VerdictRule;
import java.time.Duration;
import java.util.ArrayList;
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
 *
 * <p><b>In this JVM or across JVMs.</b> A comparison of lambdas (or of task classes with
 * {@code forks(0)}) ran here, {@link #jvms()} is 0, and everything above is there to read; its
 * answer speaks for this JVM only. A comparison of task classes ran in {@link #jvms()} fresh JVMs:
 * its {@link #verdict()} and {@link #conclusion()} are judged over their ratios
 * ({@link #jvmWallRatios()}, {@link #jvmThreadCpuRatios()}), and what stayed in those JVMs (their
 * pairs, clocks, warm-ups and noise) is not here: those accessors throw {@link IllegalStateException}.
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
    private final int collectedRunsA;
    private final int collectedRunsB;
    private final double[] jvmWallRatios;
    private final double[] jvmCpuRatios;
    private final ImmutableList<Verdict> jvmVerdicts;
    private final String machine;

    CompareResult(Conclusion conclusion, List<ClockComparison> clocks, Compare.StopReason stoppedBy, Compare.Order order,
            int minPairs, double target, double confidence, double margin, WarmUpReport warmUpA, WarmUpReport warmUpB,
            NoiseReport noise, boolean[] aFirst, Overhead overhead, List<String> warnings, Duration elapsed, String counters,
            List<PreparationStep> preparation, int invocationsPerRun, double otherThreadShareA, double otherThreadShareB,
            int collectedRunsA, int collectedRunsB) {
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
        this.collectedRunsA = collectedRunsA;
        this.collectedRunsB = collectedRunsB;
        this.jvmWallRatios = new double[0];
        this.jvmCpuRatios = new double[0];
        this.jvmVerdicts = ImmutableList.of();
        this.machine = noise.machine();
    }

    /** A comparison across JVMs: what the forks said, judged together; nothing of any one JVM's pairs. */
    private CompareResult(Conclusion conclusion, Compare.StopReason stoppedBy, double target, double confidence, double margin,
            Duration elapsed, double[] jvmWallRatios, double[] jvmCpuRatios, List<Verdict> jvmVerdicts, String machine) {
        this.conclusion = conclusion;
        this.stoppedBy = stoppedBy;
        this.target = target;
        this.confidence = confidence;
        this.margin = margin;
        this.elapsed = elapsed;
        this.jvmWallRatios = jvmWallRatios.clone();
        this.jvmCpuRatios = jvmCpuRatios.clone();
        this.jvmVerdicts = ImmutableList.copyOf(jvmVerdicts);
        this.machine = machine;
        this.clocks = ImmutableList.of();
        this.order = Compare.Order.ALTERNATING;
        this.minPairs = 0;
        this.warmUpA = null;
        this.warmUpB = null;
        this.noise = null;
        this.aFirst = new boolean[0];
        this.overhead = null;
        this.warnings = ImmutableList.of();
        this.counters = "";
        this.preparation = ImmutableList.of();
        this.invocationsPerRun = 0;
        this.otherThreadShareA = Double.NaN;
        this.otherThreadShareB = Double.NaN;
        this.collectedRunsA = -1;
        this.collectedRunsB = -1;
    }

    /** The result of {@code forks}, judged over fresh JVMs, with the settings it ran with. */
    static CompareResult acrossJvms(ForkedCompare.Result forks, double target, double confidence, double margin,
            Duration elapsed) {
        List<Verdict> verdicts = new ArrayList<>();
        for (String verdict : forks.forkVerdicts()) {
            verdicts.add(Verdict.valueOf(verdict.toUpperCase(Locale.ROOT)));
        }
        Compare.StopReason stoppedBy = switch (forks.stoppedBy()) {
            case "decided" -> Compare.StopReason.DECIDED;
            case "forks" -> Compare.StopReason.FORKS;
            default -> Compare.StopReason.BUDGET;
        };
        return new CompareResult(Conclusion.acrossJvms(forks), stoppedBy, target, confidence, margin, elapsed,
                forks.wallRatios(), forks.threadCpuRatios(), verdicts, forks.machine());
    }

    /**
     * How many fresh JVMs the comparison ran in: 0 when it ran in this one only (lambdas, or
     * {@code forks(0)}), whose answer then speaks for this JVM only.
     */
    public int jvms() {
        return jvmWallRatios.length;
    }

    /** Each fresh JVM's median ratio B/A on wall time, in the order they ran (empty in this JVM only). */
    public double[] jvmWallRatios() {
        return jvmWallRatios.clone();
    }

    /** Each fresh JVM's median ratio B/A on thread CPU time, in the order they ran (empty in this JVM only). */
    public double[] jvmThreadCpuRatios() {
        return jvmCpuRatios.clone();
    }

    /** What each fresh JVM alone concluded: never the verdict by itself, a JVM speaks for itself only (empty in this JVM only). */
    public List<Verdict> jvmVerdicts() {
        return jvmVerdicts;
    }

    /** {@code loaded} when the noise report of this JVM, or of any fork, found the machine loaded; else {@code quiet}. */
    public String machine() {
        return machine;
    }

    /** Throws unless the comparison ran in this JVM, whose pairs and clocks it then holds. */
    private void requireThisJvm(String what) {
        checkState(jvms() == 0, "this comparison ran in %s fresh JVMs, and their %s stayed in them: read verdict(), "
                + "conclusion() and jvmWallRatios(), or compare in this JVM with Compare.forks(0)", jvms(), what);
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
        requireThisJvm("invocations per run");
        return invocationsPerRun;
    }

    /**
     * The share of this JVM's CPU time, while A ran, that other threads spent (its process CPU time
     * less its thread CPU time, over its process CPU time): near 0 for a single-threaded task, large
     * when A's work runs on a pool. NaN where process CPU time was not read (the duet, no process clock).
     */
    public double otherThreadShareA() {
        requireThisJvm("process CPU times");
        return otherThreadShareA;
    }

    /** As {@link #otherThreadShareA()}, for B. */
    public double otherThreadShareB() {
        requireThisJvm("process CPU times");
        return otherThreadShareB;
    }

    /**
     * How many timed runs of A paid for at least one garbage collection (this JVM's
     * {@code GarbageCollectorMXBean} counts, read before and after each run outside its clocks);
     * -1 where not read ({@link Compare.Order#DUET}, {@link Compare.Order#SEQUENTIAL}). Such runs are
     * kept: a collection is part of what a task costs, and the median moves with them once they are
     * more than a few. Compare it with {@link #pairs()}: a share far from {@link #collectedRunsB()}'s
     * says one task makes the garbage the other pays for, or the reverse.
     */
    public int collectedRunsA() {
        requireThisJvm("garbage collection counts");
        return collectedRunsA;
    }

    /** As {@link #collectedRunsA()}, for B. */
    public int collectedRunsB() {
        requireThisJvm("garbage collection counts");
        return collectedRunsB;
    }

    /** What the clocks' reading cost was, taken out of every run before the ratios. */
    public Overhead overhead() {
        requireThisJvm("clock calibrations");
        return overhead;
    }

    /** Sentences a reader must see: a task too short for a clock (and how long it should be), preemptions not set aside. */
    public List<String> warnings() {
        return warnings;
    }

    /** Wall time, then thread CPU time. */
    public List<ClockComparison> clocks() {
        requireThisJvm("pairs");
        return clocks;
    }

    /** B against A on wall time. */
    public ClockComparison wall() {
        requireThisJvm("pairs");
        return clocks.get(0);
    }

    /** B against A on the measuring thread's CPU time. */
    public ClockComparison threadCpu() {
        requireThisJvm("pairs");
        return clocks.get(1);
    }

    /** How many pairs were run. */
    public int pairs() {
        requireThisJvm("pairs");
        return aFirst.length;
    }

    /**
     * Whether A ran first in each pair, in order (alternating: true, false, true, ...); in a
     * {@linkplain Compare.Order#DUET duet}, where both start together, whether A ran on worker 1.
     */
    public boolean[] aRanFirst() {
        requireThisJvm("pairs");
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
        requireThisJvm("settings of pairs");
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
        requireThisJvm("warm-ups");
        return warmUpA;
    }

    public WarmUpReport warmUpB() {
        requireThisJvm("warm-ups");
        return warmUpB;
    }

    /** How much the machine drifted during the pairs. */
    public NoiseReport noise() {
        requireThisJvm("noise reports");
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
        if (jvms() > 0) {
            return text.append(String.format(Locale.ROOT, "B against A in %d fresh JVMs in %s, stopped by %s; machine: %s",
                    jvms(), Durations.formatNanos(elapsed.toNanos()), stoppedBy.label(), machine)).toString();
        }
        text.append(String.format(Locale.ROOT, "B against A, %d pairs (%s order) in %s, stopped by %s; counters: %s%n",
                pairs(), order.name().toLowerCase(Locale.ROOT), Durations.formatNanos(elapsed.toNanos()), stoppedBy.label(),
                counters));
        if (collectedRunsA >= 0) {
            text.append(String.format(Locale.ROOT, "runs that paid for a garbage collection (kept): %d of A's, %d of B's%n",
                    collectedRunsA, collectedRunsB));
        }
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

    /**
     * The one answer of a {@link Compare}: is B slower, faster, indistinguishable from A, or can this
     * run not tell, and why not? It rests on one clock ({@link #decidedBy()}), carries that clock's
     * ratio B/A and interval, and says why in one sentence ({@link #reason()}), naming what the other
     * clock showed.
     *
     * <p>Which time matters is the caller's to say ({@link Compare#by(Compare.JudgedBy)}, {@code --by}):
     * {@link Compare.JudgedBy#WALL} or {@link Compare.JudgedBy#CPU} takes that clock's own verdict and
     * names the other for context. {@link Compare.JudgedBy#AUTO} (the default) judges on wall time
     * tasks of which one does a fifth more of its CPU work on other threads than the other (this JVM's
     * process CPU time against the measuring thread's: thread CPU time would miss that work, and its
     * agreement would mean nothing; the JVM's own compiler and GC threads weigh on both alike) or that
     * mostly wait (thread CPU time under half its wall time, for A or B), and
     * otherwise reads the two clocks' own {@link Verdict}s together:
     * <ol>
     *   <li><b>Both decisive, in agreement</b> (both slower, or both faster): that verdict, resting on
     *       the clock with the narrower interval.</li>
     *   <li><b>Both decisive, in disagreement</b> (say B takes more CPU time but less wall time: it
     *       works on other threads, or waits less for I/O or locks): {@link Verdict#CLOCKS_DISAGREE},
     *       resting on wall time, and the sentence names both. It never picks one silently.</li>
     *   <li><b>One decisive</b>, the other not: the decisive verdict when the two intervals overlap (the
     *       other clock was too noisy to tell, or its wider interval holds both 1 and this ratio);
     *       {@link Verdict#CLOCKS_DISAGREE} when they do not overlap (the other clock positively shows no
     *       such difference).</li>
     *   <li><b>Neither decisive</b>: {@link Verdict#INDISTINGUISHABLE} when at least one clock is
     *       (resting on the narrower such), {@link Verdict#TOO_FEW} when both had too few pairs,
     *       {@link Verdict#TOO_NOISY} otherwise.</li>
     * </ol>
     */
    public static final class Conclusion {
        /** A task whose thread CPU time is under this share of its wall time mostly waits: judged on wall time. */
        public static final double WAITING_CPU_SHARE = VerdictRule.WAITING_CPU_SHARE;

        private final Verdict verdict;
        /** The clock comparison of this JVM's pairs the verdict rests on; null across JVMs. */
        private final ClockComparison decidedBy;
        private final String clock;
        private final double ratio;
        private final double low;
        private final double high;
        private final double intervalConfidence;
        private final String reason;

        private Conclusion(Verdict verdict, ClockComparison decidedBy, String reason) {
            this(verdict, decidedBy, decidedBy.clock(), decidedBy.ratio(), decidedBy.interval().low(),
                    decidedBy.interval().high(), decidedBy.interval().achievedConfidence(), reason);
        }

        private Conclusion(Verdict verdict, ClockComparison decidedBy, String clock, double ratio, double low, double high,
                double intervalConfidence, String reason) {
            this.verdict = verdict;
            this.decidedBy = decidedBy;
            this.clock = clock;
            this.ratio = ratio;
            this.low = low;
            this.high = high;
            this.intervalConfidence = intervalConfidence;
            this.reason = reason;
        }

        /** The verdict over fresh JVMs: the forks' geometric mean ratio and its t interval, at the confidence each look read. */
        static Conclusion acrossJvms(ForkedCompare.Result forks) {
            return new Conclusion(forks.verdict(), null, forks.decidedBy(), forks.ratio(), forks.low(), forks.high(),
                    forks.confidence(), forks.reason());
        }

        /** Judges {@code wall} and {@code cpu} together, as {@link Compare.JudgedBy#AUTO} does, for single-threaded tasks. */
        public static Conclusion of(ClockComparison wall, ClockComparison cpu, boolean loaded) {
            return of(wall, cpu, loaded, Compare.JudgedBy.AUTO, 0);
        }

        /**
         * Judges {@code wall} and {@code cpu} {@code by} the clock asked for; {@code loaded} only words
         * the sentence ("on this loaded machine"); {@code otherThreads} is how much larger one task's
         * share of CPU time on other threads is than the other's (0 when unknown).
         */
        public static Conclusion of(ClockComparison wall, ClockComparison cpu, boolean loaded, Compare.JudgedBy by,
                double otherThreads) {
            requireNonNull(wall, "wall");
            requireNonNull(cpu, "cpu");
            requireNonNull(by, "by");
            String where = loaded ? " on this loaded machine" : "";
            return switch (VerdictRule.basis(by, wall.medianA(), cpu.medianA(), wall.medianB(), cpu.medianB(), otherThreads)) {
                case CPU -> on(cpu, wall, where, "judged on thread CPU time, as asked");
                case BOTH -> together(wall, cpu, where);
                case WALL -> on(wall, cpu, where, by == Compare.JudgedBy.WALL ? "judged on wall time, as asked"
                        : otherThreads > VerdictRule.OTHER_THREADS_SHARE
                        ? String.format(Locale.ROOT, "judged on wall time: %.0f%% more of one task's CPU time ran on other "
                                + "threads than of the other's, which thread CPU time does not see", 100 * otherThreads)
                        : String.format(Locale.ROOT, "judged on wall time: the tasks mostly wait (thread CPU time is %.0f%% of "
                                + "A's wall time, %.0f%% of B's)", 100 * cpu.medianA() / wall.medianA(),
                                100 * cpu.medianB() / wall.medianB()));
            };
        }

        /** The verdict of {@code chosen}, with {@code other} named for context. */
        private static Conclusion on(ClockComparison chosen, ClockComparison other, String where, String why) {
            String says = switch (chosen.verdict()) {
                case SLOWER, FASTER -> difference(chosen);
                case INDISTINGUISHABLE -> String.format(Locale.ROOT, "A and B cannot be told apart in %s: B/A %.4f %s, any "
                        + "difference is within %s", name(chosen), chosen.ratio(), range(chosen), bound(chosen));
                case TOO_FEW -> tooFew(chosen);
                default -> name(chosen) + " was too noisy to tell" + where + " " + range(chosen);
            };
            return new Conclusion(chosen.verdict(), chosen, says + " (" + why + "); " + name(other) + ": "
                    + other.verdict().label() + " " + range(other));
        }

        /** Both clocks read together: the verdict {@link VerdictRule#joint} gives, in words that name both. */
        private static Conclusion together(ClockComparison wall, ClockComparison cpu, String where) {
            Verdict w = wall.verdict();
            Verdict c = cpu.verdict();
            Verdict verdict = VerdictRule.joint(w, c, overlap(wall, cpu));
            ClockComparison decisive = w.isDecisive() ? wall : cpu;
            ClockComparison other = decisive == wall ? cpu : wall;
            switch (verdict) {
                case SLOWER, FASTER -> {
                    if (w.isDecisive() && c.isDecisive()) {
                        ClockComparison best = narrower(cpu, wall);
                        ClockComparison second = best == wall ? cpu : wall;
                        return new Conclusion(verdict, best, difference(best) + "; " + name(second) + " agrees " + range(second));
                    }
                    String otherSays = other.verdict() == Verdict.INDISTINGUISHABLE
                            ? name(other) + "'s wider interval " + range(other) + " holds this ratio too"
                            : name(other) + " was " + (other.verdict() == Verdict.TOO_FEW ? "left with too few pairs" : "too noisy")
                                    + " to tell" + where + " " + range(other);
                    return new Conclusion(verdict, decisive, difference(decisive) + "; " + otherSays);
                }
                case CLOCKS_DISAGREE -> {
                    if (w.isDecisive() && c.isDecisive()) {
                        return new Conclusion(verdict, wall, "the clocks disagree: " + difference(cpu) + ", but "
                                + difference(wall).replaceFirst("^B ", "it ") + ": B does part of its work on other threads or "
                                + "waits less (I/O, locks); say which time matters with --by wall or --by cpu");
                    }
                    return new Conclusion(verdict, wall, "the clocks disagree: " + difference(decisive) + ", but "
                            + name(other) + " shows no such difference " + range(other) + ": B does part of its work on other "
                            + "threads or waits differently (I/O, locks); say which time matters with --by wall or --by cpu");
                }
                case INDISTINGUISHABLE -> {
                    ClockComparison best = w == c ? narrower(cpu, wall) : (w == Verdict.INDISTINGUISHABLE ? wall : cpu);
                    ClockComparison second = best == wall ? cpu : wall;
                    return new Conclusion(verdict, best, String.format(Locale.ROOT,
                            "A and B cannot be told apart in %s: B/A %.4f %s, any difference is within %s; %s %s %s", name(best),
                            best.ratio(), range(best), bound(best), name(second),
                            second.verdict() == Verdict.INDISTINGUISHABLE ? "agrees" : "was too noisy to tell" + where,
                            range(second)));
                }
                case TOO_FEW -> {
                    return new Conclusion(verdict, cpu, tooFew(cpu));
                }
                default -> {
                    return new Conclusion(Verdict.TOO_NOISY, narrower(cpu, wall), String.format(Locale.ROOT,
                            "neither clock could tell%s: thread CPU time %s and wall time %s are too wide to say A and B "
                                    + "differ or are alike; give it a longer budget or a quieter machine",
                            where, range(cpu), range(wall)));
                }
            }
        }

        /** {@code too few pairs for a 99% interval in thread CPU time: 5 (the 93.75% interval is B/A 0.9-1.1)}. */
        private static String tooFew(ClockComparison clock) {
            return String.format(Locale.ROOT, "too few pairs to tell in %s: %d, whose widest interval [min, max] holds the "
                    + "median at only %.2f%% (B/A %.4f-%.4f); give it a longer budget", name(clock), clock.pairs(),
                    100 * clock.interval().achievedConfidence(), clock.interval().low(), clock.interval().high());
        }

        private static ClockComparison narrower(ClockComparison one, ClockComparison other) {
            return other.interval().relativeHalfWidth() < one.interval().relativeHalfWidth() ? other : one;
        }

        private static boolean overlap(ClockComparison one, ClockComparison other) {
            return one.interval().low() <= other.interval().high() && other.interval().low() <= one.interval().high();
        }

        private static String name(ClockComparison clock) {
            return clock.clock() + " time";
        }

        /** {@code B is 5.00% slower in thread CPU time (99%: 4.80% to 5.20%)}. */
        private static String difference(ClockComparison clock) {
            boolean slower = clock.ratio() >= 1;
            double confidence = 100 * clock.interval().achievedConfidence();
            if (slower) {
                return String.format(Locale.ROOT, "B is %.2f%% slower in %s (%.0f%%: %.2f%% to %.2f%%)", 100 * (clock.ratio() - 1),
                        name(clock), Math.floor(confidence), 100 * (clock.interval().low() - 1), 100 * (clock.interval().high() - 1));
            }
            return String.format(Locale.ROOT, "B is %.2f%% faster in %s (%.0f%%: %.2f%% to %.2f%% less time)",
                    100 * (1 - clock.ratio()), name(clock), Math.floor(confidence), 100 * (1 - clock.interval().high()),
                    100 * (1 - clock.interval().low()));
        }

        /** {@code (B/A 0.9712-1.0108)}. */
        private static String range(ClockComparison clock) {
            return String.format(Locale.ROOT, "(B/A %.4f-%.4f)", clock.interval().low(), clock.interval().high());
        }

        /** The largest difference the interval allows, as a percentage: {@code ±0.31%}. */
        private static String bound(ClockComparison clock) {
            double largest = Math.max(clock.interval().high() - 1, 1 - clock.interval().low());
            return String.format(Locale.ROOT, "±%.2f%%", 100 * largest);
        }

        /** The answer; see {@link Verdict} for each outcome. */
        public Verdict verdict() {
            return verdict;
        }

        /**
         * This JVM's comparison on the clock the verdict rests on (wall time when the clocks
         * disagree), with every pair's ratio.
         *
         * @throws IllegalStateException across JVMs, whose pairs stayed in them: read {@link #clock()},
         *     {@link #ratio()}, {@link #low()} and {@link #high()}
         */
        public ClockComparison decidedBy() {
            checkState(decidedBy != null, "a verdict across JVMs rests on their ratios, not on pairs in this JVM: read "
                    + "clock(), ratio(), low() and high()");
            return decidedBy;
        }

        /** The name of the clock the verdict rests on: {@link CompareResult#WALL} or {@link CompareResult#THREAD_CPU}. */
        public String clock() {
            return clock;
        }

        /** The ratio B/A the verdict rests on: this JVM's median ratio, or across JVMs the geometric mean of theirs. */
        public double ratio() {
            return ratio;
        }

        /** The lower end of the interval the verdict rests on. */
        public double low() {
            return low;
        }

        /** The upper end of the interval the verdict rests on. */
        public double high() {
            return high;
        }

        /**
         * The confidence that interval was read at: in this JVM the order statistics' achieved
         * confidence, across JVMs the stricter one the deciding look of the stopping rule read (99.2%
         * for 99% at the first look, 99.93% at each of three later ones).
         */
        public double confidence() {
            return intervalConfidence;
        }

        /** One sentence that says why, naming both clocks. */
        public String reason() {
            return reason;
        }

        /** {@code slower: B is 5.00% slower in thread CPU time (99%: 4.80% to 5.20%); wall time was too noisy ...}. */
        @Override
        public String toString() {
            return verdict.label() + ": " + reason;
        }
    }
}
