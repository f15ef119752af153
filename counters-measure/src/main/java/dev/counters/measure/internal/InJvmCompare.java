package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.CpuTimesCounter;
import dev.counters.measure.CompareTerms;
import dev.counters.measure.Conclusion;
import dev.counters.measure.NoiseReport;
import dev.counters.measure.Overhead;
import dev.counters.measure.PreparationStep;
import dev.counters.measure.Task;
import dev.counters.measure.WarmUpReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;

/**
 * A comparison of two tasks in this JVM, as {@code Compare} describes it: the clocks' reading cost
 * measured, each task warmed up through a measuring loop of its own until the JIT is quiet (in the
 * {@link WarmUpOrder} given), their
 * state moved to the old generation ({@link TaskState}), short tasks batched, untimed settling
 * pairs, then rounds of pairs ({@link Schedule}) until the {@link PairStoppingRule} stops them,
 * judged by {@link PairJudgement}. The same code runs a comparison of lambdas, of task classes with {@code forks(0)}, and each fork's share.
 */
public final class InJvmCompare {
    /** The longest the untimed settling pairs take, as a share of the budget: an eighth. */
    private static final int SETTLING_SHARE = 8;
    /** The longest each task's warm-up takes, as a share of the budget: a quarter. */
    private static final int WARM_UP_SHARE = 4;

    private final CompareSettings settings;
    private final Instruments instruments;
    private final boolean asFork;
    private final boolean bFirst;
    private final BooleanSupplier stopAsked;

    private InJvmCompare(CompareSettings settings, Instruments instruments, boolean asFork, boolean bFirst,
            BooleanSupplier stopAsked) {
        this.settings = requireNonNull(settings, "settings");
        this.instruments = requireNonNull(instruments, "instruments");
        this.asFork = asFork;
        this.bFirst = bFirst;
        this.stopAsked = requireNonNull(stopAsked, "stopAsked");
    }

    /**
     * A comparison that stops as soon as it is decided ({@link PairStoppingRule#inOneJvm}); which task
     * warms up first is drawn at random ({@link WarmUpOrder}).
     */
    public static InJvmCompare inOneJvm(CompareSettings settings, Instruments instruments) {
        return new InJvmCompare(settings, instruments, false, instruments.random().nextBoolean(), () -> false);
    }

    /**
     * One fork's comparison: it stops at its target or share only, never because this JVM alone
     * decided, or at the end of a round once {@code stopAsked} (its parent asked it to, as it ran past
     * its share); B warms up first if {@code bFirst} ({@link WarmUpOrder#bFirst}).
     */
    public static InJvmCompare asFork(CompareSettings settings, Instruments instruments, boolean bFirst,
            BooleanSupplier stopAsked) {
        return new InJvmCompare(settings, instruments, true, bFirst, stopAsked);
    }

