package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult.ClockComparison;
import dev.counters.measure.Verdict;
import java.util.Locale;

/**
 * The one answer of a {@link Compare}: is B slower, faster, indistinguishable from A, or can this
 * run not tell, and why not? It rests on one clock ({@link #decidedBy()}), carries that clock's
 * ratio B/A and interval, and says why in one sentence ({@link #reason()}), naming what the other
 * clock showed.
 *
 * <p>Which time matters is the caller's to say ({@link Compare#by(Compare.JudgedBy)}, {@code --by}):
 * {@link Compare.JudgedBy#WALL} or {@link Compare.JudgedBy#CPU} takes that clock's own verdict and
 * names the other for context. {@link Compare.JudgedBy#AUTO} (the default) judges on wall time
 * tasks of which one does a fifth more of its CPU work on other threads than the other (this JVM's
 * process CPU time against the measuring thread's: thread CPU time would miss that work, and its
 * agreement would mean nothing; the JVM's own compiler and GC threads weigh on both alike) or that
 * mostly wait (thread CPU time under half its wall time, for A or B), and
 * otherwise reads the two clocks' own {@link Verdict}s together:
 * <ol>
 *   <li><b>Both decisive, in agreement</b> (both slower, or both faster): that verdict, resting on
 *       the clock with the narrower interval.</li>
 *   <li><b>Both decisive, in disagreement</b> (say B takes more CPU time but less wall time: it
 *       works on other threads, or waits less for I/O or locks): {@link Verdict#CLOCKS_DISAGREE},
 *       resting on wall time, and the sentence names both. It never picks one silently.</li>
 *   <li><b>One decisive</b>, the other not: the decisive verdict when the two intervals overlap (the
 *       other clock was too noisy to tell, or its wider interval holds both 1 and this ratio);
 *       {@link Verdict#CLOCKS_DISAGREE} when they do not overlap (the other clock positively shows no
 *       such difference).</li>
 *   <li><b>Neither decisive</b>: {@link Verdict#INDISTINGUISHABLE} when at least one clock is
 *       (resting on the narrower such), {@link Verdict#TOO_FEW} when both had too few pairs,
 *       {@link Verdict#TOO_NOISY} otherwise.</li>
 * </ol>
 */
public final class Conclusion {
    /** A task whose thread CPU time is under this share of its wall time mostly waits: judged on wall time. */
    static final double WAITING_CPU_SHARE = 0.5;
    /**
     * When one task's share of CPU time on other threads (process CPU time beside thread CPU time)
     * exceeds the other's by more than this, the comparison is judged on wall time.
     */
    static final double OTHER_THREADS_SHARE = 0.2;

    private final Verdict verdict;
    private final ClockComparison decidedBy;
    private final String reason;

    private Conclusion(Verdict verdict, ClockComparison decidedBy, String reason) {
        this.verdict = verdict;
        this.decidedBy = decidedBy;
        this.reason = reason;
    }

    /** Judges {@code wall} and {@code cpu} together, as {@link Compare.JudgedBy#AUTO} does, for single-threaded tasks. */
    public static Conclusion of(ClockComparison wall, ClockComparison cpu, boolean loaded) {
        return of(wall, cpu, loaded, Compare.JudgedBy.AUTO, 0);
    }

    /**
     * Judges {@code wall} and {@code cpu} {@code by} the clock asked for; {@code loaded} only words
     * the sentence ("on this loaded machine"); {@code otherThreads} is how much larger one task's
     * share of CPU time on other threads is than the other's (0 when unknown).
     */
    public static Conclusion of(ClockComparison wall, ClockComparison cpu, boolean loaded, Compare.JudgedBy by,
            double otherThreads) {
        requireNonNull(wall, "wall");
        requireNonNull(cpu, "cpu");
        requireNonNull(by, "by");
        String where = loaded ? " on this loaded machine" : "";
        return switch (by) {
            case WALL -> on(wall, cpu, where, "judged on wall time, as asked");
            case CPU -> on(cpu, wall, where, "judged on thread CPU time, as asked");
            case AUTO -> otherThreads > OTHER_THREADS_SHARE
                    ? on(wall, cpu, where, String.format(Locale.ROOT, "judged on wall time: %.0f%% more of one task's CPU "
                            + "time ran on other threads than of the other's, which thread CPU time does not see", 100 * otherThreads))
                    : mostlyWaits(wall, cpu)
                    ? on(wall, cpu, where, String.format(Locale.ROOT, "judged on wall time: the tasks mostly wait (thread CPU "
                            + "time is %.0f%% of A's wall time, %.0f%% of B's)", 100 * cpu.medianA() / wall.medianA(),
                            100 * cpu.medianB() / wall.medianB()))
                    : together(wall, cpu, where);
        };
    }

