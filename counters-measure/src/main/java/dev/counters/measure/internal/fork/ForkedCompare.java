package dev.counters.measure.internal.fork;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.CompareTerms;
import dev.counters.measure.ForkFailedException;
import dev.counters.measure.Verdict;
import dev.counters.Counters;
import dev.counters.measure.internal.CompareSettings;
import dev.counters.measure.internal.Pass;
import dev.counters.measure.internal.WarmUpOrder;
import dev.counters.measure.internal.Wording;
import dev.counters.measure.internal.stats.ForkStoppingRule;
import dev.counters.measure.internal.stats.VerdictRule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Is B faster than A in any JVM, not just this one? Runs the comparison of two task classes in each
 * of several fresh JVMs (forks, {@link ForkChild}) and judges their figures together
 * ({@link ForkJudgement}), so that the interval carries what JVMs make differently of the same code
 * (JIT decisions, inlining, memory layout, profile), which no number of pairs in one JVM can show.
 *
 * <p><b>How it runs.</b> The fewest forks are {@code minForks}, or as many as the budget holds at
 * {@link ForkPlan#PLANNED_FORK} each, up to {@code maxForks}. Each of them gets an equal share of what is left
 * of the budget, less the time a JVM takes to start and end (measured on the forks so far), and
 * runs its share or until its target, never stopping because it alone decided. After the fewest,
 * {@link ForkStoppingRule} looks after each fork and stops once the verdict is decided, at the most
 * forks, or when the budget holds no other fork. A fork with fewer than
 * {@link ForkJudgement#MIN_COUNTED_PAIRS} pairs is reported but not counted; one still running at
 * its stall limit is killed, reported and not counted. A fork that fails ends the comparison with a
 * {@link ForkFailedException} that says which task failed in which call.
 */
public final class ForkedCompare {
    /**
     * How much longer than twice its share a fork may take before it is taken to have stalled and
     * is killed: 30 s at most, and at most half the budget (5 s at least). A fork ends at its share,
     * over it by at most its last run and its JVM's start and end; a fork that a stopped process, a
     * swapping machine or a task that never returns holds would otherwise hold the comparison.
     */
    static final Duration STALL_GRACE = Duration.ofSeconds(30);
    private static final Duration MIN_STALL_GRACE = Duration.ofSeconds(5);
    /** The fewest runs of each task in one fork: a warm-up run, a settling run, three timed runs each after an untimed one. */
    static final int LEAST_RUNS_PER_FORK = 8;
    /** A default budget grows to at most this many times itself for tasks too long for it. */
    static final int MOST_ADAPTED = 3;

    private final TaskSpec a;
    private final TaskSpec b;
    private final CompareSettings settings;
    private final int minForks;
    private final int maxForks;
    private final boolean forksGiven;
    private final List<String> jvmOptions;
    private final String classPath;
    private final Duration stallGrace;
    private final boolean adaptsBudget;

    /**
     * @param settings the settings, with the budget of all forks together
     * @param jvmOptions the forks' JVM options ({@link ForkJvmOptions#of})
     * @param classPath where the forks find this library (and the tasks without a class path of their own)
     */
    public ForkedCompare(TaskSpec a, TaskSpec b, CompareSettings settings, int minForks, int maxForks, List<String> jvmOptions,
            String classPath) {
        this(a, b, settings, minForks, maxForks, jvmOptions, classPath, STALL_GRACE, false);
    }

    ForkedCompare(TaskSpec a, TaskSpec b, CompareSettings settings, int minForks, int maxForks, List<String> jvmOptions,
            String classPath, Duration stallGrace, boolean adaptsBudget) {
        this.a = requireNonNull(a, "a");
        this.b = requireNonNull(b, "b");
        this.settings = requireNonNull(settings, "settings");
        this.minForks = minForks;
        this.maxForks = ForkPlan.mostForks(settings.budget(), minForks, Math.max(minForks, maxForks));
        this.forksGiven = ForkPlan.forksGiven(minForks, this.maxForks);
        this.jvmOptions = List.copyOf(jvmOptions);
        this.classPath = requireNonNull(classPath, "classPath");
        this.stallGrace = requireNonNull(stallGrace, "stallGrace");
        this.adaptsBudget = adaptsBudget;
    }

    /** This comparison with forks killed as stalled {@code grace} past twice their share (tests). */
    ForkedCompare withStallGrace(Duration grace) {
        return new ForkedCompare(a, b, settings, minForks, maxForks, jvmOptions, classPath, grace, adaptsBudget);
    }

    /**
     * This comparison with a budget that grows, up to {@link #MOST_ADAPTED} times, when the forks of
     * long tasks leave fewer counted than a verdict rests on: what {@code Compare} does with its
     * default budget, which the user did not choose.
     */
    public ForkedCompare adaptingTheBudget() {
        return new ForkedCompare(a, b, settings, minForks, maxForks, jvmOptions, classPath, stallGrace, true);
    }

    /**
     * Refuses a budget that cannot hold the fewest forks, each {@link CompareSettings#MIN_SHARE} and
     * {@link ForkPlan#FIRST_START_AND_END} to start and end.
     *
     * @throws IllegalArgumentException naming the least budget that would
     */
    public static void checkBudget(Duration budget, int minForks, int maxForks) {
        int fewest = fewestForks(budget, minForks, ForkPlan.mostForks(budget, minForks, maxForks));
        Duration least = CompareSettings.MIN_SHARE.plus(ForkPlan.FIRST_START_AND_END).multipliedBy(fewest);
        if (budget.compareTo(least) < 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "a comparison in %d fresh JVMs needs a budget of at "
                    + "least %d ms (each JVM a share of %d ms and about %d ms to start and end), was %d ms: give a longer "
                    + "budget, or fewer forks", fewest, least.toMillis(), CompareSettings.MIN_SHARE.toMillis(),
                    ForkPlan.FIRST_START_AND_END.toMillis(), budget.toMillis()));
        }
    }

    /** The forks before the first look: see {@link ForkPlan#fewestForks}. */
    public static int fewestForks(Duration budget, int minForks, int maxForks) {
        return ForkPlan.fewestForks(budget, minForks, maxForks);
    }

    /** The JVM options the forks run with: the given ones and those that compile each task on its own. */
    public List<String> forkOptions() {
        List<String> options = new ArrayList<>(jvmOptions);
        options.addAll(SeparateCompilation.options());
        return List.copyOf(options);
    }

    /**
     * Runs forks until the verdict is decided, the last planned fork ran, the budget holds no other,
     * or the calling thread is interrupted or this JVM begins to shut down (the running fork killed;
     * the forks so far judged, the interrupt left set).
     *
     * @throws ForkFailedException if a fork failed, saying which task in which call
     * @throws IllegalStateException if the first two forks (or every fork) stalled, or the thread was
     *     interrupted (or this JVM began shutting down) before any fork ended
     */
    public ForkedOutcome run() {
        int fewest = fewestForks(settings.budget(), minForks, maxForks);
        int planned = fewest;
        ForkStoppingRule rule = new ForkStoppingRule(settings.confidence(), fewest, maxForks);
        long start = System.nanoTime();
        long budget = settings.budget().toNanos();
        List<ForkJudgement.Fork> forks = new ArrayList<>();
        long startAndEnd = ForkPlan.FIRST_START_AND_END.toNanos();
        SplittableRandom seeds = new SplittableRandom();
        String own = ownCounters();
        ForkedOutcome outcome = null;
        while (true) {
            long left = budget - (System.nanoTime() - start);
            int replied = (int) forks.stream().filter(fork -> fork.figures() != null).count();
            int counted = (int) forks.stream().filter(ForkJudgement.Fork::counted).count();
            long share = replied < planned ? left / (planned - replied) - startAndEnd : ForkJudgement.meanNanos(forks) - startAndEnd;
            boolean noRoom = share < CompareSettings.MIN_SHARE.toNanos() || share + startAndEnd > left;
            if (noRoom && adaptsBudget && replied > 0 && counted < fewest && forks.size() < maxForks
                    && budget < MOST_ADAPTED * settings.budget().toNanos()) {
                long perFork = ForkJudgement.meanNanos(forks);
                long now = System.nanoTime() - start;
                // Room for one more fork from now (the forks so far may have run past their shares), within the most.
                budget = Math.min(MOST_ADAPTED * settings.budget().toNanos(), Math.max(budget, now) + perFork);
                left = budget - now;
                share = perFork - startAndEnd;
                noRoom = share + startAndEnd > left;
            }
            if (outcome != null && noRoom) {
                return adapted(outcome.stopped(CompareTerms.StopReason.BUDGET), budget, fewest);
            }
            if (replied == 0 && forks.size() >= 2 || replied == 0 && !forks.isEmpty() && noRoom) {
                throw new IllegalStateException("no fork measured a round of pairs: " + String.join("; ", forks.stream()
                        .map(fork -> "JVM " + fork.number() + " " + fork.note()).toList()) + ". A fork stalls when a task "
                        + "never returns, or one run of it takes longer than the fork's share of the budget. " + tooLong(forks,
                        fewest));
            }
            Duration forkShare = Duration.ofNanos(Math.max(CompareSettings.MIN_SHARE.toNanos(), share));
            ForkJudgement.Fork fork;
            try {
                fork = fork(forks.size() + 1, forkShare, seeds.nextLong());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                if (outcome == null) {
                    throw new IllegalStateException(e instanceof ForkProcess.ShutDown ? "stopped before any fork ended: "
                            + e.getMessage() + ", and the running fork was killed with it"
                            : "interrupted before any fork ended (the running fork was killed)", e);
                }
                return adapted(outcome.stopped(CompareTerms.StopReason.INTERRUPTED), budget, fewest);
            }
            forks.add(fork);
            if (fork.figures() == null) {
                continue;
            }
            startAndEnd = Math.max(0, fork.nanos() - fork.figures().elapsedNanos());
            counted = (int) forks.stream().filter(ForkJudgement.Fork::counted).count();
            boolean farPast = fork.nanos() > 2 * (fork.share().toNanos() + startAndEnd);
            if ((!fork.counted() || farPast) && !forksGiven && counted < fewest) {
                long needed = Math.max(ForkJudgement.shareForPairs(forks), farPast ? fork.nanos() - startAndEnd : 0);
                ForkPlan.Plan next = new ForkPlan.Plan(planned, fewest).afterTooShortForks(replied + 1, counted, minForks,
                        budget - (System.nanoTime() - start), needed, startAndEnd);
                if (next.planned() < planned) {
                    planned = next.planned();
                    fewest = next.fewest();
                    rule = new ForkStoppingRule(settings.confidence(), fewest, fewest);
                }
            }
            outcome = ForkJudgement.judge(forks, rule, settings, forkOptions(), fewest, own);
            if (rule.stops(counted, outcome.verdict()) || forks.size() >= maxForks) {
                return adapted(outcome.stopped(VerdictRule.decided(outcome.verdict()) ? CompareTerms.StopReason.DECIDED
                        : CompareTerms.StopReason.FORKS), budget, fewest);
            }
        }
    }

    /**
     * The least budget forks that all stalled would need: no run ended in half the longest fork, and
     * each of the {@code fewest} JVMs runs each task at least {@link #LEAST_RUNS_PER_FORK} times (a
     * warm-up run, a settling run, three timed runs each after an untimed one). A lower bound: no run
     * ended, so none was timed.
     */
    private String tooLong(List<ForkJudgement.Fork> forks, int fewest) {
        long runSeconds = Math.max(1, forks.stream().mapToLong(ForkJudgement.Fork::nanos).max().orElse(0) / 2 / 1_000_000_000L);
        return "The runs are too long for a budget of " + Wording.duration(settings.budget()) + ": none ended in " + runSeconds
                + " s, and each of " + fewest + " JVMs runs A and B at least " + LEAST_RUNS_PER_FORK + " times each: give a "
                + "budget of " + (long) fewest * 2 * LEAST_RUNS_PER_FORK * runSeconds + " s or more, with forks set to " + fewest
                + " (at the least; more if a run takes longer than " + runSeconds + " s), or check that the tasks end, or make "
                + "each run shorter";
    }

    /** {@code outcome}, saying so when the budget grew to {@code budget} nanoseconds for {@code fewest} JVMs to count. */
    private ForkedOutcome adapted(ForkedOutcome outcome, long budget, int fewest) {
        if (budget == settings.budget().toNanos()) {
            return outcome;
        }
        return outcome.withBudgetNote("the default budget of " + Wording.duration(settings.budget()) + " grew to "
                + Wording.duration(Duration.ofNanos(budget)) + " so that " + fewest + " JVMs could count: the tasks are long "
                + "for it (give a budget, and the forks, to fix it)");
    }

    /** The clocks a comparison in this JVM reads, as a fork describes its own; "" where they cannot be made here. */
    private static String ownCounters() {
        try {
            return Pass.of(Counters.performance(), Counters.threadTimes()).describeCounters();
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** Runs fork {@code number} with {@code share} of the budget. */
    private ForkJudgement.Fork fork(int number, Duration share, long seed) throws InterruptedException {
        Path reply;
        try {
            reply = Files.createTempFile("counters-fork-", ".reply");
            // A signal between here and the fork's end must not leave it behind: the JVM's own shutdown deletes it.
            reply.toFile().deleteOnExit();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a temporary file for a fork's reply", e);
        }
        ForkRequest request = new ForkRequest(settings.withBudget(share), a, b, seed, WarmUpOrder.bFirst(number), reply.toString());
        Duration stallLimit = share.multipliedBy(2).plus(grace());
        Duration wrapUp = share.plus(share.dividedBy(2)).plus(ForkPlan.FIRST_START_AND_END.multipliedBy(2));
        long start = System.nanoTime();
        ForkProcess.Outcome outcome = ForkProcess.run(command(reply), request, wrapUp.compareTo(stallLimit) < 0 ? wrapUp : stallLimit,
                stallLimit);
        long nanos = System.nanoTime() - start;
        if (outcome instanceof ForkProcess.Stalled) {
            return ForkJudgement.stalled(number, nanos, share);
        }
        if (outcome instanceof ForkProcess.Replied replied && replied.reply() instanceof ForkReply.Measured measured) {
            return ForkJudgement.replied(number, measured, nanos, share, replied.cutShort());
        }
        throw failure(number, outcome);
    }

    /** Why fork {@code number} failed, as the user needs to read it: which task, which call, what happened. */
    private ForkFailedException failure(int number, ForkProcess.Outcome outcome) {
        if (outcome instanceof ForkProcess.Replied replied && replied.reply() instanceof ForkReply.Failed failed) {
            String task = failed.task().isEmpty() ? "" : " task " + request(failed.task()).describe() + ":";
            String exit = failed.call().equals("System.exit") ? " (exit code " + replied.exitCode() + ")" : "";
            return new ForkFailedException("fork " + number + " of the comparison failed:" + task + " " + failed.what() + exit,
                    failed.task(), failed.call(), replied.outputTail());
        }
        if (outcome instanceof ForkProcess.Unreadable unreadable) {
            return new ForkFailedException("fork " + number + " of the comparison sent a reply this JVM cannot read: "
                    + unreadable.why(), "", "reading its reply", unreadable.outputTail());
        }
        ForkProcess.Silent silent = (ForkProcess.Silent) outcome;
        return new ForkFailedException("fork " + number + " of the comparison ended with exit code " + silent.exitCode()
                + " and sent no result" + (silent.outputTail().isBlank() ? ", and printed nothing"
                        : "; the last lines it printed:\n" + silent.outputTail().strip()), "", "", silent.outputTail());
    }

    private TaskSpec request(String label) {
        return label.equals(a.label()) ? a : b;
    }

    private Duration grace() {
        Duration half = settings.budget().dividedBy(2);
        Duration grace = half.compareTo(MIN_STALL_GRACE) < 0 ? MIN_STALL_GRACE : half;
        return grace.compareTo(stallGrace) > 0 ? stallGrace : grace;
    }

    /** A fork's command line: this JVM's {@code java}, the options, the class path, {@link ForkChild} and its reply file. */
    List<String> command(Path replyFile) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(forkOptions());
        command.addAll(List.of("-cp", classPath, ForkChild.class.getName()));
        command.add(replyFile.toString());
        return command;
    }
}
