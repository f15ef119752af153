package dev.counters.measure.internal.stats;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.counters.measure.CompareTerms;
import dev.counters.measure.Verdict;

/**
 * The one place where a comparison's verdict is decided, in one JVM, in each fork and over forks
 * alike: each clock's verdict from its interval ({@link #ofInterval}, {@link #ofClock}, which says
 * {@link Verdict#TOO_FEW} when too few pairs or forks), what counts as decided ({@link #decided}), which clock or clocks the overall verdict
 * rests on ({@link #basis}), how two verdicts read together ({@link #joint}), and the whole decision
 * with the clock it rests on ({@link #decide}). Everything here is a pure function of figures; the
 * results only carry what it decided, and words it.
 *
 * <p>{@link CompareTerms.JudgedBy#WALL} or {@link CompareTerms.JudgedBy#CPU} takes that clock's own
 * verdict. {@link CompareTerms.JudgedBy#AUTO} judges on wall time a pair of which one task does
 * {@link #OTHER_THREADS_SHARE} more of its CPU work on other threads than the other (thread CPU
 * time would miss that work) or mostly waits (thread CPU time under {@link #WAITING_CPU_SHARE} of
 * its wall time), and otherwise reads both clocks together:
 * <ol>
 *   <li>both decisive and agreeing: that verdict, on the clock with the narrower interval;</li>
 *   <li>both decisive, disagreeing: {@link Verdict#CLOCKS_DISAGREE}, on wall time;</li>
 *   <li>one decisive: it, when the intervals overlap or the other had too few pairs (the other could
 *       not tell); {@link Verdict#CLOCKS_DISAGREE} when they do not (the other positively shows no
 *       such difference);</li>
 *   <li>neither: {@link Verdict#INDISTINGUISHABLE} if one is (on the narrower such),
 *       {@link Verdict#TOO_FEW} if both are, {@link Verdict#TOO_NOISY} otherwise (on the narrower).</li>
 * </ol>
 */
public final class VerdictRule {
    /** A task whose thread CPU time is under this share of its wall time mostly waits: judged on wall time. */
    public static final double WAITING_CPU_SHARE = 0.5;
    /**
     * When one task's share of CPU time on other threads (process CPU time beside thread CPU time)
     * exceeds the other's by more than this, the comparison is judged on wall time.
     */
    public static final double OTHER_THREADS_SHARE = 0.2;
    /**
     * Off the CPU more than this share of the time runnable (in the run queue, waiting for a CPU),
     * the measuring thread was preempted, not waiting for I/O, a lock or a sleep.
     */
    public static final double PREEMPTED_SHARE = 0.5;

    /** Which time a verdict rests on. */
    public enum Basis {
        /** Wall time alone: asked for, or the tasks mostly wait, or one works on other threads. */
        WALL,
        /** Thread CPU time alone, as asked. */
        CPU,
        /** Both clocks read together by {@link #joint}. */
        BOTH
    }

    /**
     * What one clock showed: its verdict, ratio B/A and interval, and the median time of a run of A
     * and of B (nanoseconds).
     */
    public record Clock(Verdict verdict, double ratio, double low, double high, double medianA, double medianB) {
        /** Half the interval's width relative to the ratio: 0.01 for a ratio known to about ±1%. */
        public double relativeHalfWidth() {
            return ratio == 0 ? Double.POSITIVE_INFINITY : (high - low) / 2 / Math.abs(ratio);
        }

        boolean overlaps(Clock other) {
            return low <= other.high && other.low <= high;
        }
    }

    /**
     * The decision: the overall verdict, the basis it was judged on, and whether it rests on wall
     * time ({@code onWall}) or thread CPU time.
     */
    public record Decision(Verdict verdict, Basis basis, boolean onWall) {}

    private VerdictRule() {}

    /**
     * The verdict of an interval {@code [low, high]} of the ratio B/A, with equivalence margin
     * {@code margin} (0 for none, 0.01 for 1%) and equivalence band {@code band} (at least the margin,
     * above 0): {@link Verdict#SLOWER} when the whole interval lies above {@code 1 + margin},
     * {@link Verdict#FASTER} when below {@code 1 / (1 + margin)}, {@link Verdict#INDISTINGUISHABLE} when
     * within {@code [1 / (1 + band), 1 + band]}, {@link Verdict#TOO_NOISY} otherwise.
     */
    public static Verdict ofInterval(double low, double high, double margin, double band) {
        checkArgument(low <= high, "interval low %s is above high %s", low, high);
        checkArgument(margin >= 0 && margin < 1, "the margin is a share from 0 (none) to below 1, was %s", margin);
        checkArgument(band > 0 && band >= margin && band < 1,
                "the equivalence band is a share above 0, at least the margin %s and below 1, was %s", margin, band);
        if (low > 1 + margin) {
            return Verdict.SLOWER;
        }
        if (high < 1 / (1 + margin)) {
            return Verdict.FASTER;
        }
        if (low >= 1 / (1 + band) && high <= 1 + band) {
            return Verdict.INDISTINGUISHABLE;
        }
        return Verdict.TOO_NOISY;
    }

    /**
     * One clock's verdict from its interval {@code [low, high]}: {@link Verdict#TOO_FEW} when there
     * were not {@code enough} samples for it (too few pairs for the confidence asked, or fewer forks
     * than a verdict may rest on), else {@link #ofInterval}.
     */
    public static Verdict ofClock(double low, double high, boolean enough, double margin, double band) {
        return enough ? ofInterval(low, high, margin, band) : Verdict.TOO_FEW;
    }

