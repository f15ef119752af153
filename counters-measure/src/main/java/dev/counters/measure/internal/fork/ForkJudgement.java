package dev.counters.measure.internal.fork;

import com.google.common.math.Quantiles;
import dev.counters.internal.Durations;
import dev.counters.measure.ClockComparison;
import dev.counters.measure.CompareTerms;
import dev.counters.measure.ForkRun;
import dev.counters.measure.Verdict;
import dev.counters.measure.internal.CompareSettings;
import dev.counters.measure.internal.stats.ForkInterval;
import dev.counters.measure.internal.stats.ForkStoppingRule;
import dev.counters.measure.internal.stats.ForksToDecide;
import dev.counters.measure.internal.stats.VerdictRule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The forks' figures judged together: each counted fork's estimate is one sample of Student's t
 * interval ({@link ForkInterval}), read at the confidence of the stopping rule's look
 * ({@link ForkStoppingRule}), each clock's verdict and the overall one decided by
 * {@link VerdictRule}, as in one JVM. When undecided, it works out what would decide: more forks
 * ({@link ForksToDecide}), or forks long enough for their pairs, from what the forks measured.
 */
final class ForkJudgement {
    /** A fork's figures count from this many pairs on: fewer give no spread of their own to read. */
    static final int MIN_COUNTED_PAIRS = 3;
    /** A fork's pairs get at least this share of its share of the budget (the warm-ups and settling take at most the rest). */
    private static final double PAIRS_SHARE = 1.0 / 3;

    private ForkJudgement() {}

    /** One fork as it ran: its reply's figures (null: none) and why it was left out ({@code ""}: it counts). */
    record Fork(int number, ForkReply.Measured figures, long nanos, Duration share, String leftOut) {
        boolean counted() {
            return leftOut.isEmpty();
        }

        ForkRun run() {
            if (figures == null) {
                return new ForkRun(number, false, leftOut, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                        Double.NaN, 0, Verdict.TOO_FEW, "unknown", Duration.ofNanos(nanos));
            }
            return new ForkRun(number, counted(), leftOut, figures.wallRatio(), figures.cpuRatio(), figures.aWall(),
                    figures.bWall(), figures.aCpu(), figures.bCpu(), figures.pairs(), figures.verdict(), figures.machine(),
                    Duration.ofNanos(nanos));
        }
    }

    /** Whether a fork's figures count, and if not why: {@code ""} when they do. */
    static String leftOut(ForkReply.Measured figures, Duration share) {
        if (figures.pairs() >= MIN_COUNTED_PAIRS) {
            return "";
        }
        return String.format(Locale.ROOT, "%d pair%s in its share of %s, fewer than %d", figures.pairs(),
                figures.pairs() == 1 ? "" : "s", Durations.formatNanos(share.toNanos()), MIN_COUNTED_PAIRS);
    }

    /** The outcome of {@code forks} so far, at the look {@code rule} reads after them. */
    static ForkedOutcome judge(List<Fork> forks, ForkStoppingRule rule, CompareSettings settings, List<String> jvmOptions,
            int fewest) {
        return judge(forks, rule, settings, jvmOptions, fewest, "");
    }

    /** As above, warning when a fork read its clocks otherwise than {@code ownCounters} says this JVM does ("": not known). */
    static ForkedOutcome judge(List<Fork> forks, ForkStoppingRule rule, CompareSettings settings, List<String> jvmOptions,
            int fewest, String ownCounters) {
        List<Fork> counted = forks.stream().filter(Fork::counted).toList();
        List<ForkRun> runs = forks.stream().map(Fork::run).toList();
        List<String> warnings = warnings(forks);
        forks.stream().filter(fork -> fork.figures() != null && !ownCounters.isEmpty()
                        && !fork.figures().counters().equals(ownCounters)).findFirst()
                .ifPresent(fork -> warnings.add("JVM " + fork.number() + " read its clocks as " + fork.figures().counters()
                        + ", where this JVM reads " + ownCounters + ": give the forks the same options (--jvm-args-append)"));
        String machine = forks.stream().anyMatch(fork -> fork.figures() != null && fork.figures().machine().equals("loaded"))
                ? "loaded" : "quiet";
        double lookConfidence = rule.lookConfidence(counted.size());
        if (counted.isEmpty()) {
            return new ForkedOutcome(Verdict.TOO_FEW, ClockComparison.WALL, Double.NaN, 0, Double.POSITIVE_INFINITY,
                    lookConfidence, tooFew(forks, machine, settings), machine, CompareTerms.StopReason.BUDGET, runs, warnings,
                    jvmOptions, Double.NaN, Double.NaN, budgetForPairs(forks, fewest));
        }
        ForkInterval wall = interval(counted, ForkReply.Measured::wallRatio, ForkReply.Measured::wallFloor, lookConfidence);
        ForkInterval cpu = interval(counted, ForkReply.Measured::cpuRatio, ForkReply.Measured::cpuFloor, lookConfidence);
        Verdict w = rule.judge(wall, settings.margin(), settings.equivalence());
        Verdict c = rule.judge(cpu, settings.margin(), settings.equivalence());
        VerdictRule.Decision decision = VerdictRule.decide(clock(w, wall, counted, true), clock(c, cpu, counted, false),
                settings.by(), median(counted, ForkReply.Measured::otherThreads));
        ForkInterval chosen = decision.onWall() ? wall : cpu;
        String clock = decision.onWall() ? ClockComparison.WALL : ClockComparison.THREAD_CPU;
        Verdict verdict = decision.verdict();
        Optional<Duration> budget = Optional.empty();
        String advice = "";
        if (verdict == Verdict.TOO_NOISY || verdict == Verdict.TOO_FEW) {
            int needed = counted.size() < rule.minForks() ? rule.minForks()
                    : ForksToDecide.of(chosen, rule.lookConfidence(rule.minForks()), settings.margin(), settings.equivalence());
            if (needed > 0) {
                long perFork = Math.max(ForkPlan.PLANNED_FORK.toNanos(), meanNanos(forks));
                budget = Optional.of(Duration.ofNanos(needed * perFork));
                advice = String.format(Locale.ROOT, "; about %d JVMs would decide: a budget of %s%s", needed,
                        Durations.formatNanos(budget.get().toNanos()),
                        needed > rule.maxForks() ? " with --forks " + needed : "");
            } else {
                advice = "; more forks would not decide it at this spread";
            }
        }
        String reason = String.format(Locale.ROOT, "%s over %d JVMs on %s time: B/A %.4f, %.2f%% interval %.4f-%.4f; "
                + "wall %s, thread CPU %s%s%s", verdict.label(), counted.size(), clock, chosen.ratio(), 100 * lookConfidence,
                chosen.low(), chosen.high(), wall, cpu, counted.size() < forks.size()
                        ? String.format(Locale.ROOT, " (%d of %d JVMs not counted: see each)", forks.size() - counted.size(),
                                forks.size())
                        : "", advice);
        return new ForkedOutcome(verdict, clock, chosen.ratio(), chosen.low(), chosen.high(), lookConfidence, reason, machine,
                CompareTerms.StopReason.BUDGET, runs, warnings, jvmOptions,
                median(counted, figures -> figures.nanosA(decision.onWall())),
                median(counted, figures -> figures.nanosB(decision.onWall())), budget);
    }

