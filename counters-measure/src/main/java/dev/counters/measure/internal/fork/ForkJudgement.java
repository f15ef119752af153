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
import dev.counters.measure.internal.Reasons;
import dev.counters.measure.internal.Wording;
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

    /**
     * One fork as it ran: its reply's figures (null: none), what became of it, and why ({@code ""}:
     * it ended by itself and counts).
     */
    record Fork(int number, ForkReply.Measured figures, long nanos, Duration share, ForkRun.Status status, String note) {
        boolean counted() {
            return status == ForkRun.Status.COUNTED;
        }

        ForkRun run(CompareSettings settings) {
            if (figures == null) {
                return new ForkRun(number, status, note, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                        Double.NaN, 0, Optional.empty(), "unknown", Duration.ofNanos(nanos));
            }
            return new ForkRun(number, status, note, figures.wallRatio(), figures.cpuRatio(), figures.aWall(),
                    figures.bWall(), figures.aCpu(), figures.bCpu(), figures.pairs(), Optional.of(ownVerdict(figures, settings)),
                    figures.machine(), Duration.ofNanos(nanos));
        }
    }

    /** A fork that replied: counted from {@link #MIN_COUNTED_PAIRS} pairs on; {@code cutShort} notes that it was asked to stop. */
    static Fork replied(int number, ForkReply.Measured figures, long nanos, Duration share, boolean cutShort) {
        String ran = cutShort ? "ran past its share of " + Wording.nanos(share.toNanos()) + " and was asked to stop after "
                + Wording.nanos(nanos) + "; " : "";
        if (figures.pairs() >= MIN_COUNTED_PAIRS) {
            return new Fork(number, figures, nanos, share, ForkRun.Status.COUNTED,
                    cutShort ? ran + "counted on the " + figures.pairs() + " pairs it measured" : "");
        }
        return new Fork(number, figures, nanos, share, ForkRun.Status.TOO_FEW_PAIRS, String.format(Locale.ROOT,
                "%s%d pair%s in its share of %s, fewer than %d", ran, figures.pairs(), figures.pairs() == 1 ? "" : "s",
                Wording.nanos(share.toNanos()), MIN_COUNTED_PAIRS));
    }

    /** A fork still running at its stall limit, killed. */
    static Fork stalled(int number, long nanos, Duration share) {
        return new Fork(number, null, nanos, share, ForkRun.Status.STALLED, String.format(Locale.ROOT, "was still running "
                + "%.1f s after it started, with a share of %.1f s, and was killed before it measured a round of pairs",
                nanos / 1e9, share.toNanos() / 1e9));
    }

    /** What one fork's own pairs show, judged alone by the verdict rule, as a comparison in one JVM is. */
    static Verdict ownVerdict(ForkReply.Measured figures, CompareSettings settings) {
        VerdictRule.Clock wall = ownClock(figures.wallOwn(), figures.aWall(), figures.bWall(), settings);
        VerdictRule.Clock cpu = ownClock(figures.cpuOwn(), figures.aCpu(), figures.bCpu(), settings);
        return VerdictRule.decide(wall, cpu, settings.by(), figures.otherThreads(), figures.runnableShare()).verdict();
    }

    private static VerdictRule.Clock ownClock(ForkReply.OwnInterval own, double a, double b, CompareSettings settings) {
        Verdict verdict = VerdictRule.ofClock(own.low(), own.high(), own.achieved() >= settings.confidence(), settings.margin(),
                settings.equivalence());
        return new VerdictRule.Clock(verdict, own.median(), own.low(), own.high(), a, b);
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
        List<ForkRun> runs = forks.stream().map(fork -> fork.run(settings)).toList();
        List<String> warnings = warnings(forks);
        forks.stream().filter(fork -> fork.figures() != null && !ownCounters.isEmpty()
                        && !fork.figures().counters().equals(ownCounters)).findFirst()
                .ifPresent(fork -> warnings.add("JVM " + fork.number() + " read its clocks as " + fork.figures().counters()
                        + ", where this JVM reads " + ownCounters + ": give the forks the same options (--jvm-args-append)"));
        String machine = forks.stream().anyMatch(fork -> fork.figures() != null && fork.figures().machine().equals("loaded"))
                ? "loaded" : "quiet";
        double lookConfidence = rule.lookConfidence(counted.size());
        if (counted.isEmpty()) {
            Verdict nothing = VerdictRule.ofClock(Double.NaN, Double.NaN, false, settings.margin(), settings.equivalence());
            Optional<Duration> budget = budgetForPairs(forks, fewest);
            return new ForkedOutcome(nothing, ClockComparison.WALL, Double.NaN, 0, Double.POSITIVE_INFINITY, lookConfidence,
                    noneCounted(forks, machine, settings), machine, CompareTerms.StopReason.BUDGET, runs, warnings, jvmOptions,
                    Double.NaN, Double.NaN, budget, budget.isPresent() ? fewest : 0, rule.minForks(), "");
        }
        ForkInterval wall = interval(counted, ForkReply.Measured::wallRatio, ForkReply.Measured::wallFloor, lookConfidence);
        ForkInterval cpu = interval(counted, ForkReply.Measured::cpuRatio, ForkReply.Measured::cpuFloor, lookConfidence);
        VerdictRule.Clock w = clock(rule.judge(wall, settings.margin(), settings.equivalence()), wall, counted, true);
        VerdictRule.Clock c = clock(rule.judge(cpu, settings.margin(), settings.equivalence()), cpu, counted, false);
        double otherThreads = median(counted, ForkReply.Measured::otherThreads);
        VerdictRule.Decision decision = VerdictRule.decide(w, c, settings.by(), otherThreads,
                median(counted, ForkReply.Measured::runnableShare));
        ForkInterval chosen = decision.onWall() ? wall : cpu;
        String clock = decision.onWall() ? ClockComparison.WALL : ClockComparison.THREAD_CPU;
        Verdict verdict = decision.verdict();
        double low = chosen.low();
        double high = chosen.high();
        double confidence = lookConfidence;
        if (!chosen.isDefined()) {
            // One JVM gives no spread between JVMs: show what its own pairs say rather than [0, infinity).
            ForkReply.OwnInterval own = decision.onWall() ? counted.get(0).figures().wallOwn() : counted.get(0).figures().cpuOwn();
            low = own.low();
            high = own.high();
            confidence = own.achieved();
        }
        Optional<Duration> budget = Optional.empty();
        int forksToDecide = 0;
        if (!VerdictRule.decided(verdict) && verdict != Verdict.CLOCKS_DISAGREE) {
            // From the forks' spread where there are two or more; never fewer than a verdict rests on.
            int bySpread = counted.size() < 2 ? rule.minForks()
                    : ForksToDecide.of(chosen, rule.lookConfidence(rule.minForks()), settings.margin(), settings.equivalence());
            int needed = bySpread < 0 ? -1 : Math.max(rule.minForks(), bySpread);
            if (needed > 0) {
                long perFork = Math.max(ForkPlan.PLANNED_FORK.toNanos(), Math.max(meanNanos(forks), shareForPairs(forks)));
                budget = Optional.of(Duration.ofNanos(needed * perFork));
                forksToDecide = needed;
            }
        }
        String reason = Reasons.of(decision, reasonClock(ClockComparison.WALL, w, lookConfidence, counted.size(), rule),
                reasonClock(ClockComparison.THREAD_CPU, c, lookConfidence, counted.size(), rule), machine.equals("loaded"),
                settings.by(), otherThreads)
                + (counted.size() < forks.size() ? String.format(Locale.ROOT, " (%d of %d JVMs not counted: see each)",
                        forks.size() - counted.size(), forks.size()) : "");
        return new ForkedOutcome(verdict, clock, chosen.ratio(), low, high, confidence, reason, machine,
                CompareTerms.StopReason.BUDGET, runs, warnings, jvmOptions,
                median(counted, figures -> figures.nanosA(decision.onWall())),
                median(counted, figures -> figures.nanosB(decision.onWall())), budget, forksToDecide, rule.minForks(), "");
    }

    private static Reasons.Clock reasonClock(String name, VerdictRule.Clock figures, double confidence, int forks,
            ForkStoppingRule rule) {
        return new Reasons.Clock(name, figures, confidence, forks, true, rule.minForks());
    }

    /** No fork counted: what became of each, the loaded machine named when it is the cause, else the tasks' length. */
    private static String noneCounted(List<Fork> forks, String machine, CompareSettings settings) {
        String loaded = forks.stream().filter(fork -> fork.figures() != null && fork.figures().machine().equals("loaded"))
                .map(fork -> fork.figures().machineSummary()).findFirst().orElse("");
        String each = String.join("; ", forks.stream().map(fork -> "JVM " + fork.number() + " " + fork.status().label() + ": "
                + fork.note()).toList());
        if (!loaded.isEmpty()) {
            return "no JVM had enough pairs to count, and the machine was loaded (" + loaded + "): other work took "
                    + "the CPU the pairs needed; run on a quieter machine, or give a longer budget (" + each + ")";
        }
        return "no JVM had enough pairs to count (" + each + "): a pair of the tasks takes too long for a fork's "
                + "share of the " + Durations.formatNanos(settings.budget().toNanos()) + " budget; give a longer budget";
    }

    /** The budget that gives every one of the {@code fewest} forks {@link #MIN_COUNTED_PAIRS} pairs, from the pairs they timed. */
    /**
     * The share a fork that measured too few pairs to count would have needed for
     * {@link #MIN_COUNTED_PAIRS}, at the pace it measured them (its whole share for its pairs, so an
     * overestimate where its warm-up took much of it); 0 when every fork had its pairs. Without it, a
     * comparison undecided for the forks that did not count was advised the budget it had just run.
     */
    static long shareForPairs(List<Fork> forks) {
        return (long) forks.stream().filter(fork -> fork.status() == ForkRun.Status.TOO_FEW_PAIRS && fork.figures() != null)
                .mapToDouble(fork -> fork.share().toNanos() * (double) MIN_COUNTED_PAIRS / Math.max(1, fork.figures().pairs()))
                .max().orElse(0);
    }

    private static Optional<Duration> budgetForPairs(List<Fork> forks, int fewest) {
        double pairNanos = forks.stream().filter(fork -> fork.figures() != null && fork.figures().pairs() > 0)
                .mapToDouble(fork -> 2 * (fork.figures().aWall() * fork.figures().invocations()
                        + fork.figures().bWall() * fork.figures().invocationsB()))
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
