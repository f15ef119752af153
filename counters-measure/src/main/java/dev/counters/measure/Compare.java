package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.measure.internal.CompareSettings;
import dev.counters.measure.internal.InJvmCompare;
import dev.counters.measure.internal.Instruments;
import dev.counters.measure.internal.Placements;
import dev.counters.measure.internal.TaskClasses;
import dev.counters.measure.internal.fork.ForkJvmOptions;
import dev.counters.measure.internal.fork.ForkedCompare;
import dev.counters.measure.internal.fork.ForkedOutcome;
import dev.counters.measure.internal.fork.TaskSpec;
import dev.counters.measure.internal.stats.ForkStoppingRule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Is B faster than A, by how much, and how sure is that? Answered on a noisy, shared machine by
 * running A and B in pairs inside one process and judging the ratio B/A of each pair.
 *
 * <pre>{@code
 * CompareResult result = Compare.of(() -> oldSort(copyOf(data)), () -> newSort(copyOf(data)))
 *         .budget(Duration.ofSeconds(20))       // stop adding pairs after 20 s at the latest
 *         .run();
 * result.verdict();                             // SLOWER, FASTER, INDISTINGUISHABLE, TOO_NOISY, ...
 * result.summary();                             // "B takes 5.01% more time than A: B/A 1.0501 [...] ..."
 * result.threadCpu().ratio();                   // median B/A, e.g. 0.93: B takes 7% less
 * result.noise().machine();                     // "quiet" or "loaded", and why in noise().summary()
 * }</pre>
 *
 * <p><b>How it runs.</b> Two runs back to back see nearly the same machine, so the ratio of a pair
 * cancels most of a shared host's drift. Each task is warmed up through a loop of its own and
 * batched when shorter than its clocks time well; rounds of A B B A and B A A B pairs are timed on
 * wall and thread CPU time, the clocks' cost taken out (docs/MEASURE-DESIGN.md). It stops as soon
 * as the verdict is decided (slower, faster or indistinguishable: one definition for every stopping
 * rule) at a stricter confidence, {@code 1 - (1 - confidence) / 10}; once the interval is within
 * {@link #target(double)}; before the next round would overrun the {@link #budget(Duration)}; or on
 * an interrupt ({@link CompareResult#stoppedBy()}). The verdict: {@link Verdict}, {@link Conclusion};
 * the default confidence is 99%. Both tasks run on the calling thread, a platform thread.
 */
public final class Compare implements CompareTerms {
    /** The longest a comparison takes unless told otherwise, warm-up included: 28 s, 11 fresh JVMs of 2.5 s each. */
    public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(28);
    /** The relative half-width of the interval at which adding pairs stops, undecided: ±0.25%. */
    public static final double DEFAULT_TARGET = 0.0025;
    /** The widest target taken: an interval ±20% wide decides nothing, and a larger one is a percentage written as a share. */
    public static final double MAX_TARGET = 0.2;
    /** The shortest budget taken: it must hold the clocks' calibration, two warm-ups and a few pairs. */
    public static final Duration MIN_BUDGET = CompareSettings.MIN_SHARE;
    /**
     * Without a margin, an interval that holds 1 reads indistinguishable while it lies within
     * {@code ±EQUIVALENCE_PER_TARGET × target} (±1% by default), inconclusive beyond.
     */
    public static final double EQUIVALENCE_PER_TARGET = CompareSettings.EQUIVALENCE_PER_TARGET;
    /** The confidence of the intervals: 99%. */
    public static final double DEFAULT_CONFIDENCE = 0.99;
    /** The fewest pairs before the target may stop the comparison. */
    public static final int DEFAULT_MIN_PAIRS = 32;
    /** The fewest fresh JVMs a comparison of task classes runs in by default: 5, as JMH's {@code -f 5}. */
    public static final int DEFAULT_MIN_FORKS = ForkStoppingRule.DEFAULT_MIN_FORKS;
    /** The most fresh JVMs task classes run in by default: 8 while undecided, or one per 2.5 s of a longer budget. */
    public static final int DEFAULT_MAX_FORKS = ForkStoppingRule.DEFAULT_MAX_FORKS;
    /** The longest warm-up of each task; at most a quarter of the budget is spent on each. */
    public static final Duration DEFAULT_WARM_UP = Measure.DEFAULT_WARM_UP_BUDGET;
    private final Task a;
    private final Task b;
    /** The task classes (null for lambdas and builds), and by name and class path (null for lambdas). */
    private final Class<? extends Task> classA;
    private final Class<? extends Task> classB;
    private final TaskSpec specA;
    private final TaskSpec specB;
    private int minForks;
    private int maxForks;
    private List<String> jvmArgs;
    private final List<String> jvmArgsAppend = new ArrayList<>();
    private String classPath;
    private Duration budget = DEFAULT_BUDGET;
    private boolean budgetGiven;
    private String nameA;
    private String nameB;
    private double target = DEFAULT_TARGET;
    private double confidence = DEFAULT_CONFIDENCE;
    private double margin;
    private int minPairs = DEFAULT_MIN_PAIRS;
    private Duration warmUp = DEFAULT_WARM_UP;
    private Order order = Order.ALTERNATING;
    private JudgedBy by = JudgedBy.AUTO;
    private Instruments instruments = Instruments.real();

    private Compare(Task a, Task b, Class<? extends Task> classA, Class<? extends Task> classB, TaskSpec specA,
            TaskSpec specB) {
        this.a = a;
        this.b = b;
        this.classA = classA;
        this.classB = classB;
        this.specA = specA;
        this.specB = specB;
        this.minForks = specA != null ? DEFAULT_MIN_FORKS : 0;
        this.maxForks = specA != null ? DEFAULT_MAX_FORKS : 0;
    }

    /**
     * Starts describing a comparison of {@code b} against {@code a} in this JVM: ratios are B/A. A
     * lambda cannot travel to another JVM, so the result speaks for this JVM only
     * ({@link CompareResult#jvms()} is 0); give task classes to {@link #of(Class, Class)} for an
     * answer that holds in any JVM.
     */
    public static Compare of(Task a, Task b) {
        return new Compare(requireNonNull(a, "task A is null; pass the baseline, e.g. () -> oldSort(data)"),
                requireNonNull(b, "task B is null; pass the contender, e.g. () -> newSort(data)"), null, null, null, null);
    }

    /**
     * Starts describing a comparison of task class {@code b} against {@code a} (each public, with a
     * public constructor without arguments), run by default in fresh JVMs, one per 2.5 s of the budget
     * ({@link #forks(int)}), with this JVM's options (see {@link #jvmArgs(List)}) and
     * class path: the interval then carries what JVMs make differently of the same code, which no
     * number of pairs inside one JVM shows (docs/MEASURE-DESIGN.md).
     */
    public static Compare of(Class<? extends Task> a, Class<? extends Task> b) {
        requireNonNull(a, "task class A is null; pass the baseline, e.g. OldSort.class");
        requireNonNull(b, "task class B is null; pass the contender, e.g. NewSort.class");
        return new Compare(null, null, a, b, new TaskSpec("A", a.getName(), ""), new TaskSpec("B", b.getName(), ""));
    }

    /**
     * Starts describing a comparison of two builds of one task class: A is {@code taskClass} loaded
     * from {@code classPathA}, B the class of the same name from {@code classPathB} (entries
     * separated by the platform's path separator), each in a class loader of its own that looks in
     * its class path first, in every fresh JVM (and in this one with {@code forks(0)}). The question
     * before a release: is the new build of a class slower than the old one?
     *
     * @throws IllegalArgumentException if either class path is empty
     */
    public static Compare ofBuilds(String taskClass, String classPathA, String classPathB) {
        requireNonNull(taskClass, "taskClass is null; pass the class name both builds share, e.g. com.example.Parser");
        checkArgument(!requireNonNull(classPathA, "classPathA").isBlank() && !requireNonNull(classPathB, "classPathB").isBlank(),
                "each build needs a class path of its own (the old and the new jar), was '%s' and '%s'", classPathA, classPathB);
        return new Compare(null, null, null, null, new TaskSpec("A", taskClass, classPathA),
                new TaskSpec("B", taskClass, classPathB));
    }

    /**
     * Starts describing a comparison of task classes named {@code a} and {@code b}, both found on
     * {@code classPath} (entries separated by the platform's path separator), which each JVM reads
     * in a class loader that shows the tasks the JDK, this library and that class path only: never
     * the measuring program's own libraries (the command line's Guava or Jackson). Otherwise as
     * {@link #of(Class, Class)}.
     *
     * @throws IllegalArgumentException if the class path is empty
     */
    public static Compare ofClasses(String a, String b, String classPath) {
        checkArgument(!requireNonNull(classPath, "classPath").isBlank(), "the tasks' class path is empty: give the jars and "
                + "folders that hold %s and %s", a, b);
        return new Compare(null, null, null, null, new TaskSpec("A", requireNonNull(a, "a"), classPath),
                new TaskSpec("B", requireNonNull(b, "b"), classPath));
    }

    /**
     * How many fresh JVMs run a comparison of task classes: {@code forks} (2 or more) exactly, or 0
     * to run it in this JVM only (the result then says so). By default one per 2.5 s of the budget, at
     * least {@value #DEFAULT_MIN_FORKS} (11 in 28 s); under 20 s more while undecided, up to {@value #DEFAULT_MAX_FORKS}.
     *
     * @throws IllegalArgumentException if {@code forks} is 1 or negative: one JVM gives no spread between JVMs
     * @throws IllegalStateException if the tasks are lambdas, which cannot travel to another JVM
     */
    public Compare forks(int forks) {
        CompareSettings.checkForks(forks);
        checkState(specA != null || forks == 0, "tasks given as lambdas cannot travel to another JVM: give task classes "
                + "to Compare.of(Class, Class) to fork");
        this.minForks = forks;
        this.maxForks = forks;
        return this;
    }

    /**
     * The forks' JVM options instead of those they inherit (JMH's {@code -jvmArgs}): by default this
     * JVM's, less those that write its files, open its ports or attach agents (docs/MEASURE.md).
     */
    public Compare jvmArgs(List<String> options) {
        this.jvmArgs = List.copyOf(requireNonNull(options, "options"));
        return this;
    }

    /** As {@link #jvmArgs(List)}. */
    public Compare jvmOptions(List<String> options) {
        return jvmArgs(options);
    }

    /** Options after the forks' others, inherited or given (JMH's {@code -jvmArgsAppend}), e.g. {@code -Xmx2g}. */
    public Compare jvmArgsAppend(List<String> options) {
        jvmArgsAppend.addAll(List.copyOf(requireNonNull(options, "options")));
        return this;
    }

    /** Adds {@code -Dkey=value} to the forks' JVM options, after the others: for example the size of a task its class reads. */
    public Compare systemProperty(String key, String value) {
        jvmArgsAppend.add("-D" + requireNonNull(key, "key") + "=" + requireNonNull(value, "value"));
        return this;
    }

    /** Where the forks find this library and the task classes (default: this JVM's {@code java.class.path}). */
    public Compare classPath(String classPath) {
        this.classPath = requireNonNull(classPath, "classPath");
        return this;
    }

    /**
     * The longest the whole comparison may take, warm-up included (default 28 s, at least
     * {@link #MIN_BUDGET}). The default grows, up to three times and saying so in the result, for task
     * classes too long for it to count the fewest JVMs; a budget given here is kept.
     */
    public Compare budget(Duration budget) {
        this.budget = CompareSettings.checkBudget(budget);
        this.budgetGiven = true;
        return this;
    }

    /**
     * Stops adding pairs, undecided, once the interval is within {@code ±target} of its median: a
     * share (default 0.0025, ±0.25%), at most {@link #MAX_TARGET} ({@code target(0.5)} asks whether
     * 0.005 was meant); without a margin, also sets the band of indistinguishable ({@link #EQUIVALENCE_PER_TARGET}).
     */
    public Compare target(double target) {
        this.target = CompareSettings.checkTarget(target, MAX_TARGET);
        return this;
    }

    /** The confidence of the intervals (default 0.99). */
    public Compare confidence(double confidence) {
        checkArgument(confidence >= 0.5 && confidence < 1, "the confidence is from 0.5 to below 1 (0.99 for 99%), was %s", confidence);
        this.confidence = confidence;
        return this;
    }

    /**
     * A band of practical equivalence around 1 (default 0, none): an interval that lies within
     * {@code [1 / (1 + margin), 1 + margin]} reads {@link Verdict#INDISTINGUISHABLE}.
     */
    public Compare margin(double margin) {
        this.margin = CompareSettings.checkMargin(margin);
        return this;
    }

    /** The fewest pairs before the target may end the comparison (default 32, at least 8). */
    public Compare minPairs(int pairs) {
        checkArgument(pairs >= 8, "at least 8 pairs are needed for a 99% interval of the median, was %s", pairs);
        this.minPairs = pairs;
        return this;
    }

    /**
     * The longest warm-up of each task (default 1.2 s, at most a quarter of the budget); it ends once
     * the JIT has compiled nothing for 250 ms and, on a quiet machine, the runs agree.
     */
    public Compare warmUp(Duration warmUp) {
        requireNonNull(warmUp, "warmUp");
        checkArgument(!warmUp.isNegative() && !warmUp.isZero(), "the warm-up must be positive, was %s; call noWarmUp()", warmUp);
        this.warmUp = warmUp;
        return this;
    }

    /** Skips the warm-up: the first pairs then include class loading and JIT compilation. */
    public Compare noWarmUp() {
        this.warmUp = Duration.ZERO;
        return this;
    }

    /**
     * In which order A and B run (default {@link Order#ALTERNATING}); task classes run in that
     * order in every fork, except {@link Order#SEQUENTIAL}, which shows one JVM's pairs and needs
     * {@link #forks(int) forks(0)}.
     */
    public Compare order(Order order) {
        this.order = requireNonNull(order, "order is null; pass Order.ALTERNATING (the default), Order.DUET or Order.SEQUENTIAL");
        return this;
    }

    /** Which time the verdict is judged on (default {@link JudgedBy#AUTO}). */
    public Compare by(JudgedBy by) {
        this.by = requireNonNull(by, "by is null; pass JudgedBy.AUTO (both clocks), JudgedBy.WALL or JudgedBy.CPU");
        return this;
    }

    /** How the reports name A and B (default: their class names; {@code A} and {@code B} for lambdas). */
    public Compare named(String a, String b) {
        this.nameA = requireNonNull(a, "a");
        this.nameB = requireNonNull(b, "b");
        return this;
    }

    /** Times wall time with counters from {@code factory} instead of {@link Counters#performance()}. */
    public Compare wallCounter(Supplier<? extends Counter> factory) {
        requireNonNull(factory, "factory");
        this.instruments = instruments.withWallCounter(factory);
        return this;
    }

    /** Times CPU time with counters from {@code factory} instead of {@link Counters#threadTimes()}. */
    public Compare threadCounter(Supplier<? extends CpuTimesCounter> factory) {
        requireNonNull(factory, "factory");
        this.instruments = instruments.withThreadCounter(factory);
        return this;
    }

    /** This JVM's CPU time (all threads) around each run, from {@code factory} instead of {@link Counters#processTimes()}; null: none. */
    public Compare processCounter(Supplier<? extends CpuTimesCounter> factory) {
        requireNonNull(factory, "factory");
        this.instruments = instruments.withProcessCounter(factory);
        return this;
    }

    /** Measures with instruments changed by {@code change} (tests: fake clocks, /proc, CPUs, random draws). */
    Compare instruments(UnaryOperator<Instruments> change) {
        this.instruments = change.apply(instruments);
        return this;
    }

    /**
     * Runs the comparison (see the class comment): on the calling thread, or for task classes in each
     * of several fresh JVMs, whose figures are judged together; an interrupt ends it early, with what
     * was measured ({@link StopReason#INTERRUPTED}), as across JVMs does this JVM's shutdown, which
     * kills the running fork (not taken for a fork that failed).
     *
     * @throws IllegalStateException as {@link #check()} does, and on a virtual thread
     * @throws IllegalArgumentException as {@link #check()} does
     * @throws ForkFailedException if a fork failed: which task, in which call, and how
     * @throws TaskFailedException if a task threw in this JVM, naming the run
     */
    public CompareResult run() {
        check();
        CompareSettings settings = new CompareSettings(budget, target, confidence, margin, minPairs, warmUp, order, by,
                nameA != null ? nameA : name(specA, "A"), nameB != null ? nameB : name(specB, "B"));
        if (maxForks > 0) {
            return acrossJvms(settings);
        }
        InJvmCompare comparison = InJvmCompare.inOneJvm(settings, instruments);
        if (specA == null) {
            return CompareResult.inThisJvm(comparison.run(a, b));
        }
        Placements made = Placements.inThisJvm(taskClass(classA, specA), taskClass(classB, specB));
        return CompareResult.inThisJvm(comparison.run(made.a(), made.b()));
    }

    /**
     * Checks what {@link #run()} checks before it measures, without measuring: that the budget holds
     * the fewest forks, the order suits forks, and the task classes load and can be made. A command
     * line calls it to refuse its options before anything runs.
     *
     * @return this comparison, unchanged
     * @throws IllegalStateException as {@link #run()} does for the order
     * @throws IllegalArgumentException as {@link #run()} does for the task classes and the budget
     */
    public Compare check() {
        checkSettings();
        if (specA != null) {
            taskClass(classA, specA);
            taskClass(classB, specB);
        }
        return this;
    }

    /** What {@link #check()} checks but the task classes, which a {@link CompareSuite} loads only when their task runs. */
    void checkSettings() {
        InJvmCompare.refuseDuetOnOneCpu(order, instruments.processors().getAsInt());
        if (maxForks > 0) {
            checkState(order != Order.SEQUENTIAL, "Order.%s shows one JVM's pairs: call forks(0) to run it in this JVM only", order);
            ForkedCompare.checkBudget(budget, minForks, maxForks);
        }
    }

    /** The comparison in fresh JVMs: each runs its share in itself, and their figures are judged together. */
    private CompareResult acrossJvms(CompareSettings settings) {
        long start = System.nanoTime();
        ForkedCompare forked = new ForkedCompare(specA, specB, settings, minForks, maxForks,
                ForkJvmOptions.of(jvmArgs, jvmArgsAppend), classPath != null ? classPath : System.getProperty("java.class.path"));
        ForkedOutcome outcome = (budgetGiven ? forked : forked.adaptingTheBudget()).run();
        return CompareResult.acrossJvms(outcome, settings, Duration.ofNanos(System.nanoTime() - start));
    }

    /** How a report names a task: its class (from its class path, for a build), or {@code label} for a lambda. */
    private static String name(TaskSpec spec, String label) {
        return spec == null ? label : spec.className() + (spec.classPath().isEmpty() ? "" : " from " + spec.classPath());
    }

    /** The task class given, checked, or the one {@code spec} names, loaded and checked. */
    private static Class<? extends Task> taskClass(Class<? extends Task> given, TaskSpec spec) {
        return given != null ? TaskClasses.check(given, spec.label())
                : TaskClasses.load(spec.className(), spec.classPath(), spec.label());
    }
}
