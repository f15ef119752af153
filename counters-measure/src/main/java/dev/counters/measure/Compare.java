package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Is B faster than A, by how much, and how sure is that? Answered on a noisy, shared machine by
 * running A and B in pairs inside one process and judging the ratio B/A of each pair.
 *
 * <pre>{@code
 * CompareResult result = Compare.of(() -> oldSort(copyOf(data)), () -> newSort(copyOf(data)))
 *         .budget(Duration.ofSeconds(20))       // stop adding pairs after 20 s at the latest
 *         .target(0.01)                         // ... or once the interval is within ±1%
 *         .run();
 * result.wall().verdict();                      // SLOWER, FASTER or INDISTINGUISHABLE
 * result.threadCpu().ratio();                   // median B/A, e.g. 0.93: B takes 7% less
 * result.noise().summary();                     // how much the machine itself drifted meanwhile
 * }</pre>
 *
 * <p><b>Why pairs.</b> A virtual machine's CPU changes speed underneath the guest (a 100 ms loop
 * takes 101 to 166 ms on one VM, with no steal reported), and nothing inside the guest steadies
 * it. Timing all of A and then all of B (what hyperfine and JMH do) lets such a drift land on one
 * side only. Two runs back to back see nearly the same machine, so the ratio of a pair cancels most
 * of what the host does, and the median of many pair ratios cancels the rest.
 *
 * <p><b>How it runs.</b> Both tasks are warmed up (each until stable, see
 * {@link Measure#warmUp(Duration)}), then run in blocks of four, A B B A ("ABBA"): pairs (A, B)
 * and (B, A), so that which task runs first in a pair (a cache the other left warm, a drift within
 * the block) favours each side equally. The balanced order is chosen over a random one because it
 * is exactly balanced in every block, needs no random numbers and is reproducible; a random order
 * only balances on average. Each run is timed on wall time and on the thread's CPU time, and each
 * clock gets the median ratio with its distribution-free order-statistic confidence interval
 * ({@link MedianInterval}: exact, no resampling, and robust to a preempted run). Between blocks a
 * fixed reference loop is timed for the {@link NoiseReport}.
 *
 * <p><b>When it stops.</b> From {@link #minPairs(int)} pairs on, it stops as soon as the interval
 * on every clock is within {@link #target(double)} (±1% by default) of its median, or when the
 * next block would overrun the {@link #budget(Duration)} (20 s by default, warm-up included);
 * {@link CompareResult#stoppedBy()} says which. An interrupt of the measuring thread also ends it
 * ({@link StopReason#INTERRUPTED}), with the pairs run so far.
 *
 * <p><b>Verdict.</b> {@link Verdict#SLOWER} when the interval lies above 1, {@link Verdict#FASTER}
 * when below, {@link Verdict#INDISTINGUISHABLE} otherwise; {@link #margin(double)} widens "1" into
 * a band of practical equivalence. The default confidence is 99%, as JMH's error bars are 99.9%:
 * a comparison is often repeated, and at 95% one honest run in twenty would be wrong.
 *
 * <p>{@link Order#SEQUENTIAL} runs all of A and then all of B instead, the naive way, to show
 * what the pairing buys; its pairs (A's i-th run, B's i-th run) go through the same statistics.
 *
 * <p>Both tasks run on the calling thread, which must be a platform thread.
 */
public final class Compare {
    /** The longest a comparison takes unless told otherwise, warm-up included: 20 s. */
    public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(20);
    /** The relative half-width of the interval at which adding pairs stops: ±1%. */
    public static final double DEFAULT_TARGET = 0.01;
    /** The confidence of the intervals: 99%. */
    public static final double DEFAULT_CONFIDENCE = 0.99;
    /** The fewest pairs before the target may stop the comparison. */
    public static final int DEFAULT_MIN_PAIRS = 30;
    /** The longest warm-up of each task; at most a quarter of the budget is spent on each. */
    public static final Duration DEFAULT_WARM_UP = Measure.DEFAULT_WARM_UP_BUDGET;

    /** The intervals are recomputed once the pairs have grown by this share since the last check. */
    static final double CHECK_GROWTH = 0.05;

    /** In which order A and B run. */
    public enum Order {
        /** Blocks of A B B A: pairs (A, B) and (B, A), balanced. The default, and the point of this class. */
        ALTERNATING,
        /** All runs of A, then as many of B (half the budget each): the naive way, for comparison. */
        SEQUENTIAL
    }

    /** What ended the adding of pairs. */
    public enum StopReason {
        /** Every clock's interval reached the target width. */
        TARGET,
        /** The budget would have been overrun by another block. */
        BUDGET,
        /** The measuring thread was interrupted; the result holds the pairs run before (the interrupt stays set). */
        INTERRUPTED;

        /** {@code target} or {@code budget}, as the reports write it. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Task a;
    private final Task b;
    private Duration budget = DEFAULT_BUDGET;
    private double target = DEFAULT_TARGET;
    private double confidence = DEFAULT_CONFIDENCE;
    private double margin;
    private int minPairs = DEFAULT_MIN_PAIRS;
    private Duration warmUp = DEFAULT_WARM_UP;
    private Order order = Order.ALTERNATING;
    private Supplier<Counter> wallCounter = Counters::performance;
    private Supplier<CpuTimesCounter> threadCounter = Counters::threadTimes;
    private LongSupplier nanoClock = System::nanoTime;
    private ProcReadings.TextSource proc = ProcReadings.FILE_SYSTEM;
    private Sink sink = new Sink();

    private Compare(Task a, Task b) {
        this.a = a;
        this.b = b;
    }

    /** Starts describing a comparison of {@code b} against {@code a}: ratios are B/A. */
    public static Compare of(Task a, Task b) {
        return new Compare(requireNonNull(a, "task A is null; pass the baseline, e.g. () -> oldSort(data)"),
                requireNonNull(b, "task B is null; pass the contender, e.g. () -> newSort(data)"));
    }

    /** The longest the whole comparison may take, warm-up included (default 20 s). */
    public Compare budget(Duration budget) {
        requireNonNull(budget, "budget");
        checkArgument(!budget.isNegative() && !budget.isZero(), "the budget must be positive, was %s", budget);
        this.budget = budget;
        return this;
    }

    /**
     * Stops adding pairs once every clock's interval is within {@code ±target} of its median
     * (default 0.01, ±1%).
     */
    public Compare target(double target) {
        checkArgument(target > 0 && target < 1, "the target is a relative half-width between 0 and 1 (0.01 for ±1%%), was %s",
                target);
        this.target = target;
        return this;
    }

    /** The confidence of the intervals (default 0.99). */
    public Compare confidence(double confidence) {
        checkArgument(confidence >= 0.5 && confidence < 1, "the confidence is from 0.5 to below 1 (0.99 for 99%%), was %s",
                confidence);
        this.confidence = confidence;
        return this;
    }

    /**
     * A band of practical equivalence around 1 (default 0, none): an interval that lies within
     * {@code [1 / (1 + margin), 1 + margin]} reads {@link Verdict#INDISTINGUISHABLE}.
     */
    public Compare margin(double margin) {
        checkArgument(margin >= 0 && margin < 1, "the margin is a share from 0 (none) to below 1 (0.01 for 1%%), was %s", margin);
        this.margin = margin;
        return this;
    }

    /** The fewest pairs before the target may end the comparison (default 30, at least 8). */
    public Compare minPairs(int pairs) {
        checkArgument(pairs >= 8, "at least 8 pairs are needed for a 99%% interval of the median, was %s", pairs);
        this.minPairs = pairs;
        return this;
    }

    /** The longest warm-up of each task (default 1.2 s); it ends earlier once the runs agree, and takes at most a quarter of the budget. */
    public Compare warmUp(Duration warmUp) {
        requireNonNull(warmUp, "warmUp");
        checkArgument(!warmUp.isNegative() && !warmUp.isZero(), "the warm-up must be positive, was %s; call noWarmUp()", warmUp);
        this.warmUp = warmUp;
        return this;
    }

    /** Skips the warm-up: the first pairs then include class loading and JIT compilation. */
    public Compare noWarmUp() {
        this.warmUp = null;
        return this;
    }

    /** In which order A and B run (default {@link Order#ALTERNATING}). */
    public Compare order(Order order) {
        this.order = requireNonNull(order, "order");
        return this;
    }

    /** Times wall time with counters from {@code factory} instead of {@link Counters#performance()}. */
    public Compare wallCounter(Supplier<? extends Counter> factory) {
        requireNonNull(factory, "factory");
        this.wallCounter = factory::get;
        return this;
    }

    /** Times CPU time with counters from {@code factory} instead of {@link Counters#threadTimes()}. */
    public Compare threadCounter(Supplier<? extends CpuTimesCounter> factory) {
        requireNonNull(factory, "factory");
        this.threadCounter = factory::get;
        return this;
    }

    /** Feeds task results to {@code sink} instead of a private one. */
    public Compare sink(Sink sink) {
        this.sink = requireNonNull(sink, "sink");
        return this;
    }

    /** The clock of the budget and warm-up (tests pass a fake one). */
    Compare nanoClock(LongSupplier clock) {
        this.nanoClock = requireNonNull(clock, "clock");
        return this;
    }

    /** Where the noise report reads {@code /proc} (tests pass fixed text). */
    Compare proc(ProcReadings.TextSource proc) {
        this.proc = requireNonNull(proc, "proc");
        return this;
    }

    /**
     * Warms both tasks up, runs pairs until the target or the budget, and judges the ratios, on the
     * calling thread.
     *
     * @throws IllegalStateException if called on a virtual thread, which has no CPU clock of its own
     * @throws TaskFailedException if a task threw a checked exception (unchecked ones pass through)
     * @throws IllegalArgumentException if a run of A took no measurable time on a clock: no ratio exists
     */
    public CompareResult run() {
        Measure.refuseVirtualThread("Compare.run()", "times the calling thread's CPU time");
        long start = nanoClock.getAsLong();
        long deadline = start + budget.toNanos();
        Pass pass = new Pass(wallCounter.get(), threadCounter.get(), sink);
        WarmUpReport warmUpA = warmUp(pass, a, "warm-up run of A");
        WarmUpReport warmUpB = warmUp(pass, b, "warm-up run of B");
        NoiseProbe probe = NoiseProbe.start(wallCounter.get(), threadCounter.get(), proc);
        Runs runs = new Runs();
        StopReason stoppedBy = order == Order.ALTERNATING
                ? alternate(pass, probe, runs, deadline)
                : sequence(pass, probe, runs, deadline);
        NoiseReport noise = probe.finish();
        return new CompareResult(runs.clocks(confidence, margin), stoppedBy, order, minPairs, target, confidence, margin,
                warmUpA, warmUpB, noise, runs.aFirst(), java.time.Duration.ofNanos(nanoClock.getAsLong() - start),
                pass.describeCounters());
    }

    private WarmUpReport warmUp(Pass pass, Task task, String phase) {
        if (warmUp == null) {
            return WarmUpReport.skipped();
        }
        Duration bounded = warmUp.compareTo(budget.dividedBy(4)) <= 0 ? warmUp : budget.dividedBy(4);
        return WarmUp.run(new Measure.WarmUpRuns(pass, task, phase), nanoClock, bounded,
                Measure.DEFAULT_WARM_UP_WINDOW, Measure.DEFAULT_WARM_UP_THRESHOLD);
    }

    /** ABBA blocks until the target is met on every clock or the next block would overrun the deadline. */
    private StopReason alternate(Pass pass, NoiseProbe probe, Runs runs, long deadline) {
        int nextCheck = minPairs;
        while (true) {
            long blockStart = nanoClock.getAsLong();
            runs.pair(pass, a, b, true);
            runs.pair(pass, b, a, false);
            probe.sample();
            if (runs.count >= nextCheck) {
                if (runs.withinTarget(confidence, target)) {
                    return StopReason.TARGET;
                }
                nextCheck = Math.max(runs.count + 2, (int) Math.ceil(runs.count * (1 + CHECK_GROWTH)));
            }
            long now = nanoClock.getAsLong();
            if (now + (now - blockStart) > deadline) {
                return StopReason.BUDGET;
            }
            if (Thread.currentThread().isInterrupted()) {
                return StopReason.INTERRUPTED;
            }
        }
    }

    /** All of A for half the remaining budget, then as many runs of B as fit in the rest. */
    private StopReason sequence(Pass pass, NoiseProbe probe, Runs runs, long deadline) {
        long begin = nanoClock.getAsLong();
        long halfway = begin + (deadline - begin) / 2;
        double[] aWall = new double[16];
        double[] aCpu = new double[16];
        int n = 0;
        long now = begin;
        do {
            long runStart = now;
            if (n == aWall.length) {
                aWall = Arrays.copyOf(aWall, 2 * n);
                aCpu = Arrays.copyOf(aCpu, 2 * n);
            }
            double[] figures = pass.once(a, "run of A", n);
            aWall[n] = figures[Pass.WALL];
            aCpu[n] = figures[Pass.CPU];
            n++;
            if (n % 2 == 0) {
                probe.sample();
            }
            now = nanoClock.getAsLong();
            if (now + (now - runStart) > halfway) {
                break;
            }
            if (Thread.currentThread().isInterrupted()) {
                return StopReason.INTERRUPTED;
            }
        } while (true);
        for (int i = 0; i < n; i++) {
            long runStart = nanoClock.getAsLong();
            double[] figures = pass.once(b, "run of B", i);
            runs.add(aWall[i], figures[Pass.WALL], aCpu[i], figures[Pass.CPU], true);
            if (i % 2 == 1) {
                probe.sample();
            }
            now = nanoClock.getAsLong();
            if (now + (now - runStart) > deadline) {
                break;
            }
            if (Thread.currentThread().isInterrupted()) {
                return StopReason.INTERRUPTED;
            }
        }
        return StopReason.BUDGET;
    }

    /** The figures of every pair so far, per clock. */
    private static final class Runs {
        private double[] aWall = new double[64];
        private double[] bWall = new double[64];
        private double[] aCpu = new double[64];
        private double[] bCpu = new double[64];
        private boolean[] aFirst = new boolean[64];
        private int count;

        /** Runs {@code first} then {@code second}, and records them as a pair of A and B. */
        void pair(Pass pass, Task first, Task second, boolean aIsFirst) {
            String firstName = aIsFirst ? "A" : "B";
            String secondName = aIsFirst ? "B" : "A";
            double[] figures = pass.once(first, "run of " + firstName + " in pair", count);
            double firstWall = figures[Pass.WALL];
            double firstCpu = figures[Pass.CPU];
            figures = pass.once(second, "run of " + secondName + " in pair", count);
            if (aIsFirst) {
                add(firstWall, figures[Pass.WALL], firstCpu, figures[Pass.CPU], true);
            } else {
                add(figures[Pass.WALL], firstWall, figures[Pass.CPU], firstCpu, false);
            }
        }

        void add(double aWallNanos, double bWallNanos, double aCpuNanos, double bCpuNanos, boolean aRanFirst) {
            if (count == aWall.length) {
                aWall = Arrays.copyOf(aWall, 2 * count);
                bWall = Arrays.copyOf(bWall, 2 * count);
                aCpu = Arrays.copyOf(aCpu, 2 * count);
                bCpu = Arrays.copyOf(bCpu, 2 * count);
                aFirst = Arrays.copyOf(aFirst, 2 * count);
            }
            aWall[count] = aWallNanos;
            bWall[count] = bWallNanos;
            aCpu[count] = aCpuNanos;
            bCpu[count] = bCpuNanos;
            aFirst[count] = aRanFirst;
            count++;
        }

        /** Whether both clocks' intervals are within {@code target} of their medians. */
        boolean withinTarget(double confidence, double target) {
            return MedianInterval.of(ClockComparison.ratios(Arrays.copyOf(aWall, count), Arrays.copyOf(bWall, count)),
                            confidence).relativeHalfWidth() <= target
                    && MedianInterval.of(ClockComparison.ratios(Arrays.copyOf(aCpu, count), Arrays.copyOf(bCpu, count)),
                            confidence).relativeHalfWidth() <= target;
        }

        List<ClockComparison> clocks(double confidence, double margin) {
            return List.of(
                    new ClockComparison(CompareResult.WALL, Arrays.copyOf(aWall, count), Arrays.copyOf(bWall, count),
                            confidence, margin),
                    new ClockComparison(CompareResult.THREAD_CPU, Arrays.copyOf(aCpu, count), Arrays.copyOf(bCpu, count),
                            confidence, margin));
        }

        boolean[] aFirst() {
            return Arrays.copyOf(aFirst, count);
        }
    }
}