    /**
     * Whether {@code verdict} answers the question, the one definition every stopping rule asks: B
     * is slower, faster, or alike within the band. {@link Verdict#TOO_NOISY}, {@link Verdict#TOO_FEW}
     * and {@link Verdict#CLOCKS_DISAGREE} do not.
     */
    public static boolean decided(Verdict verdict) {
        return verdict.isDecisive() || verdict == Verdict.INDISTINGUISHABLE;
    }

    /**
     * The basis of a verdict judged {@code by}: {@link CompareTerms.JudgedBy#AUTO} judges on wall time a
     * pair of which one task mostly waits ({@link #mostlyWaits}) or does {@code otherThreads} more of
     * its work on other threads (above {@link #OTHER_THREADS_SHARE}), and on both clocks otherwise.
     */
    public static Basis basis(CompareTerms.JudgedBy by, double aWall, double aCpu, double bWall, double bCpu,
            double otherThreads, double runnableShare) {
        requireNonNull(by, "by");
        return switch (by) {
            case WALL -> Basis.WALL;
            case CPU -> Basis.CPU;
            case AUTO -> otherThreads > OTHER_THREADS_SHARE || mostlyWaits(aWall, aCpu, bWall, bCpu, runnableShare) ? Basis.WALL
                    : Basis.BOTH;
        };
    }

    /** How much larger one task's share of CPU time on other threads is than the other's: 0 where either is unknown (NaN). */
    public static double otherThreads(double shareA, double shareB) {
        double difference = Math.abs(shareA - shareB);
        return Double.isNaN(difference) ? 0 : difference;
    }

    /**
     * Whether A or B spends less than {@link #WAITING_CPU_SHARE} of its wall time on the CPU because it
     * waits, not because the machine preempted it: {@code runnableShare} is the share of the measuring
     * thread's time off the CPU that it spent runnable, in the run queue (Linux's
     * {@code /proc/thread-self/schedstat}; NaN where not known, which reads as waiting). Above
     * {@link #PREEMPTED_SHARE} the thread was preempted: on a loaded machine a CPU-bound task read
     * 25-55% of its wall time on the CPU, and judged on wall time it read too noisy where its thread CPU
     * time decided.
     */
    public static boolean mostlyWaits(double aWall, double aCpu, double bWall, double bCpu, double runnableShare) {
        boolean offCpu = aCpu < WAITING_CPU_SHARE * aWall || bCpu < WAITING_CPU_SHARE * bWall;
        return offCpu && !(runnableShare > PREEMPTED_SHARE);
    }

    /** The overall verdict of wall time's {@code wall} and thread CPU time's {@code cpu}, whose intervals {@code overlap} or not. */
    public static Verdict joint(Verdict wall, Verdict cpu, boolean overlap) {
        if (wall.isDecisive() && cpu.isDecisive()) {
            return wall == cpu ? wall : Verdict.CLOCKS_DISAGREE;
        }
        if (wall.isDecisive() || cpu.isDecisive()) {
            Verdict decisive = wall.isDecisive() ? wall : cpu;
            Verdict other = decisive == wall ? cpu : wall;
            return other == Verdict.TOO_FEW || overlap ? decisive : Verdict.CLOCKS_DISAGREE;
        }
        if (wall == Verdict.INDISTINGUISHABLE || cpu == Verdict.INDISTINGUISHABLE) {
            return Verdict.INDISTINGUISHABLE;
        }
        return wall == Verdict.TOO_FEW && cpu == Verdict.TOO_FEW ? Verdict.TOO_FEW : Verdict.TOO_NOISY;
    }

    /**
     * The decision over both clocks, judged {@code by}, with {@code otherThreads} as {@link #otherThreads}
     * and {@code runnableShare} as {@link #mostlyWaits} reads it (NaN: not known).
     */
    public static Decision decide(Clock wall, Clock cpu, CompareTerms.JudgedBy by, double otherThreads, double runnableShare) {
        Basis basis = basis(by, wall.medianA(), cpu.medianA(), wall.medianB(), cpu.medianB(), otherThreads, runnableShare);
        return switch (basis) {
            case WALL -> new Decision(wall.verdict(), basis, true);
            case CPU -> new Decision(cpu.verdict(), basis, false);
            case BOTH -> together(wall, cpu);
        };
    }

    private static Decision together(Clock wall, Clock cpu) {
        Verdict w = wall.verdict();
        Verdict c = cpu.verdict();
        Verdict verdict = joint(w, c, wall.overlaps(cpu));
        boolean onWall = switch (verdict) {
            case SLOWER, FASTER -> w.isDecisive() && c.isDecisive() ? narrower(wall, cpu) : w.isDecisive();
            case CLOCKS_DISAGREE -> true;
            case INDISTINGUISHABLE -> w == c ? narrower(wall, cpu) : w == Verdict.INDISTINGUISHABLE;
            case TOO_FEW -> false;
            default -> narrower(wall, cpu);
        };
        return new Decision(verdict, Basis.BOTH, onWall);
    }

    /** Whether wall time's interval is the narrower (thread CPU time's on a tie). */
    private static boolean narrower(Clock wall, Clock cpu) {
        return wall.relativeHalfWidth() < cpu.relativeHalfWidth();
    }
}
