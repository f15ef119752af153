package dev.counters.measure;

import java.util.Locale;

/**
 * What a {@link Compare} concludes about B against A, read from the confidence interval of the
 * ratio B/A, on one clock ({@link ClockComparison#verdict()}) or overall
 * ({@link CompareResult#verdict()}). Each outcome is its own constant, so that a program reads the
 * answer from {@link #label()} and never from the prose of the reason.
 *
 * <p>On one clock, with an equivalence margin m (default 0) and an equivalence band e (at least m):
 * <ul>
 *   <li>{@link #SLOWER} when the whole interval lies above {@code 1 + m};</li>
 *   <li>{@link #FASTER} when it lies below {@code 1 / (1 + m)};</li>
 *   <li>{@link #INDISTINGUISHABLE} when it lies within {@code [1 / (1 + e), 1 + e]}: whatever
 *       difference there is, it is smaller than e;</li>
 *   <li>{@link #TOO_NOISY} otherwise: the interval holds 1 (or reaches into the margin) but is
 *       too wide to rule out a difference larger than e;</li>
 *   <li>{@link #TOO_FEW} when there were too few pairs (or forks) for an interval at the confidence
 *       asked: never a decisive verdict at a lower confidence.</li>
 * </ul>
 * Overall, {@link #CLOCKS_DISAGREE} when wall time and thread CPU time say different things (B
 * waits longer on the same CPU, or works on other threads): see {@link Conclusion}.
 * {@link Compare} passes e = m when a margin is given (a difference within the margin does not
 * matter, so an interval inside it is an answer) and e = 4 × target otherwise (±1% for the
 * default ±0.25% target). One rule decides every verdict, of a clock, of a fork and of the whole
 * comparison, in one JVM or over several; a result only carries what it decided
 * (docs/MEASURE-DESIGN.md).
 */
public enum Verdict {
    /** B takes longer than A: the interval of B/A lies above 1 (+ margin). */
    SLOWER,
    /** B takes less time than A: the interval of B/A lies below 1 (/ (1 + margin)). */
    FASTER,
    /** The interval holds 1 and is narrow: any difference between A and B is smaller than the band. */
    INDISTINGUISHABLE,
    /** The interval holds 1 but is too wide to say that A and B are alike: too noisy to tell. */
    TOO_NOISY,
    /** The clocks disagree: one shows a difference the other positively does not, or the opposite one. */
    CLOCKS_DISAGREE,
    /** Too few pairs or forks for an interval at the confidence asked: nothing can be said yet. */
    TOO_FEW;

    /** Whether this verdict says B differs from A: {@link #SLOWER} or {@link #FASTER}. */
    public boolean isDecisive() {
        return this == SLOWER || this == FASTER;
    }

    /**
     * The word the reports (and JSON's {@code verdict}) use: {@code slower}, {@code faster},
     * {@code indistinguishable}, {@code too_noisy}, {@code clocks_disagree}, {@code too_few}.
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }
}