    /** Too few forks counted: the loaded machine named when it is the cause, else the tasks' length, with a budget that would do. */
    private static String tooFew(List<Fork> forks, String machine, CompareSettings settings) {
        String loaded = forks.stream().filter(fork -> fork.figures() != null && fork.figures().machine().equals("loaded"))
                .map(fork -> fork.figures().machineSummary()).findFirst().orElse("");
        String each = String.join("; ", forks.stream().map(fork -> "JVM " + fork.number() + ": " + fork.leftOut()).toList());
        if (!loaded.isEmpty()) {
            return "too few: no JVM had enough pairs to count, and the machine was loaded (" + loaded + "): other work took "
                    + "the CPU the pairs needed; run on a quieter machine, or give a longer budget (" + each + ")";
        }
        return "too few: no JVM had enough pairs to count (" + each + "): a pair of the tasks takes too long for a fork's "
                + "share of the " + Durations.formatNanos(settings.budget().toNanos()) + " budget; give a longer budget";
    }

    /** The budget that gives every one of the {@code fewest} forks {@link #MIN_COUNTED_PAIRS} pairs, from the pairs they timed. */
    private static Optional<Duration> budgetForPairs(List<Fork> forks, int fewest) {
        double pairNanos = forks.stream().filter(fork -> fork.figures() != null && fork.figures().pairs() > 0)
                .mapToDouble(fork -> 2 * (fork.figures().aWall() + fork.figures().bWall()) * fork.figures().invocations())
                .max().orElse(Double.NaN);
        if (Double.isNaN(pairNanos)) {
            return Optional.empty();
        }
        long startAndEnd = ForkPlan.FIRST_START_AND_END.toNanos();
        return Optional.of(Duration.ofNanos((long) (fewest * (MIN_COUNTED_PAIRS * pairNanos / PAIRS_SHARE + startAndEnd))));
    }

    private static List<String> warnings(List<Fork> forks) {
        List<String> warnings = new ArrayList<>();
        ForkWarnings fromForks = new ForkWarnings();
        for (Fork fork : forks) {
            if (fork.figures() == null) {
                continue;
            }
            if (!fork.figures().leftRunning().isEmpty()) {
                warnings.add("JVM " + fork.number() + ": the tasks left " + fork.figures().leftRunning().size()
                        + " non-daemon thread(s) running (" + String.join(", ", fork.figures().leftRunning()) + "); its result "
                        + "was taken and the JVM ended");
            }
            fromForks.add(fork.figures().warnings());
        }
        warnings.addAll(fromForks.list());
        return warnings;
    }

    private static VerdictRule.Clock clock(Verdict verdict, ForkInterval interval, List<Fork> counted, boolean wall) {
        return new VerdictRule.Clock(verdict, interval.ratio(), interval.low(), interval.high(),
                median(counted, figures -> figures.nanosA(wall)), median(counted, figures -> figures.nanosB(wall)));
    }

    private static ForkInterval interval(List<Fork> counted, ToDoubleFunction<ForkReply.Measured> ratio,
            ToDoubleFunction<ForkReply.Measured> floor, double confidence) {
        return ForkInterval.of(counted.stream().mapToDouble(fork -> ratio.applyAsDouble(fork.figures())).toArray(),
                counted.stream().mapToDouble(fork -> floor.applyAsDouble(fork.figures())).toArray(), confidence);
    }

    private static double median(List<Fork> counted, ToDoubleFunction<ForkReply.Measured> figure) {
        return Quantiles.median().compute(counted.stream().mapToDouble(fork -> figure.applyAsDouble(fork.figures())).toArray());
    }

    static long meanNanos(List<Fork> forks) {
        return (long) forks.stream().mapToLong(Fork::nanos).average().orElse(0);
    }
}