    /**
     * Compares {@code b} against {@code a} on the calling thread (a duet: on two workers, ended
     * before this returns).
     *
     * @throws IllegalStateException on a virtual thread, or for a duet on fewer than 2 CPUs
     */
    public JvmComparison run(Task a, Task b) {
        PreparedThread.refuseVirtualThread("Compare.run()", "times the calling thread's CPU time");
        refuseDuetOnOneCpu(settings.order(), instruments.processors().getAsInt());
        long start = instruments.nanoClock().getAsLong();
        long deadline = start + settings.budget().toNanos();
        Counter wall = instruments.wallCounter().get();
        CpuTimesCounter cpu = instruments.threadCounter().get();
        Pass pass = new Pass(wall, cpu, instruments.sink());
        Overhead overhead = PassOverhead.of(pass);
        // The clocks' steps are probed before the warm-ups, so that what the probe makes the JIT compile is done before the pairs.
        double stepOrCost = Math.max(Math.max(ShortTasks.stepNanos(wall), ShortTasks.stepNanos(cpu)),
                Math.max(overhead.wallNanos(), overhead.threadCpuNanos()));
        List<String> warnings = new ArrayList<>();
        // Each task runs, warm-up included, through a loop of its own, so that the JIT compiles each as if alone.
        TaskLoop timedA = TaskLoops.copyFor(a, instruments.sink());
        TaskLoop timedB = TaskLoops.copyFor(b, instruments.sink());
        WarmUpReport warmUpA;
        WarmUpReport warmUpB;
        if (bFirst) {
            warmUpB = warmUp(pass, timedB, "B", warnings);
            warmUpA = warmUp(pass, timedA, "A", warnings);
        } else {
            warmUpA = warmUp(pass, timedA, "A", warnings);
            warmUpB = warmUp(pass, timedB, "B", warnings);
        }
        if (settings.warmsUp()) {
            TaskState.tenure(pass, bFirst ? List.of(timedB, timedA) : List.of(timedA, timedB));
            TaskState.cannotTenure().ifPresent(warnings::add);
        }
        int invocationsA = 1;
        int invocationsB = 1;
        if (settings.warmsUp()) {
            long budget = settings.budget().toNanos();
            double floor = Batching.clockFloorNanos(stepOrCost, budget);
            Batching.Batch[] batches = Batching.grown(Batching.probe(pass, timedA, "A", overhead.wallNanos(), floor),
                    Batching.probe(pass, timedB, "B", overhead.wallNanos(), floor),
                    Math.min(Pairing.REWARM.toNanos(), budget / (double) Batching.FLOOR_PER_BUDGET));
            invocationsA = batches[0].invocations();
            invocationsB = batches[1].invocations();
            timedA.invocations(invocationsA);
            timedB.invocations(invocationsB);
        }
        Pairs pairs = new Pairs(overhead, invocationsA, invocationsB, settings.order() == CompareTerms.Order.DUET);
        NoiseProbe probe = NoiseProbe.start(instruments.wallCounter().get(), instruments.threadCounter().get(),
                instruments.proc(), instruments.nanoClock());
        PairStoppingRule rule = asFork ? PairStoppingRule.forFork(settings) : PairStoppingRule.inOneJvm(settings);
        Schedule schedule = new Schedule(timedA, timedB, () -> {
            timedA.next();
            timedB.next();
        }, pairs, probe, rule, instruments.nanoClock(), deadline, settings.minPairs(), instruments.random())
                .stoppingWhen(stopAsked);
        CompareTerms.StopReason stoppedBy;
        List<PreparationStep> preparation = List.of();
        switch (settings.order()) {
            case ALTERNATING -> {
                Pairing inTurn = new InTurn(pass, instruments.processCounter().get(), instruments.nanoClock(),
                        settings.warmsUp() ? Pairing.REWARM : Duration.ZERO);
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
        PairJudgement judgement = PairJudgement.of(pairs, settings.confidence(), settings.margin(), settings.equivalence());
        NoiseReport noise = probe.finish(2 * pairs.count(), judgement.preemptedRuns());
        // A duet's pairs run on its workers: the measuring thread then waits for them, and its share says nothing.
        double runnableShare = settings.order() == CompareTerms.Order.DUET ? Double.NaN : probe.runnableShare();
        Conclusion conclusion = judgement.conclusion(noise.load().isLoaded(), settings.by(), pairs.otherThreadShare(),
                runnableShare);
        warnings.addAll(judgement.warnings());
        warnings.addAll(ShortTasks.warnings(judgement.wall(), overhead.wallNanos(), wall, judgement.cpu(),
                overhead.threadCpuNanos(), cpu, invocationsA, invocationsB));
        return new JvmComparison(settings, conclusion, judgement.wall(), judgement.cpu(), stoppedBy, warmUpA, warmUpB, noise,
                pairs.aFirst(), overhead, warnings, Duration.ofNanos(instruments.nanoClock().getAsLong() - start),
                pass.describeCounters(), preparation, invocationsA, invocationsB, pairs.otherThreadShare(Pairs.A),
                pairs.otherThreadShare(Pairs.B), pairs.collectedRuns(Pairs.A), pairs.collectedRuns(Pairs.B), runnableShare);
    }

    /**
     * A duet needs a CPU for each worker: on one, the two runs of a pair would take turns and each
     * would hold the other's wait.
     *
     * @throws IllegalStateException for {@link CompareTerms.Order#DUET} on fewer than 2 CPUs
     */
    public static void refuseDuetOnOneCpu(CompareTerms.Order order, int cpus) {
        if (order == CompareTerms.Order.DUET && cpus < 2) {
            throw new IllegalStateException("Order.DUET runs A and B at the same time on two threads, each on a CPU of its "
                    + "own, but this JVM may use " + cpus + " CPU (Runtime.availableProcessors()): the two runs would take "
                    + "turns on it, and each one's wall time would hold the other's. Use Order.ALTERNATING (the default), "
                    + "which runs A and B in turn on the calling thread");
        }
    }

    /** The duet's workers, pinned with the control given or the platform's, or told why not. */
    private Duet startDuet() {
        if (instruments.threadControl().isEmpty()) {
            return Duet.start(instruments.wallCounter(), instruments.threadCounter(), instruments.sink(), ThreadControls.best(),
                    ThreadControls.unavailableReason().orElse(ThreadControls.NO_PLATFORM_MODULE));
        }
        var control = instruments.threadControl().get();
        var unavailable = control.unavailableReason();
        return Duet.start(instruments.wallCounter(), instruments.threadCounter(), instruments.sink(),
                unavailable.isPresent() ? java.util.Optional.empty() : java.util.Optional.of(control),
                unavailable.map(why -> control.name() + ": " + why).orElse(""));
    }

    /**
     * Warms {@code task} (A or B, as {@code name} says) up while the JIT compiles, within the warm-up
     * and a quarter of the budget; warns if it was still compiling at the end.
     */
    private WarmUpReport warmUp(Pass pass, Task task, String name, List<String> warnings) {
        if (!settings.warmsUp()) {
            return WarmUpReport.skipped();
        }
        return untilTheJitIsQuiet(new WarmUpRuns(pass, task, "warm-up run of " + name), WARM_UP_SHARE, name + "'s warm-up",
                warnings).report();
    }

    /**
     * Runs untimed pairs of what the pairs will time (the tasks as batched, through the pairing
     * itself, the process clock around each run included) in the warm-up's rounds until the JIT has
     * been quiet for a stretch, within the warm-up and an eighth of the budget. The tasks' own
     * warm-ups compile the tasks; this compiles the code around them, which otherwise compiles, and
     * deoptimizes, during the first pairs, on the other CPU, while they are timed.
     */
    private void settle(Pairing pairing, Task timedA, Task timedB, List<String> warnings) {
        if (!settings.warmsUp()) {
            return;
        }
        double[] figures = new double[Pairing.FIGURES];
        int[] index = {0};
        untilTheJitIsQuiet(() -> {
            pairing.run(timedA, "settling run of A", timedB, "settling run of B", index[0]++, figures);
            return figures[Pairing.FIRST_WALL] + figures[Pairing.SECOND_WALL];
        }, SETTLING_SHARE, "the untimed settling pairs", warnings);
    }

    /**
     * {@link CompilingWarmUp} of {@code runs} within the warm-up and {@code 1 / budgetShare} of the
     * budget; warns, naming {@code what}, if the JIT was still compiling at the end.
     */
    private CompilingWarmUp.Result untilTheJitIsQuiet(DoubleSupplier runs, int budgetShare, String what, List<String> warnings) {
        Duration share = settings.budget().dividedBy(budgetShare);
        Duration warmUp = settings.warmUp();
        CompilingWarmUp.Result result = CompilingWarmUp.run(runs, instruments.nanoClock(), instruments.compilationMillis(),
                warmUp.compareTo(share) <= 0 ? warmUp : share, WarmUp.DEFAULT_WINDOW, WarmUp.DEFAULT_THRESHOLD);
        if (result.stillCompiling()) {
            warnings.add(String.format(Locale.ROOT, "the JIT compiler was still at work when %s ended (%d ms of "
                    + "compilation in its last round, after %d rounds): the first pairs may hold compilation; give it a longer "
                    + "warm-up (--warm-up)", what, result.compiledInLastRound(), result.rounds()));
        }
        return result;
    }
}
