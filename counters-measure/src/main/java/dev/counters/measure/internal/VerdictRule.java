package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult.Conclusion;
import dev.counters.measure.Verdict;

/**
 * The one rule that turns the two clocks' verdicts into the overall one, used inside one JVM
 * ({@link Conclusion}, which words it) and over forks ({@link ForkedCompare}): which clock is
 * judged ({@link #basis}), and how two verdicts read together ({@link #joint}).
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

    private VerdictRule() {}

    /**
     * The basis of a verdict judged {@code by}: {@link Compare.JudgedBy#AUTO} judges on wall time a
     * pair of which one task mostly waits (its median thread CPU time under {@link #WAITING_CPU_SHARE}
     * of its wall time) or does {@code otherThreads} more of its work on other threads (above
     * {@link #OTHER_THREADS_SHARE}), and on both clocks otherwise.
     */
    public static Basis basis(Compare.JudgedBy by, double aWall, double aCpu, double bWall, double bCpu, double otherThreads) {
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

    /**
     * The overall verdict of wall time's {@code wall} and thread CPU time's {@code cpu}, whose
     * intervals {@code overlap} or not:
     * <ol>
     *   <li>both decisive: their verdict if they agree, else {@link Verdict#CLOCKS_DISAGREE};</li>
     *   <li>one decisive: its verdict when the other had too few pairs or the intervals overlap (the
     *       other could not tell), else {@link Verdict#CLOCKS_DISAGREE} (the other positively shows no
     *       such difference);</li>
     *   <li>neither: {@link Verdict#INDISTINGUISHABLE} if one is, {@link Verdict#TOO_FEW} if both
     *       are, {@link Verdict#TOO_NOISY} otherwise.</li>
     * </ol>
     */
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
}
