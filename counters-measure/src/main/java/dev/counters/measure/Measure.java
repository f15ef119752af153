package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.internal.ThreadControl;
import dev.counters.measure.internal.NoiseProbe;
import dev.counters.measure.internal.Pass;
import dev.counters.measure.internal.PassOverhead;
import dev.counters.measure.internal.PreparedThread;
import dev.counters.measure.internal.Sink;
import dev.counters.measure.internal.ThreadControls;
import dev.counters.measure.internal.TaskState;
import dev.counters.measure.internal.WarmUp;
import dev.counters.measure.internal.WarmUpRuns;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Measures a task the way careful benchmarks do, in one fluent call: warm it up until its
 * timings are stable, prepare the measuring thread (pin it to one CPU, raise its priority), run
 * it n times recording wall time and the thread's CPU time (user and kernel) in one pass per
 * repetition, optionally subtract the measuring overhead, and summarise with trimmed statistics.
 *
 * <pre>{@code
 * MeasureResult result = Measure.of(() -> sort(copyOf(data)))
 *         .warmUp(Duration.ofMillis(1200))
 *         .repetitions(20)
 *         .pinned()
 *         .highPriority()
 *         .run();
 * System.out.println(result);                       // a table: median, mean, CI, spreads, ...
 * double spread = result.threadCpu().trimmedSpread();
 * }</pre>
 *
 * <p>The task runs on the calling thread. Pinning and raising priority apply to that thread only,
 * only after the warm-up (so the JIT compiler threads are never starved) and are undone before
 * {@link #run()} returns; if the platform or permissions refuse them, the result's
 * {@link MeasureResult#preparation()} says so and the measurement goes on.
 *
 * <p>Order of a run: calibration (if asked: empty passes through the same measuring code), warm-up,
 * a full collection that moves what the task keeps to the old generation (as in an application that
 * has kept it a while; with G1 a store into a young object costs less than into an old one),
 * preparation, repetitions (a fixed reference loop timed between them for the {@link NoiseReport}),
 * restoration. Calibration comes first because its empty task is a
 * second receiver at the measuring code's call to {@link Task#run()}: the JIT recompiles that
 * code for both, and the warm-up (skip it only for long tasks) lets it finish before anything
 * is kept.
 */
public final class Measure {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** The longest warm-up unless told otherwise: 1.2 s, enough for the JIT to compile a typical task. */
    public static final Duration DEFAULT_WARM_UP_BUDGET = Duration.ofMillis(1200);
    /** How many of the latest warm-up batches (one run each for tasks over a hundredth of the budget) must agree. */
    public static final int DEFAULT_WARM_UP_WINDOW = WarmUp.DEFAULT_WINDOW;
    /** The coefficient of variation those runs must reach: 0.5%. */
    public static final double DEFAULT_WARM_UP_THRESHOLD = WarmUp.DEFAULT_THRESHOLD;
    public static final int DEFAULT_REPETITIONS = 20;
    public static final int DEFAULT_TRIM = 1;

    private final Task task;
    private Duration warmUpBudget = DEFAULT_WARM_UP_BUDGET;
    private int warmUpWindow = DEFAULT_WARM_UP_WINDOW;
    private double warmUpThreshold = DEFAULT_WARM_UP_THRESHOLD;
    private int repetitions = DEFAULT_REPETITIONS;
    private int trim = DEFAULT_TRIM;
    private boolean pinned;
    private int cpu = -1;
    private boolean highPriority;
    private boolean calibrated;
    private Supplier<Counter> wallCounter = Counters::performance;
    private Supplier<CpuTimesCounter> threadCounter = Counters::threadTimes;
    private ThreadControl threadControl;
    private Sink sink = new Sink();

    private Measure(Task task) {
        this.task = task;
    }

    /** Starts describing a measurement of {@code task}, with the defaults: 1.2 s warm-up budget, 20 repetitions, trim 1. */
    public static Measure of(Task task) {
        return new Measure(requireNonNull(task, "task is null; pass the work to measure, e.g. () -> sort(data)"));
    }

    /**
     * Warms up until the last {@value #DEFAULT_WARM_UP_WINDOW} runs vary by at most
     * {@code 0.5%} (coefficient of variation), but for no longer than {@code budget}. Runs shorter
     * than a hundredth of the budget are grouped into batches that long, and the batches' medians
     * must agree instead, so a tiny task cannot look stable by chance before the JIT has finished.
     */
    public Measure warmUp(Duration budget) {
        return warmUp(budget, DEFAULT_WARM_UP_WINDOW, DEFAULT_WARM_UP_THRESHOLD);
    }

    /**
     * Warms up until the coefficient of variation of the last {@code window} runs (or batches of
     * runs, see {@link #warmUp(Duration)}) is at most {@code threshold} (0.005 = 0.5%), but for no
     * longer than {@code budget}.
     */
    public Measure warmUp(Duration budget, int window, double threshold) {
        requireNonNull(budget, "budget");
        checkArgument(!budget.isNegative() && !budget.isZero(),
                "warm-up budget must be positive, was %s; call noWarmUp() to skip the warm-up", budget);
        checkArgument(window >= 2, "the warm-up window needs at least 2 runs, was %s", window);
        checkArgument(threshold > 0 && threshold < 1,
                "the warm-up threshold is a coefficient of variation between 0 and 1 (0.005 = 0.5%%), was %s", threshold);
        this.warmUpBudget = budget;
        this.warmUpWindow = window;
        this.warmUpThreshold = threshold;
        return this;
    }

    /** Skips the warm-up: the first repetitions then include class loading and JIT compilation. */
    public Measure noWarmUp() {
        this.warmUpBudget = null;
        return this;
    }

    /** How many times to run and time the task (default 20). Must exceed twice the {@link #trim(int)}. */
    public Measure repetitions(int n) {
        checkArgument(n >= 1, "repetitions must be at least 1, was %s", n);
        this.repetitions = n;
        return this;
    }

    /** How many of the highest, and as many of the lowest, samples the trimmed figures drop (default 1; 0 to keep all). */
    public Measure trim(int k) {
        checkArgument(k >= 0, "trim must not be negative, was %s", k);
        this.trim = k;
        return this;
    }

    /** After the warm-up, pins the measuring thread to the last CPU it may run on; restored afterwards. */
    public Measure pinned() {
        this.pinned = true;
        this.cpu = -1;
        return this;
    }

    /** After the warm-up, pins the measuring thread to {@code cpu}; restored afterwards. */
    public Measure pinned(int cpu) {
        checkArgument(cpu >= 0, "cpu must be a CPU number (0 or more), was %s", cpu);
        this.pinned = true;
        this.cpu = cpu;
        return this;
    }

    /** After the warm-up, raises the measuring thread's priority as far as permitted; restored afterwards. */
    public Measure highPriority() {
        this.highPriority = true;
        return this;
    }

    /** Subtracts the measured cost of an empty measuring pass from every sample (never below zero). */
    public Measure calibrated() {
        this.calibrated = true;
        return this;
    }

    /** Times wall time with counters from {@code factory} instead of {@link Counters#performance()}. */
    public Measure wallCounter(Supplier<? extends Counter> factory) {
        requireNonNull(factory, "factory");
        this.wallCounter = factory::get;
        return this;
    }

    /** Times CPU time with counters from {@code factory} instead of {@link Counters#threadTimes()}. */
    public Measure threadCounter(Supplier<? extends CpuTimesCounter> factory) {
        requireNonNull(factory, "factory");
        this.threadCounter = factory::get;
        return this;
    }

    /** Pins and raises with {@code control} instead of the one {@link ThreadControls#best()} finds. */
    Measure threadControl(ThreadControl control) {
        this.threadControl = requireNonNull(control, "control");
        return this;
    }

    /** Feeds task results to {@code sink} instead of a private one. */
    Measure sink(Sink sink) {
        this.sink = requireNonNull(sink, "sink");
        return this;
    }

    /**
     * Calibrates (if asked), warms up, prepares the thread, runs the repetitions and restores the
     * thread, on the calling thread.
     *
     * @throws IllegalStateException if {@code repetitions <= 2 * trim}, or if called on a virtual
     *     thread, which has no CPU clock of its own and whose carrier must not be pinned or raised
     * @throws TaskFailedException if the task threw, naming the run (checked and unchecked exceptions alike)
     */
    public MeasureResult run() {
        PreparedThread.refuseVirtualThread("Measure.run()", "times the calling thread's CPU time and pins it or raises its priority when asked");
        checkState(repetitions > 2 * trim,
                "%s repetitions cannot drop the %s highest and %s lowest: take more than %s repetitions or trim less",
                repetitions, trim, trim, 2 * trim);
        Pass pass = new Pass(wallCounter.get(), threadCounter.get(), sink);
        Overhead overhead = calibrated ? PassOverhead.of(pass) : null;
        WarmUpReport warmUpReport = warmUpBudget == null
                ? WarmUpReport.skipped()
                : WarmUp.run(new WarmUpRuns(pass, task, "warm-up run"), System::nanoTime, warmUpBudget, warmUpWindow, warmUpThreshold);
        if (warmUpBudget != null) {
            TaskState.promote();
        }
        double[][] series = new double[Pass.SERIES][repetitions];
        List<PreparationStep> steps;
        NoiseReport noise;
        Set<Long> threadsBefore;
        List<String> threadsStarted;
        NoiseProbe probe = NoiseProbe.start(wallCounter.get(), threadCounter.get());
        try (PreparedThread prepared = prepare()) {
            steps = new ArrayList<>(prepared.steps());
            // After the library's own preparation (binding a native layer may start a cleaner thread):
            // only the repetitions, where the task runs, are watched.
            threadsBefore = liveThreadIds();
            pass.record(task, series, repetitions, "repetition", probe::sample);
            threadsStarted = threadsStartedSince(threadsBefore);
            noise = probe.finish();
        }
        warnOfInheritingThreads(steps, threadsStarted);
        if (overhead != null) {
            subtract(series[Pass.WALL], overhead.wallNanos());
            subtractKeepingTheSplit(series[Pass.CPU], series[Pass.USER], series[Pass.KERNEL], overhead.threadCpuNanos());
        }
        return new MeasureResult(
                Statistics.of(series[Pass.WALL], trim),
                Statistics.of(series[Pass.CPU], trim),
                pass.hasSplit() ? Statistics.of(series[Pass.USER], trim) : null,
                pass.hasSplit() ? Statistics.of(series[Pass.KERNEL], trim) : null,
                warmUpReport, steps, overhead, noise, pass.describeCounters());
    }

    /**
     * On Linux a thread inherits its creator's CPU mask and priority: threads started during the
     * repetitions, while the measuring thread was pinned or raised, keep those settings after it is
     * restored. They are named in a warning step rather than changed behind the task's back. The
     * step says what was seen (threads that appeared while the task ran), not who started them.
     */
    private static void warnOfInheritingThreads(List<PreparationStep> steps, List<String> started) {
        if (started.isEmpty() || steps.stream().noneMatch(PreparationStep::applied)) {
            return;
        }
        steps.add(new PreparationStep(PreparationStep.INHERITED, false, started.size()
                + " thread(s) appeared during the repetitions, while this thread was prepared: " + String.join(", ", started)
                + "; on Linux a thread started from a pinned or raised thread keeps its CPU and priority, so a task "
                + "measured with pinned()/highPriority() should not start threads"));
    }

    /** The quoted names of the live threads whose ids are not in {@code before}. */
    private static List<String> threadsStartedSince(Set<Long> before) {
        List<String> started = new ArrayList<>();
        for (ThreadInfo thread : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (thread != null && !before.contains(thread.getThreadId())) {
                started.add("'" + thread.getThreadName() + "'");
            }
        }
        return started;
    }

    private static Set<Long> liveThreadIds() {
        Set<Long> ids = new HashSet<>();
        for (long id : THREADS.getAllThreadIds()) {
            ids.add(id);
        }
        return ids;
    }

    private PreparedThread prepare() {
        if (threadControl != null) {
            return PreparedThread.prepare(threadControl, pinned, cpu, highPriority);
        }
        Optional<ThreadControl> best = ThreadControls.best();
        return PreparedThread.prepare(best, ThreadControls.unavailableReason().orElse(""), pinned, cpu, highPriority);
    }

    /**
     * Subtracts the CPU overhead from each total and splits what is left in that sample's own
     * user/kernel ratio, so user + kernel == CPU still holds (medians of the parts would not add up).
     */
    private static void subtractKeepingTheSplit(double[] cpu, double[] user, double[] kernel, double overhead) {
        for (int i = 0; i < cpu.length; i++) {
            double corrected = Math.max(0, cpu[i] - overhead);
            double userShare = cpu[i] > 0 ? user[i] / cpu[i] : 1;
            user[i] = corrected * userShare;
            kernel[i] = corrected - user[i];
            cpu[i] = corrected;
        }
    }

    private static void subtract(double[] samples, double overhead) {
        for (int i = 0; i < samples.length; i++) {
            samples[i] = Math.max(0, samples[i] - overhead);
        }
    }
}
