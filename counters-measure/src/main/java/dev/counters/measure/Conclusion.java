package dev.counters.measure;

import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import dev.counters.measure.internal.stats.VerdictRule;
import java.util.Locale;

/**
 * The one answer of a {@link Compare}: is B slower, faster, indistinguishable from A, or can this
 * run not tell, and why not? It rests on one clock ({@link #decidedBy()}), carries that clock's
 * ratio B/A and interval, and says why in one sentence ({@link #reason()}), naming what the other
 * clock showed.
 *
 * <p>Which time matters is the caller's to say ({@link Compare#by(CompareTerms.JudgedBy)}, {@code --by});
 * by default both clocks are read together. The rules, and the one place they are applied, are in
 * {@code VerdictRule} (docs/MEASURE-DESIGN.md): this class only carries what was decided and says it
 * in words.
 */
public final class Conclusion {
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

    /**
     * The verdict over fresh JVMs: the forks' geometric mean ratio on {@code clock} and its t
     * interval, read at {@code confidence}, with the {@code reason} the forks' judgement gave.
     */
    static Conclusion acrossJvms(Verdict verdict, String clock, double ratio, double low, double high, double confidence,
            String reason) {
        return new Conclusion(verdict, null, clock, ratio, low, high, confidence, reason);
    }

    /** Judges {@code wall} and {@code cpu} together, as {@link CompareTerms.JudgedBy#AUTO} does, for single-threaded tasks. */
    public static Conclusion of(ClockComparison wall, ClockComparison cpu, boolean loaded) {
        return of(wall, cpu, loaded, CompareTerms.JudgedBy.AUTO, 0);
    }

    /**
     * Judges {@code wall} and {@code cpu} {@code by} the clock asked for ({@code VerdictRule} decides);
     * {@code loaded} only words the sentence ("on this loaded machine"); {@code otherThreads} is how
     * much larger one task's share of CPU time on other threads is than the other's (0 when unknown).
     */
    public static Conclusion of(ClockComparison wall, ClockComparison cpu, boolean loaded, CompareTerms.JudgedBy by,
            double otherThreads) {
        requireNonNull(wall, "wall");
        requireNonNull(cpu, "cpu");
        requireNonNull(by, "by");
        VerdictRule.Decision decision = VerdictRule.decide(wall.figures(), cpu.figures(), by, otherThreads);
        ClockComparison chosen = decision.onWall() ? wall : cpu;
        ClockComparison other = decision.onWall() ? cpu : wall;
        String where = loaded ? " on this loaded machine" : "";
        return switch (decision.basis()) {
            case CPU -> on(chosen, other, where, "judged on thread CPU time, as asked");
            case BOTH -> together(decision.verdict(), chosen, other, where);
            case WALL -> on(chosen, other, where, by == CompareTerms.JudgedBy.WALL ? "judged on wall time, as asked"
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

    /** Both clocks read together: {@code verdict} resting on {@code chosen}, in words that name both. */
    private static Conclusion together(Verdict verdict, ClockComparison chosen, ClockComparison other, String where) {
        boolean bothDecisive = chosen.verdict().isDecisive() && other.verdict().isDecisive();
        String says = switch (verdict) {
            case SLOWER, FASTER -> difference(chosen) + "; " + (bothDecisive ? name(other) + " agrees " + range(other)
                    : other.verdict() == Verdict.INDISTINGUISHABLE
                            ? name(other) + "'s wider interval " + range(other) + " holds this ratio too"
                            : name(other) + " was " + (other.verdict() == Verdict.TOO_FEW ? "left with too few pairs"
                                    : "too noisy") + " to tell" + where + " " + range(other));
            case CLOCKS_DISAGREE -> disagreement(chosen, other, bothDecisive);
            case INDISTINGUISHABLE -> String.format(Locale.ROOT,
                    "A and B cannot be told apart in %s: B/A %.4f %s, any difference is within %s; %s %s %s", name(chosen),
                    chosen.ratio(), range(chosen), bound(chosen), name(other),
                    other.verdict() == Verdict.INDISTINGUISHABLE ? "agrees" : "was too noisy to tell" + where, range(other));
            case TOO_FEW -> tooFew(chosen);
            default -> String.format(Locale.ROOT, "neither clock could tell%s: thread CPU time %s and wall time %s are too "
                    + "wide to say A and B differ or are alike; give it a longer budget or a quieter machine", where,
                    range(chosen.clock().equals(ClockComparison.WALL) ? other : chosen),
                    range(chosen.clock().equals(ClockComparison.WALL) ? chosen : other));
        };
        return new Conclusion(verdict, chosen, says);
    }

    /** The clocks disagree; {@code wall} is the clock the verdict rests on. */
    private static String disagreement(ClockComparison wall, ClockComparison cpu, boolean bothDecisive) {
        if (bothDecisive) {
            return "the clocks disagree: " + difference(cpu) + ", but " + difference(wall).replaceFirst("^B ", "it ")
                    + ": B does part of its work on other threads or waits less (I/O, locks); say which time matters "
                    + "with --by wall or --by cpu";
        }
        ClockComparison decisive = wall.verdict().isDecisive() ? wall : cpu;
        ClockComparison other = decisive == wall ? cpu : wall;
        return "the clocks disagree: " + difference(decisive) + ", but " + name(other) + " shows no such difference "
                + range(other) + ": B does part of its work on other threads or waits differently (I/O, locks); say which "
                + "time matters with --by wall or --by cpu";
    }

    /** {@code too few pairs for a 99% interval in thread CPU time: 5 (the 93.75% interval is B/A 0.9-1.1)}. */
    private static String tooFew(ClockComparison clock) {
        return String.format(Locale.ROOT, "too few pairs to tell in %s: %d, whose widest interval [min, max] holds the "
                + "median at only %.2f%% (B/A %.4f-%.4f); give it a longer budget", name(clock), clock.pairs(),
                100 * clock.interval().achievedConfidence(), clock.interval().low(), clock.interval().high());
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
