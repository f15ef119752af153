package dev.counters.measure;

import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import dev.counters.internal.Durations;
import dev.counters.measure.internal.CompareSettings;
import dev.counters.measure.internal.JvmComparison;
import dev.counters.measure.internal.Summary;
import dev.counters.measure.internal.Wording;
import dev.counters.measure.internal.fork.ForkedOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The outcome of a {@link Compare}, data to read: the answer in one sentence ({@link #summary()}),
 * the overall {@link #verdict()} with the ratio, interval and clock it rests on and why
 * ({@link #conclusion()}), the time of one run of A and of B ({@link #nanosPerRunA()}), how large a
 * difference an undecided interval still allows ({@link #differenceRuledOut()}) and what budget
 * would decide ({@link #budgetToDecide()}), what ended the comparison, warnings, and the machine.
 *
 * <p><b>In this JVM or across JVMs.</b> A comparison of lambdas (or of task classes with
 * {@code forks(0)}) ran here, {@link #jvms()} is 0, and each clock's pairs, the warm-ups, the
 * clocks' cost and the noise report are there to read; its answer speaks for this JVM only. A
 * comparison of task classes ran in {@link #jvms()} fresh JVMs: its verdict is judged over their
 * figures ({@link #forkRuns()}: every fork, counted or not and why), and what stayed in those JVMs
 * (their pairs, clocks, warm-ups and noise) is not here: those accessors throw
 * {@link IllegalStateException}.
 */
public final class CompareResult {
    /** The name of the wall-time clock: {@code wall}. */
    public static final String WALL = ClockComparison.WALL;
    /** The name of the thread-CPU-time clock: {@code thread CPU}. */
    public static final String THREAD_CPU = ClockComparison.THREAD_CPU;

    private final Conclusion conclusion;
    private final CompareTerms.StopReason stoppedBy;
    private final CompareSettings settings;
    private final Duration elapsed;
    private final String machine;
    private final List<String> warnings;
    private final double nanosPerRunA;
    private final double nanosPerRunB;
    private final Optional<Duration> budgetToDecide;
    private final int forksToDecide;
    private final int fewestJvms;
    /** What the comparison in this JVM measured; null across JVMs. */
    private final JvmComparison jvm;
    private final List<ForkRun> forkRuns;
    private final List<String> forkJvmOptions;

    private CompareResult(Conclusion conclusion, CompareTerms.StopReason stoppedBy, CompareSettings settings, Duration elapsed,
            String machine, List<String> warnings, double nanosPerRunA, double nanosPerRunB, Optional<Duration> budgetToDecide,
            int forksToDecide, int fewestJvms, JvmComparison jvm, List<ForkRun> forkRuns, List<String> forkJvmOptions) {
        this.conclusion = requireNonNull(conclusion, "conclusion");
        this.stoppedBy = requireNonNull(stoppedBy, "stoppedBy");
        this.settings = requireNonNull(settings, "settings");
        this.elapsed = requireNonNull(elapsed, "elapsed");
        this.machine = requireNonNull(machine, "machine");
        List<String> all = new ArrayList<>(warnings);
        Wording.timesOutsideInterval(nanosPerRunA, nanosPerRunB, conclusion.low(), conclusion.high()).ifPresent(all::add);
        this.warnings = List.copyOf(all);
        this.nanosPerRunA = nanosPerRunA;
        this.nanosPerRunB = nanosPerRunB;
        this.budgetToDecide = requireNonNull(budgetToDecide, "budgetToDecide");
        this.forksToDecide = forksToDecide;
        this.fewestJvms = fewestJvms;
        this.jvm = jvm;
        this.forkRuns = List.copyOf(forkRuns);
        this.forkJvmOptions = List.copyOf(forkJvmOptions);
    }

    /** The result of a comparison in this JVM. */
    static CompareResult inThisJvm(JvmComparison jvm) {
        ClockComparison decidedBy = jvm.conclusion().decidedBy();
        return new CompareResult(jvm.conclusion(), jvm.stoppedBy(), jvm.settings(), jvm.elapsed(), jvm.noise().machine(),
                jvm.warnings(), decidedBy.medianA(), decidedBy.medianB(), Optional.empty(), 0, 0, jvm, List.of(), List.of());
    }

    /** The result of a comparison over fresh JVMs: what the forks said, judged together; nothing of any one JVM's pairs. */
    static CompareResult acrossJvms(ForkedOutcome forks, CompareSettings settings, Duration elapsed) {
        Conclusion conclusion = new Conclusion(forks.verdict(), forks.clock(), forks.ratio(), forks.low(), forks.high(),
                forks.confidence(), forks.reason(), null);
        List<String> warnings = new ArrayList<>(forks.warnings());
        if (!forks.budgetNote().isEmpty()) {
            warnings.add(forks.budgetNote());
        }
        return new CompareResult(conclusion, forks.stoppedBy(), settings, elapsed, forks.machine(), warnings,
                forks.nanosPerRunA(), forks.nanosPerRunB(), forks.budgetToDecide(), forks.forksToDecide(), forks.fewestForks(),
                null, forks.runs(), forks.jvmOptions());
    }

    /**
     * The answer in one sentence, the first line of every report: {@code "B takes 3.02% more time
     * than A: B/A 1.0302 [1.0231, 1.0364] in thread CPU time (99.2% interval over 6 JVMs)."}; for any
     * other verdict, what the interval still shows ("no difference above 1.4% either way" only where it
     * holds 1) and why it is not a verdict, and, where one would, the budget that would decide.
     */
    public String summary() {
        return new Summary(verdict(), conclusion.clock(), conclusion.ratio(), conclusion.low(), conclusion.high(),
                conclusion.confidence(), settings.confidence(), jvms(), jvm == null ? 0 : conclusion.decidedBy().pairs(),
                fewestJvms, machine.equals("loaded"), settings.margin(), budgetToDecide, forksToDecide, conclusion.reason())
                .sentence();
    }

    /** The one answer: see {@link Verdict} for each outcome and {@link Conclusion} for the rules. */
    public Verdict verdict() {
        return conclusion.verdict();
    }

    /**
     * What the verdict means for a performance gate: {@link GateOutcome#REGRESSED} when B is decided
     * slower by more than {@link #margin()}, {@link GateOutcome#PASSED} when faster or alike within it,
     * {@link GateOutcome#UNDECIDED} otherwise.
     */
    public GateOutcome gateOutcome() {
        return GateOutcome.of(verdict());
    }

    /** The overall verdict with the ratio, interval and clock it rests on, and why. */
    public Conclusion conclusion() {
        return conclusion;
    }

    /**
     * The time of one run (one invocation) of A, in nanoseconds, on the clock the verdict rests on:
     * across JVMs the median over the counted forks of each fork's median, in this JVM the median of
     * the pairs; NaN where no fork counted.
     */
    public double nanosPerRunA() {
        return nanosPerRunA;
    }

    /** As {@link #nanosPerRunA()}, for B. */
    public double nanosPerRunB() {
        return nanosPerRunB;
    }

    /**
     * The largest difference between A and B, as a share, that the interval the verdict rests on
     * still allows, where that interval holds 1: {@code max(high - 1, 1 - low)}, 0.026 for "no
     * difference above 2.6% either way". NaN where there is no interval or it excludes 1 (it then
     * shows a difference, which {@link #summary()} states).
     */
    public double differenceRuledOut() {
        double low = conclusion.low();
        double high = conclusion.high();
        return low > 0 && Double.isFinite(high) && Wording.holdsOne(low, high) ? Math.max(high - 1, 1 - low) : Double.NaN;
    }

    /**
     * For a verdict that could not decide ({@link Verdict#TOO_NOISY}, {@link Verdict#TOO_FEW}) across
     * JVMs, the budget that would, worked out from what the forks measured: enough forks at their
     * spread, or forks long enough for their pairs. Empty when decided, in this JVM, or when no
     * budget would (the forks disagree too much for any number of them to settle it).
     */
    public Optional<Duration> budgetToDecide() {
        return budgetToDecide;
    }

    /**
     * The forks to set with the budget of {@link #budgetToDecide()} (0 where there is none): a budget
     * alone plans forks of 2.5 s, which may be too short for a long task, so set both
     * ({@code Compare.forks}).
     */
    public int forksToDecide() {
        return forksToDecide;
    }

    /** How many fresh JVMs were counted in the verdict: 0 when it ran in this JVM only, whose answer speaks for it alone. */
    public int jvms() {
        return (int) forkRuns.stream().filter(ForkRun::counted).count();
    }

    /** Every fresh JVM that ran, in order, counted or not and why (empty in this JVM only). */
    public List<ForkRun> forkRuns() {
        return forkRuns;
    }

    /** The JVM options the forks ran with (empty in this JVM only). */
    public List<String> forkJvmOptions() {
        return forkJvmOptions;
    }

    /** Each counted fresh JVM's ratio B/A on wall time, in the order they ran (empty in this JVM only). */
    public double[] jvmWallRatios() {
        return forkRuns.stream().filter(ForkRun::counted).mapToDouble(ForkRun::wallRatio).toArray();
    }

    /** Each counted fresh JVM's ratio B/A on thread CPU time, in the order they ran (empty in this JVM only). */
    public double[] jvmThreadCpuRatios() {
        return forkRuns.stream().filter(ForkRun::counted).mapToDouble(ForkRun::threadCpuRatio).toArray();
    }

    /** What each counted fresh JVM's own pairs show, judged alone by the verdict rule: never the verdict (empty in this JVM only). */
    public List<Verdict> jvmVerdicts() {
        return forkRuns.stream().filter(ForkRun::counted).map(run -> run.verdict().orElseThrow()).toList();
    }

    /** {@code loaded} when the noise report of this JVM, or of any fork, found the machine loaded; else {@code quiet}. */
    public String machine() {
        return machine;
    }

    /**
     * Sentences a reader must see: a task too short for a clock, preemptions not set aside, threads a
     * task left running, times per run whose ratio lies outside the interval B/A rests on.
     */
    public List<String> warnings() {
        return warnings;
    }

    /** What ended the comparison. */
    public CompareTerms.StopReason stoppedBy() {
        return stoppedBy;
    }

    public CompareTerms.Order order() {
        return settings.order();
    }

    /** How the reports name A: its class (and build), or {@code A} for a lambda ({@link Compare#named}). */
    public String nameA() {
        return settings.nameA();
    }

    /** How the reports name B. */
    public String nameB() {
        return settings.nameB();
    }

    /** The relative half-width, a share, at which an undecided comparison stops. */
    public double target() {
        return settings.target();
    }

    /** The confidence asked of the intervals. */
    public double confidence() {
        return settings.confidence();
    }

    /** The equivalence margin of the verdicts (0 for none). */
    public double margin() {
        return settings.margin();
    }

    /** How long the whole comparison took, warm-up included. */
    public Duration elapsed() {
        return elapsed;
    }

    /** Throws unless the comparison ran in this JVM, whose pairs and clocks it then holds. */
    private JvmComparison thisJvm(String what) {
        checkState(jvm != null, "this comparison ran in %s fresh JVMs, and their %s stayed in them: read verdict(), "
                + "conclusion(), forkRuns() and jvmWallRatios(), or compare in this JVM with Compare.forks(0)", jvms(), what);
        return jvm;
    }

    /**
     * How many invocations of A one timed run held: 1, or more for a task too short for its clocks
     * (B's: {@link #invocationsPerRunB()}). Every time and ratio is per invocation.
     */
    public int invocationsPerRun() {
        return thisJvm("invocations per run").invocationsPerRun();
    }

    /** As {@link #invocationsPerRun()}, for B: each task is batched on its own, and every time and ratio is per invocation. */
    public int invocationsPerRunB() {
        return thisJvm("invocations per run").invocationsPerRunB();
    }

    /**
     * The share of this JVM's CPU time, while A ran, that other threads spent: near 0 for a
     * single-threaded task, large when A's work runs on a pool. NaN where not read (the duet, no process clock).
     */
    public double otherThreadShareA() {
        return thisJvm("process CPU times").otherThreadShareA();
    }

    /** As {@link #otherThreadShareA()}, for B. */
    public double otherThreadShareB() {
        return thisJvm("process CPU times").otherThreadShareB();
    }

    /**
     * How many timed runs of A paid for at least one garbage collection; -1 where not read
     * ({@link CompareTerms.Order#DUET}, {@link CompareTerms.Order#SEQUENTIAL}). Such runs are kept: a
     * collection is part of what a task costs.
     */
    public int collectedRunsA() {
        return thisJvm("garbage collection counts").collectedRunsA();
    }

    /** As {@link #collectedRunsA()}, for B. */
    public int collectedRunsB() {
        return thisJvm("garbage collection counts").collectedRunsB();
    }

    /** What the clocks' reading cost was, taken out of every run before the ratios. */
    public Overhead overhead() {
        return thisJvm("clock calibrations").overhead();
    }

    /** Wall time, then thread CPU time. */
    public List<ClockComparison> clocks() {
        return List.of(wall(), threadCpu());
    }

    /** B against A on wall time. */
    public ClockComparison wall() {
        return thisJvm("pairs").wall();
    }

    /** B against A on the measuring thread's CPU time. */
    public ClockComparison threadCpu() {
        return thisJvm("pairs").threadCpu();
    }

    /** How many pairs were run. */
    public int pairs() {
        return thisJvm("pairs").pairs();
    }

    /** Whether A ran first in each pair, in order; in a {@linkplain CompareTerms.Order#DUET duet}, whether A ran on worker 1. */
    public boolean[] aRanFirst() {
        return thisJvm("pairs").aFirst();
    }

    /** How the duet's workers were prepared (pinning); empty for the other orders and across JVMs. */
    public List<PreparationStep> preparation() {
        return jvm == null ? List.of() : jvm.preparation();
    }

    /** The fewest pairs the target could stop at. */
    public int minPairs() {
        return thisJvm("settings of pairs").settings().minPairs();
    }

    public WarmUpReport warmUpA() {
        return thisJvm("warm-ups").warmUpA();
    }

    public WarmUpReport warmUpB() {
        return thisJvm("warm-ups").warmUpB();
    }

    /** How much the machine drifted during the pairs. */
    public NoiseReport noise() {
        return thisJvm("noise reports").noise();
    }

    /** The answer first, then the figures, what ended it, the warnings, and in this JVM the clocks, noise and warm-ups. */
    @Override
    public String toString() {
        String n = System.lineSeparator();
        StringBuilder text = new StringBuilder(summary()).append(n);
        text.append(String.format(Locale.ROOT, "time per run: A %s, B %s; machine: %s%n", Durations.formatNanos((long) nanosPerRunA),
                Durations.formatNanos((long) nanosPerRunB), machine));
        text.append(conclusion).append(n);
        if (jvm == null) {
            text.append(String.format(Locale.ROOT, "B against A in %d fresh JVMs in %s, stopped by %s", jvms(),
                    Durations.formatNanos(elapsed.toNanos()), stoppedBy.label()));
            forkRuns.forEach(run -> text.append(n).append(run));
        } else {
            text.append(String.format(Locale.ROOT, "B against A, %d pairs (%s order) in %s, stopped by %s; counters: %s", pairs(),
                    order().name().toLowerCase(Locale.ROOT), Durations.formatNanos(elapsed.toNanos()), stoppedBy.label(),
                    jvm.counters()));
            if (jvm.collectedRunsA() >= 0) {
                text.append(String.format(Locale.ROOT, "%nruns that paid for a garbage collection (kept): %d of A's, %d of B's",
                        jvm.collectedRunsA(), jvm.collectedRunsB()));
            }
            clocks().forEach(clock -> text.append(n).append(clock));
            preparation().forEach(step -> text.append(n).append(step));
            text.append(n).append(overhead()).append(n).append(noise());
            text.append(n).append("warm-up of A: ").append(warmUpA()).append(n).append("warm-up of B: ").append(warmUpB());
        }
        warnings.forEach(warning -> text.append(n).append("warning: ").append(warning));
        return text.toString();
    }
}
