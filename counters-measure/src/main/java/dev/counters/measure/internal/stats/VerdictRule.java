package dev.counters.measure.internal.stats;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.CompareTerms;
import dev.counters.measure.Verdict;

/**
 * The one place where a comparison's verdict is decided, in one JVM and over forks alike: each
 * clock's verdict from its interval ({@link #ofClock}), which clock or clocks the overall verdict
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
     * One clock's verdict from its interval {@code [low, high]} read at {@code achieved} confidence
     * where {@code asked} was asked: {@link Verdict#TOO_FEW} when too few pairs (or forks) left the
     * interval less sure than asked, else {@link Verdict#of(double, double, double, double)}.
     */
    public static Verdict ofClock(double low, double high, double achieved, double asked, double margin, double band) {
        return achieved < asked ? Verdict.TOO_FEW : Verdict.of(low, high, margin, band);
    }

    /**
     * The basis of a verdict judged {@code by}: {@link CompareTerms.JudgedBy#AUTO} judges on wall time a
     * pair of which one task mostly waits or does {@code otherThreads} more of its work on other
     * threads (above {@link #OTHER_THREADS_SHARE}), and on both clocks otherwise.
     */
    public static Basis basis(CompareTerms.JudgedBy by, double aWall, double aCpu, double bWall, double bCpu,
            double otherThreads) {
        requireNonNull(by, "by");
        return switch (by) {
            case WALL -> Basis.WALL;
            case CPU -> Basis.CPU;
            case AUTO -> otherThreads > OTHER_THREADS_SHARE || mostlyWaits(aWall, aCpu, bWall, bCpu) ? Basis.WALL : Basis.BOTH;
        };
    }

    /** How much larger one task's share of CPU time on other threads is than the other's: 0 where either is unknown (NaN). */
    public static double otherThreads(double shareA, double shareB) {
        double difference = Math.abs(shareA - shareB);
        return Double.isNaN(difference) ? 0 : difference;
    }

    /** Whether A or B spends less than {@link #WAITING_CPU_SHARE} of its wall time on the CPU. */
    public static boolean mostlyWaits(double aWall, double aCpu, double bWall, double bCpu) {
        return aCpu < WAITING_CPU_SHARE * aWall || bCpu < WAITING_CPU_SHARE * bWall;
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

    /** The decision over both clocks, judged {@code by}, with {@code otherThreads} as {@link #otherThreads}. */
    public static Decision decide(Clock wall, Clock cpu, CompareTerms.JudgedBy by, double otherThreads) {
        Basis basis = basis(by, wall.medianA(), cpu.medianA(), wall.medianB(), cpu.medianB(), otherThreads);
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
