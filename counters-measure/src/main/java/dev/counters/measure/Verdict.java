package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

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
 * default ±0.25% target).
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

    /**
     * The verdict for an interval {@code [low, high]} of the ratio B/A, with equivalence margin
     * {@code margin} (0 for none, 0.01 for 1%) and equivalence band {@code equivalence} (at least
     * the margin, above 0).
     */
    public static Verdict of(double low, double high, double margin, double equivalence) {
        checkArgument(low <= high, "interval low %s is above high %s", low, high);
        checkArgument(margin >= 0 && margin < 1, "the margin is a share from 0 (none) to below 1, was %s", margin);
        checkArgument(equivalence > 0 && equivalence >= margin && equivalence < 1,
                "the equivalence band is a share above 0, at least the margin %s and below 1, was %s", margin, equivalence);
        if (low > 1 + margin) {
            return SLOWER;
        }
        if (high < 1 / (1 + margin)) {
            return FASTER;
        }
        if (low >= 1 / (1 + equivalence) && high <= 1 + equivalence) {
            return INDISTINGUISHABLE;
        }
        return TOO_NOISY;
    }

    /** The verdict for the interval {@code ci} of B/A; see {@link #of(double, double, double, double)}. */
    public static Verdict of(MedianInterval ci, double margin, double equivalence) {
        requireNonNull(ci, "ci");
        return of(ci.low(), ci.high(), margin, equivalence);
    }

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