    /** Whether A or B spends less than half its wall time on the CPU: its time is mostly waiting. */
    private static boolean mostlyWaits(ClockComparison wall, ClockComparison cpu) {
        return cpu.medianA() < WAITING_CPU_SHARE * wall.medianA() || cpu.medianB() < WAITING_CPU_SHARE * wall.medianB();
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

    private static Conclusion together(ClockComparison wall, ClockComparison cpu, String where) {
        Verdict w = wall.verdict();
        Verdict c = cpu.verdict();
        if (w.isDecisive() && c.isDecisive()) {
            if (w == c) {
                ClockComparison best = narrower(cpu, wall);
                ClockComparison other = best == wall ? cpu : wall;
                return new Conclusion(w, best, difference(best) + "; " + name(other) + " agrees " + range(other));
            }
            return new Conclusion(Verdict.CLOCKS_DISAGREE, wall, "the clocks disagree: " + difference(cpu) + ", but "
                    + difference(wall).replaceFirst("^B ", "it ") + ": B does part of its work on other threads or waits "
                    + "less (I/O, locks); say which time matters with --by wall or --by cpu");
        }
        if (w.isDecisive() || c.isDecisive()) {
            ClockComparison decisive = w.isDecisive() ? wall : cpu;
            ClockComparison other = decisive == wall ? cpu : wall;
            if (other.verdict() == Verdict.TOO_FEW || overlap(decisive, other)) {
                String otherSays = other.verdict() == Verdict.INDISTINGUISHABLE
                        ? name(other) + "'s wider interval " + range(other) + " holds this ratio too"
                        : name(other) + " was " + (other.verdict() == Verdict.TOO_FEW ? "left with too few pairs" : "too noisy")
                                + " to tell" + where + " " + range(other);
                return new Conclusion(decisive.verdict(), decisive, difference(decisive) + "; " + otherSays);
            }
            return new Conclusion(Verdict.CLOCKS_DISAGREE, wall, "the clocks disagree: " + difference(decisive) + ", but "
                    + name(other) + " shows no such difference " + range(other) + ": B does part of its work on other "
                    + "threads or waits differently (I/O, locks); say which time matters with --by wall or --by cpu");
        }
        if (w == Verdict.INDISTINGUISHABLE || c == Verdict.INDISTINGUISHABLE) {
            ClockComparison best = w == c ? narrower(cpu, wall) : (w == Verdict.INDISTINGUISHABLE ? wall : cpu);
            ClockComparison other = best == wall ? cpu : wall;
            return new Conclusion(Verdict.INDISTINGUISHABLE, best, String.format(Locale.ROOT,
                    "A and B cannot be told apart in %s: B/A %.4f %s, any difference is within %s; %s %s %s", name(best),
                    best.ratio(), range(best), bound(best), name(other),
                    other.verdict() == Verdict.INDISTINGUISHABLE ? "agrees" : "was too noisy to tell" + where, range(other)));
        }
        if (w == Verdict.TOO_FEW && c == Verdict.TOO_FEW) {
            return new Conclusion(Verdict.TOO_FEW, cpu, tooFew(cpu));
        }
        ClockComparison best = narrower(cpu, wall);
        return new Conclusion(Verdict.TOO_NOISY, best, String.format(Locale.ROOT,
                "neither clock could tell%s: thread CPU time %s and wall time %s are too wide to say A and B differ "
                        + "or are alike; give it a longer budget or a quieter machine",
                where, range(cpu), range(wall)));
    }

    /** {@code too few pairs for a 99% interval in thread CPU time: 5 (the 93.75% interval is B/A 0.9-1.1)}. */
    private static String tooFew(ClockComparison clock) {
        return String.format(Locale.ROOT, "too few pairs to tell in %s: %d, whose widest interval [min, max] holds the "
                + "median at only %.2f%% (B/A %.4f-%.4f); give it a longer budget", name(clock), clock.pairs(),
                100 * clock.interval().achievedConfidence(), clock.interval().low(), clock.interval().high());
    }

    private static ClockComparison narrower(ClockComparison one, ClockComparison other) {
        return other.interval().relativeHalfWidth() < one.interval().relativeHalfWidth() ? other : one;
    }

    private static boolean overlap(ClockComparison one, ClockComparison other) {
        return one.interval().low() <= other.interval().high() && other.interval().low() <= one.interval().high();
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

    /** The clock the verdict rests on (wall time when the clocks disagree). */
    public ClockComparison decidedBy() {
        return decidedBy;
    }

    /** The median ratio B/A on {@link #decidedBy()}. */
    public double ratio() {
        return decidedBy.ratio();
    }

    /** The lower end of {@link #decidedBy()}'s interval. */
    public double low() {
        return decidedBy.interval().low();
    }

    /** The upper end of {@link #decidedBy()}'s interval. */
    public double high() {
        return decidedBy.interval().high();
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
