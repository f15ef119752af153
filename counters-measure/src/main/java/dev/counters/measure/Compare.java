package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.internal.ThreadControl;
import dev.counters.measure.CompareResult.Conclusion;
import dev.counters.measure.CompareResult.MedianInterval;
import dev.counters.measure.MeasureResult.NoiseReport;
import dev.counters.measure.MeasureResult.Overhead;
import dev.counters.measure.MeasureResult.PreparationStep;
import dev.counters.measure.MeasureResult.WarmUpReport;
import dev.counters.measure.internal.Batching;
import dev.counters.measure.internal.CompilingWarmUp;
import dev.counters.measure.internal.Duet;
import dev.counters.measure.internal.ForkChild;
import dev.counters.measure.internal.ForkStoppingRule;
import dev.counters.measure.internal.ForkedCompare;
import dev.counters.measure.internal.NoiseProbe;
import dev.counters.measure.internal.PairJudgement;
import dev.counters.measure.internal.PairStoppingRule;
import dev.counters.measure.internal.Pairing;
import dev.counters.measure.internal.Pairs;
import dev.counters.measure.internal.Pass;
import dev.counters.measure.internal.Placements;
import dev.counters.measure.internal.Preemptions;
import dev.counters.measure.internal.PreparedThread;
import dev.counters.measure.internal.ProcReadings;
import dev.counters.measure.internal.Schedule;
import dev.counters.measure.internal.ShortTasks;
import dev.counters.measure.internal.Sink;
import dev.counters.measure.internal.TaskLoop;
import dev.counters.measure.internal.TaskLoops;
import dev.counters.measure.internal.ThreadControls;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Is B faster than A, by how much, and how sure is that? Answered on a noisy, shared machine by
 * running A and B in pairs inside one process and judging the ratio B/A of each pair.
 *
 * <pre>{@code
 * CompareResult result = Compare.of(() -> oldSort(copyOf(data)), () -> newSort(copyOf(data)))
 *         .budget(Duration.ofSeconds(20))       // stop adding pairs after 20 s at the latest
 *         .run();
 * result.verdict();                             // SLOWER, FASTER, INDISTINGUISHABLE, TOO_NOISY, ...
 * result.conclusion().reason();                 // "B is 5.01% slower in thread CPU time (99%: ...); ..."
 * result.threadCpu().ratio();                   // median B/A, e.g. 0.93: B takes 7% less
 * result.noise().machine();                     // "quiet" or "loaded", and why in noise().summary()
 * }</pre>
 *
 * <p><b>Why pairs.</b> A virtual machine's CPU changes speed underneath the guest (a 100 ms loop
 * takes 101 to 166 ms on one VM, with no steal reported), and nothing inside the guest steadies
 * it. Timing all of A and then all of B (what hyperfine and JMH do) lets such a drift land on one
 * side only. Two runs back to back see nearly the same machine, so the ratio of a pair cancels most
 * of what the host does, and the median of many pair ratios cancels the rest.
 *
 * <p><b>How it runs.</b> The cost of reading the clocks is measured first (empty passes through
 * the same measuring code, as {@link Measure#calibrated()} does) and taken out of every run, so
 * that a short task's wall and CPU times agree. Each task runs through a measuring loop of its own
 * (a fresh class each, so that the JIT inlines each task into its own loop, as JMH's generated loops
 * do, not both into the code they share). Both tasks are warmed up (each until stable, see
 * {@link Measure#warmUp(Duration)}, and until the JIT compiler has been quiet for a stretch), a
 * task shorter than its clocks can time well is batched (many invocations per timed run, figures
 * per invocation), and untimed pairs of the batched tasks through the very measuring code of the
 * pairs settle what the JIT still compiles around them. Then they run in rounds of
 * two blocks of four, A B B A and B A A B in a random order: pairs (A, B) and (B, A), so that which
 * task runs first in a pair, or first after the noise probe, favours each side equally. Each timed
 * run is right after untimed re-warming runs of the same task (5 ms of them, at least one), so
 * that it starts from its own caches, as if measured alone, and lasts at least as long itself. Each run is timed
 * on wall time and on the thread's CPU time, and each clock gets the median ratio with its
 * distribution-free order-statistic confidence interval ({@link MedianInterval}). On wall time,
 * pairs in which a run was preempted ({@link Preemptions}: its wall time far exceeds its CPU time)
 * are set aside, so that wall time stays informative on a loaded machine. Between blocks a fixed
 * reference loop is timed for the {@link NoiseReport}, which says whether the machine was quiet
 * or loaded.
 *
 * <p><b>When it stops.</b> From {@link #minPairs(int)} pairs on, the intervals are recomputed
 * between rounds, each time the pairs have grown by 5%. It stops ({@link StopReason#DECIDED}) as soon as the
 * overall verdict is decided at a stricter confidence, {@code 1 - (1 - confidence) / 10} (99.9% by
 * default): the interval lies above {@code 1 + margin} or below {@code 1 / (1 + margin)}, or,
 * with a margin, within it. The stricter confidence pays for looking many times: each look is a
 * chance of a false alarm. It also stops ({@link StopReason#TARGET}) once the interval the verdict
 * rests on is within {@link #target(double)} of its median (±0.25% by default), and at the latest
 * when the next round would overrun the {@link #budget(Duration)} (20 s by default, warm-up
 * included). {@link CompareResult#stoppedBy()} says which. Runs that paid for a garbage collection
 * stay in the figures, counted in {@link CompareResult#collectedRunsA()} and
 * {@link CompareResult#collectedRunsB()}. An interrupt of the measuring thread also
 * ends it ({@link StopReason#INTERRUPTED}), with the pairs run so far.
 *
 * <p><b>Verdict.</b> Per clock, see {@link Verdict}; overall, see {@link Conclusion}. The default
 * confidence is 99%, as JMH's error bars are 99.9%: a comparison is often repeated, and at 95% one
 * honest run in twenty would be wrong.
 *
 * <p>{@link Order#SEQUENTIAL} runs all of A and then all of B instead, the naive way, to show
 * what the pairing buys; its pairs (A's i-th run, B's i-th run) go through the same statistics.
 *
 * <p>{@link Order#DUET} runs A and B at the same moment instead, on two worker threads pinned to
 * different CPUs, A on each worker once in every two pairs (see there for when it helps and when it hurts).
 *
 * <p>Both tasks run on the calling thread, which must be a platform thread; in a duet the pairs run
 * on the two workers, and the calling thread warms up, calibrates and probes the noise between pairs.
 */
public final class Compare {
    /** The longest a comparison takes unless told otherwise, warm-up included: 20 s. */
    public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(20);
    /** The relative half-width of the interval at which adding pairs stops, undecided: ±0.25%. */
    public static final double DEFAULT_TARGET = 0.0025;
    /** The widest target taken: an interval ±20% wide decides nothing, and a larger one is a percentage written as a share. */
    public static final double MAX_TARGET = 0.2;
    /** The shortest budget taken: it must hold the clocks' calibration, two warm-ups and a few pairs. */
    public static final Duration MIN_BUDGET = Duration.ofMillis(100);
    /**
     * Without a margin, an interval that holds 1 reads indistinguishable while it lies within
     * {@code ±EQUIVALENCE_PER_TARGET × target} (±1% by default), inconclusive beyond.
     */
    public static final double EQUIVALENCE_PER_TARGET = 4;
    /** The confidence of the intervals: 99%. */
    public static final double DEFAULT_CONFIDENCE = 0.99;
    /** The fewest pairs before the target may stop the comparison. */
    public static final int DEFAULT_MIN_PAIRS = 32;
    /** The fewest fresh JVMs a comparison of task classes runs in by default: 5, as JMH's {@code -f 5}. */
    public static final int DEFAULT_MIN_FORKS = ForkStoppingRule.DEFAULT_MIN_FORKS;
    /** The most fresh JVMs a comparison of task classes runs in by default, while undecided: 8. */
    public static final int DEFAULT_MAX_FORKS = ForkStoppingRule.DEFAULT_MAX_FORKS;
    /** The longest warm-up of each task; at most a quarter of the budget is spent on each. */
    public static final Duration DEFAULT_WARM_UP = Measure.DEFAULT_WARM_UP_BUDGET;

    /** In which order A and B run. */
    public enum Order {
        /** Blocks of A B B A: pairs (A, B) and (B, A), balanced. The default, and the point of this class. */
        ALTERNATING,
        /** All runs of A, then as many of B (half the budget each): the naive way, for comparison. */
        SEQUENTIAL,
        /**
         * A and B at the same moment, on two worker threads pinned to different CPUs where the
         * platform allows ("duet benchmarking", Bulej et al., ICPE 2020): both released by a spin
         * barrier, A on one worker and B on the other, and in each block of two pairs A runs once
         * on each worker, which one first drawn at random as the alternating blocks are, so that a
         * difference between the two CPUs lands on A and on B equally and neither follows the
         * noise probe more often. The pairs then go through
         * the same statistics, stopping rules and preemption set-aside as {@link #ALTERNATING}, a
         * couple at a time: pairs i and i + 1 as one, the geometric mean of their ratios, in which
         * the difference between the CPUs cancels.
         *
         * <p><b>Use it</b> on a machine with idle cores to spare whose speed drifts, such as a noisy
         * VM: the two runs of a pair see the same moment of the host, not two moments a run apart.
         * <b>Do not use it</b> where the two workers cannot each have a CPU to themselves (2 vCPUs
         * with other load: one worker shares its CPU, and its runs wait), nor for memory-bound tasks,
         * which disturb each other through the shared caches and memory bandwidth: each run's time
         * then holds the other's. It needs at least 2 CPUs ({@link Compare#run()} refuses fewer);
         * the workers' pinning is in {@link CompareResult#preparation()}.
         */
        DUET
    }

    /** Which time the verdict is judged on. */
    public enum JudgedBy {
        /**
         * Both clocks read together (see {@link Conclusion}); a task that mostly waits (thread CPU
         * time under half its wall time) is judged on wall time. The default.
         */
        AUTO,
        /** Wall time: what a user waits for, work on other threads and waiting included. */
        WALL,
        /** The calling thread's CPU time: the work itself, blind to waiting and to other threads. */
        CPU
    }

    /** What ended the adding of pairs (or, across JVMs, of forks). */
    public enum StopReason {
        /** The overall verdict was decided at the stricter stopping confidence. */
        DECIDED,
        /** The interval the verdict rests on reached the target width. */
        TARGET,
        /** The budget would have been overrun by another round of pairs, or another fork. */
        BUDGET,
        /** The measuring thread was interrupted; the result holds the pairs run before (the interrupt stays set). */
        INTERRUPTED,
        /** Across JVMs: the last planned fork ran, the verdict still undecided. */
        FORKS;

        /** {@code decided}, {@code target}, {@code budget}, {@code interrupted} or {@code forks}, as the reports write it. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Task a;
    private final Task b;
    /** The task classes, or null for lambdas: only classes can be made in another JVM. */
    private final Class<? extends Task> classA;
    private final Class<? extends Task> classB;
    private int minForks;
    private int maxForks;
    private List<String> jvmOptions;
    private String classPath;
    private Duration budget = DEFAULT_BUDGET;
    private double target = DEFAULT_TARGET;
    private double confidence = DEFAULT_CONFIDENCE;
    private double margin;
    private int minPairs = DEFAULT_MIN_PAIRS;
    private Duration warmUp = DEFAULT_WARM_UP;
    private Order order = Order.ALTERNATING;
    private JudgedBy by = JudgedBy.AUTO;
    private Supplier<Counter> wallCounter = Counters::performance;
    private Supplier<CpuTimesCounter> threadCounter = Counters::threadTimes;
    private Supplier<CpuTimesCounter> processCounter = Compare::processTimesOrNone;
    private LongSupplier nanoClock = System::nanoTime;
    private ProcReadings.TextSource proc = ProcReadings.FILE_SYSTEM;
    private IntSupplier processors = Runtime.getRuntime()::availableProcessors;
    private ThreadControl threadControl;
    private Sink sink = new Sink();
    private SplittableRandom random = new SplittableRandom();
    private LongSupplier compilationMillis = CompilingWarmUp.compilationMillis();

    private Compare(Task a, Task b, Class<? extends Task> classA, Class<? extends Task> classB) {
        this.a = a;
        this.b = b;
        this.classA = classA;
        this.classB = classB;
        boolean classes = classA != null;
        this.minForks = classes ? DEFAULT_MIN_FORKS : 0;
        this.maxForks = classes ? DEFAULT_MAX_FORKS : 0;
    }

    /**
     * Starts describing a comparison of {@code b} against {@code a} in this JVM: ratios are B/A. A
     * lambda cannot travel to another JVM, so the result speaks for this JVM only
     * ({@link CompareResult#jvms()} is 0); give task classes to {@link #of(Class, Class)} for an
     * answer that holds in any JVM.
     */
    public static Compare of(Task a, Task b) {
        return new Compare(requireNonNull(a, "task A is null; pass the baseline, e.g. () -> oldSort(data)"),
                requireNonNull(b, "task B is null; pass the contender, e.g. () -> newSort(data)"), null, null);
    }

    /**
     * Starts describing a comparison of task class {@code b} against {@code a} (each public, with a
     * public constructor without arguments), run by default in {@value #DEFAULT_MIN_FORKS} to
     * {@value #DEFAULT_MAX_FORKS} fresh JVMs with this JVM's options and class path (see
     * {@link #forks(int)}): the interval then carries what JVMs make differently of the same code,
     * which no number of pairs inside one JVM shows. Each JVM makes several instances of each class,
     * in a random order, so that where their data lies is a fresh draw in each, and runs each task
     * through a measuring loop of its own, kept out of the code A and B share (HotSpot's
     * {@code -XX:CompileCommand=dontinline} on the loops), so that each task is inlined into its own
     * loop as into JMH's, and neither is compiled into one unit with the other.
     */
    public static Compare of(Class<? extends Task> a, Class<? extends Task> b) {
        return new Compare(null, null, requireNonNull(a, "task class A is null; pass the baseline, e.g. OldSort.class"),
                requireNonNull(b, "task class B is null; pass the contender, e.g. NewSort.class"));
    }

    /**
     * How many fresh JVMs run a comparison of task classes: {@code forks} (2 or more) exactly, or 0
     * to run it in this JVM only (the result then says so). By default {@value #DEFAULT_MIN_FORKS},
     * and up to {@value #DEFAULT_MAX_FORKS} while the verdict is undecided and the budget allows.
     *
     * @throws IllegalArgumentException if {@code forks} is 1 or negative: one JVM gives no spread between JVMs
     * @throws IllegalStateException if the tasks are lambdas, which cannot travel to another JVM
     */
    public Compare forks(int forks) {
        checkArgument(forks == 0 || forks >= 2, "forks is 0 (this JVM only) or at least 2 (an interval between JVMs "
                + "needs two), was %s", forks);
        checkState(classA != null || forks == 0, "tasks given as lambdas cannot travel to another JVM: give task classes "
                + "to Compare.of(Class, Class) to fork");
        this.minForks = forks;
        this.maxForks = forks;
        return this;
    }

    /** The forks' JVM options (default: this JVM's own, {@code RuntimeMXBean.getInputArguments()}), e.g. {@code -Xmx1g}. */
    public Compare jvmOptions(List<String> options) {
        this.jvmOptions = List.copyOf(requireNonNull(options, "options"));
        return this;
    }

    /**
     * Adds {@code -Dkey=value} to the forks' JVM options, after the others (this JVM's own unless
     * {@link #jvmOptions(List)} said otherwise): for example the size of a task that its class reads.
     */
    public Compare systemProperty(String key, String value) {
        List<String> options = new ArrayList<>(jvmOptions != null ? jvmOptions : ManagementFactory.getRuntimeMXBean().getInputArguments());
        options.add("-D" + requireNonNull(key, "key") + "=" + requireNonNull(value, "value"));
        this.jvmOptions = List.copyOf(options);
        return this;
    }

    /** Where the forks find the task classes and this library (default: this JVM's {@code java.class.path}). */
    public Compare classPath(String classPath) {
        this.classPath = requireNonNull(classPath, "classPath");
        return this;
    }

    /** The longest the whole comparison may take, warm-up included (default 20 s, at least {@link #MIN_BUDGET}). */
    public Compare budget(Duration budget) {
        requireNonNull(budget, "budget");
        checkArgument(budget.compareTo(MIN_BUDGET) >= 0, "the budget must be at least %s ms to hold the clocks' "
                + "calibration, two warm-ups and a few pairs, was %s", MIN_BUDGET.toMillis(), budget);
        this.budget = budget;
        return this;
    }

    /**
     * Stops adding pairs, undecided, once the interval the verdict rests on is within
     * {@code ±target} of its median: a share, like every setting here (default 0.0025, ±0.25%;
     * the command line writes it {@code --target 0.25%}), at most {@link #MAX_TARGET}: {@code target(0.5)}
     * is refused, asking whether 0.005 (0.5%) was meant. Also sets how narrow an interval must be
     * to read indistinguishable without a margin (see {@link #EQUIVALENCE_PER_TARGET}).
     */
    public Compare target(double target) {
        if (!(target > 0 && target <= MAX_TARGET)) {
            throw new IllegalArgumentException("the target is a share, a relative half-width above 0 and at most " + MAX_TARGET
                    + " (0.0025 for ±0.25%), was " + target + (target > MAX_TARGET && target < 100
                            ? ": did you mean " + BigDecimal.valueOf(target).movePointLeft(2).stripTrailingZeros().toPlainString()
                                    + " (" + target + "%)?"
                            : ""));
        }
        this.target = target;
        return this;
    }

    /** The confidence of the intervals (default 0.99). */
    public Compare confidence(double confidence) {
        checkArgument(confidence >= 0.5 && confidence < 1, "the confidence is from 0.5 to below 1 (0.99 for 99%), was %s",
                confidence);
        this.confidence = confidence;
        return this;
    }

    /**
     * A band of practical equivalence around 1 (default 0, none): an interval that lies within
     * {@code [1 / (1 + margin), 1 + margin]} reads {@link Verdict#INDISTINGUISHABLE}.
     */
    public Compare margin(double margin) {
        checkArgument(margin >= 0 && margin < 1, "the margin is a share from 0 (none) to below 1 (0.01 for 1%), was %s", margin);
        this.margin = margin;
        return this;
    }

    /** The fewest pairs before the target may end the comparison (default 32, at least 8). */
    public Compare minPairs(int pairs) {
        checkArgument(pairs >= 8, "at least 8 pairs are needed for a 99% interval of the median, was %s", pairs);
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

    /**
     * In which order A and B run (default {@link Order#ALTERNATING}); task classes run in that
     * order in every fork, except {@link Order#SEQUENTIAL}, which shows one JVM's pairs and needs
     * {@link #forks(int) forks(0)}.
     */
    public Compare order(Order order) {
        this.order = requireNonNull(order, "order");
        return this;
    }

    /** Which time the verdict is judged on (default {@link JudgedBy#AUTO}). */
    public Compare by(JudgedBy by) {
        this.by = requireNonNull(by, "by");
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

    /**
     * Times this JVM's CPU time (all threads) around each run with counters from {@code factory}
     * instead of {@link Counters#processTimes()}, to see work a task does on other threads; a
     * factory giving null reads none.
     */
    public Compare processCounter(Supplier<? extends CpuTimesCounter> factory) {
        requireNonNull(factory, "factory");
        this.processCounter = factory::get;
        return this;
    }

    /** The process's CPU clock, or null where the platform has none. */
    private static CpuTimesCounter processTimesOrNone() {
        try {
            return Counters.processTimes();
        } catch (RuntimeException unavailable) {
            return null;
        }
    }

    /** Feeds task results to {@code sink} instead of a private one (both {@link Order#DUET} workers feed it). */
    Compare sink(Sink sink) {
        this.sink = requireNonNull(sink, "sink");
        return this;
    }

    /** Pins the {@link Order#DUET} workers with {@code control} instead of the one {@link ThreadControls#best()} finds. */
    Compare threadControl(ThreadControl control) {
        this.threadControl = requireNonNull(control, "control");
        return this;
    }

    /** How many CPUs the JVM may use, which {@link Order#DUET} needs two of (tests pass a fixed count). */
    Compare processors(IntSupplier processors) {
        this.processors = requireNonNull(processors, "processors");
        return this;
    }

    /** The clock of the budget and warm-up (tests pass a fake one). */
    Compare nanoClock(LongSupplier clock) {
        this.nanoClock = requireNonNull(clock, "clock");
        return this;
    }

    /** Draws the order of each round's two blocks from {@code random} (tests pass a seeded one). */
    Compare random(SplittableRandom random) {
        this.random = requireNonNull(random, "random");
        return this;
    }

    /** Reads the JIT's total compilation time from {@code millis}, or none when null (tests pass a fake one). */
    Compare compilationMillis(LongSupplier millis) {
        this.compilationMillis = millis;
        return this;
    }

    /** Where the noise report reads {@code /proc} (tests pass fixed text). */
    Compare proc(ProcReadings.TextSource proc) {
        this.proc = requireNonNull(proc, "proc");
        return this;
    }

    /**
     * Measures the clocks' reading cost, warms both tasks up, runs pairs until the verdict is
     * decided, the target is met or the budget ends, and judges the ratios, on the calling thread
     * ({@link Order#DUET}: the pairs on two workers, ended and joined before this returns). Task
     * classes run so in each of several fresh JVMs (unless {@link #forks(int) forks(0)}), each of
     * the fewest getting an equal share of the budget, and the verdict is judged over their ratios.
     *
     * @throws IllegalStateException if called on a virtual thread, which has no CPU clock of its own,
     *     or for {@link Order#DUET} if the JVM has fewer than 2 CPUs, or if a fork failed (a task
     *     class it cannot load, a task that threw), with the fork's output; or for
     *     {@link Order#SEQUENTIAL} across JVMs
     * @throws TaskFailedException if a task threw, naming the run (checked and unchecked exceptions alike)
     * @throws IllegalArgumentException if a run of A took no measurable time on a clock: no ratio exists
     */
    public CompareResult run() {
        if (maxForks > 0) {
            return acrossJvms();
        }
        if (classA != null) {
            Placements made = Placements.inThisJvm(classA, classB);
            return inThisJvm(made.a(), made.b());
        }
        return inThisJvm(a, b);
    }

    /** The comparison in fresh JVMs: each runs this class's comparison in itself, and their ratios are judged together. */
    private CompareResult acrossJvms() {
        checkState(order != Order.SEQUENTIAL, "Order.%s shows one JVM's pairs: call forks(0) to run it in this JVM only",
                order);
        refuseDuetOnOneCpu();
        ForkedCompare forked = ForkedCompare.of(classA.getName(), classB.getName()).budget(budget).confidence(confidence)
                .margin(margin).target(target).by(by).order(order).minForks(minForks).maxForks(maxForks).minPairs(minPairs)
                .warmUp(warmUp == null ? Duration.ZERO : warmUp);
        if (classPath != null) {
            forked.classPath(classPath);
        }
        if (jvmOptions != null) {
            forked.jvmOptions(jvmOptions);
        }
        long start = nanoClock.getAsLong();
        ForkedCompare.Result forks = forked.run();
        return CompareResult.acrossJvms(forks, target, confidence, margin, Duration.ofNanos(nanoClock.getAsLong() - start));
    }

    private CompareResult inThisJvm(Task a, Task b) {
        PreparedThread.refuseVirtualThread("Compare.run()", "times the calling thread's CPU time");
        refuseDuetOnOneCpu();
        long start = nanoClock.getAsLong();
        long deadline = start + budget.toNanos();
        Counter wall = wallCounter.get();
        CpuTimesCounter cpu = threadCounter.get();
        Pass pass = new Pass(wall, cpu, sink);
        Overhead overhead = Measure.calibrate(pass);
        // The clocks' steps are probed before the warm-ups, so that what the probe makes the JIT compile is done before the pairs.
        double stepOrCost = Math.max(Math.max(ShortTasks.stepNanos(wall), ShortTasks.stepNanos(cpu)),
                Math.max(overhead.wallNanos(), overhead.threadCpuNanos()));
        List<String> warnings = new ArrayList<>();
        // Each task runs, warm-up included, through a loop of its own, so that the JIT compiles each as if alone.
        TaskLoop timedA = TaskLoops.copyFor(a, sink);
        TaskLoop timedB = TaskLoops.copyFor(b, sink);
        WarmUpReport warmUpA = warmUp(pass, timedA, "A", warnings);
        WarmUpReport warmUpB = warmUp(pass, timedB, "B", warnings);
        int invocations = Batching.invocations(warmUpA, warmUpB, overhead.wallNanos(), stepOrCost, budget.toNanos());
        timedA.invocations(invocations);
        timedB.invocations(invocations);
        Pairs pairs = new Pairs(overhead, invocations, order == Order.DUET);
        NoiseProbe probe = NoiseProbe.start(wallCounter.get(), threadCounter.get(), proc, nanoClock);
        double band = equivalence();
        PairStoppingRule rule = ForkChild.isFork() ? PairStoppingRule.forFork(confidence, margin, band, target, by)
                : PairStoppingRule.inOneJvm(confidence, margin, band, target, by);
        Schedule schedule = new Schedule(timedA, timedB, () -> {
            timedA.next();
            timedB.next();
        }, pairs, probe, rule, nanoClock, deadline, minPairs, random);
        StopReason stoppedBy;
        List<PreparationStep> preparation = List.of();
        switch (order) {
            case ALTERNATING -> {
                Pairing inTurn = Pairing.inTurn(pass, processCounter.get(), nanoClock,
                        warmUp == null ? Duration.ZERO : Pairing.REWARM);
                settle(inTurn, timedA, timedB, warnings);
                stoppedBy = schedule.alternate(inTurn);
            }
            case SEQUENTIAL -> stoppedBy = schedule.sequence(pass);
            default -> {
                try (Duet duet = startDuet()) {
                    preparation = duet.steps();
                    settle(duet, timedA, timedB, warnings);
                    stoppedBy = schedule.alternate(duet);
                }
            }
        }
        PairJudgement judgement = PairJudgement.of(pairs, confidence, margin, band);
        NoiseReport noise = probe.finish(2 * pairs.count(), judgement.preemptedRuns());
        Conclusion conclusion = Conclusion.of(judgement.wall(), judgement.cpu(), noise.load().isLoaded(), by,
                pairs.otherThreadShare());
        warnings.addAll(judgement.warnings());
        warnings.addAll(ShortTasks.warnings(judgement.wall(), overhead.wallNanos(), wall,
                judgement.cpu(), overhead.threadCpuNanos(), cpu, invocations));
        return new CompareResult(conclusion, List.of(judgement.wall(), judgement.cpu()), stoppedBy, order, minPairs, target,
                confidence, margin, warmUpA, warmUpB, noise, pairs.aFirst(), overhead, warnings,
                Duration.ofNanos(nanoClock.getAsLong() - start), pass.describeCounters(), preparation, invocations,
                pairs.otherThreadShare(Pairs.A), pairs.otherThreadShare(Pairs.B), pairs.collectedRuns(Pairs.A),
                pairs.collectedRuns(Pairs.B));
    }

    /** A duet needs a CPU for each worker: on one, the two runs of a pair would take turns and each would hold the other's wait. */
    private void refuseDuetOnOneCpu() {
        int cpus = processors.getAsInt();
        if (order == Order.DUET && cpus < 2) {
            throw new IllegalStateException("Order.DUET runs A and B at the same time on two threads, each on a CPU of its "
                    + "own, but this JVM may use " + cpus + " CPU (Runtime.availableProcessors()): the two runs would take "
                    + "turns on it, and each one's wall time would hold the other's. Use Order.ALTERNATING (the default), "
                    + "which runs A and B in turn on the calling thread");
        }
    }

    /** The duet's workers, pinned with the control given or the platform's, or told why not. */
    private Duet startDuet() {
        if (threadControl == null) {
            return Duet.start(wallCounter, threadCounter, sink, ThreadControls.best(),
                    ThreadControls.unavailableReason().orElse(ThreadControls.NO_PLATFORM_MODULE));
        }
        Optional<String> unavailable = threadControl.unavailableReason();
        return Duet.start(wallCounter, threadCounter, sink, unavailable.isPresent() ? Optional.empty() : Optional.of(threadControl),
                unavailable.map(why -> threadControl.name() + ": " + why).orElse(""));
    }

    /**
     * Warms {@code task} (A or B, as {@code name} says) up while the JIT compiles, within the warm-up
     * and a quarter of the budget; warns if it was still compiling at the end.
     */
    private WarmUpReport warmUp(Pass pass, Task task, String name, List<String> warnings) {
        if (warmUp == null) {
            return WarmUpReport.skipped();
        }
        return untilTheJitIsQuiet(new Measure.WarmUpRuns(pass, task, "warm-up run of " + name), 4, name + "'s warm-up",
                warnings).report();
    }

    /**
     * Runs untimed pairs of what the pairs will time (the tasks as batched, through the pairing
     * itself, the process clock around each run included) until their times agree and the JIT has
     * been quiet for a stretch, within the warm-up and an eighth of the budget. The tasks' own
     * warm-ups compile the tasks; this compiles the code around them, which otherwise compiles, and
     * deoptimizes, during the first pairs, on the other CPU, while they are timed.
     */
    private void settle(Pairing pairing, Task timedA, Task timedB, List<String> warnings) {
        if (warmUp == null) {
            return;
        }
        double[] figures = new double[Pairing.FIGURES];
        int[] index = {0};
        untilTheJitIsQuiet(() -> {
            pairing.run(timedA, "settling run of A", timedB, "settling run of B", index[0]++, figures);
            return figures[Pairing.FIRST_WALL] + figures[Pairing.SECOND_WALL];
        }, 8, "the untimed settling pairs", warnings);
    }

    /**
     * {@link CompilingWarmUp} of {@code runs} within the warm-up and {@code 1 / budgetShare} of the
     * budget; warns, naming {@code what}, if the JIT was still compiling at the end.
     */
    private CompilingWarmUp.Result untilTheJitIsQuiet(DoubleSupplier runs, int budgetShare, String what,
            List<String> warnings) {
        Duration share = budget.dividedBy(budgetShare);
        CompilingWarmUp.Result result = CompilingWarmUp.run(runs, nanoClock, compilationMillis,
                warmUp.compareTo(share) <= 0 ? warmUp : share, Measure.DEFAULT_WARM_UP_WINDOW,
                Measure.DEFAULT_WARM_UP_THRESHOLD);
        if (result.stillCompiling()) {
            warnings.add(String.format(Locale.ROOT, "the JIT compiler was still at work when %s ended (%d ms of "
                    + "compilation in its last round, after %d rounds): the first pairs may hold compilation; give it a longer "
                    + "warm-up (--warm-up)", what, result.compiledInLastRound(), result.rounds()));
        }
        return result;
    }

    /** The band within which an interval that holds 1 reads indistinguishable: the margin, or 4 × target without one. */
    double equivalence() {
        return margin > 0 ? margin : Math.min(EQUIVALENCE_PER_TARGET * target, 0.99);
    }
}
