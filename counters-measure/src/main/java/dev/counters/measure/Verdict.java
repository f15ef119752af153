package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import java.util.Locale;

/**
 * What a {@link Compare} concludes about B against A on one clock, read from the confidence
 * interval of the median ratio B/A: {@link #SLOWER} when the whole interval lies above 1,
 * {@link #FASTER} when it lies below 1, {@link #INDISTINGUISHABLE} when it holds 1.
 *
 * <p>With an equivalence margin m (default 0), "above 1" means above {@code 1 + m} and "below 1"
 * means below {@code 1 / (1 + m)}: an interval that lies wholly inside the margin is called
 * indistinguishable even when it excludes 1, for users who only care about differences larger than
 * the margin (criterion.rs calls it the noise threshold).
 */
public enum Verdict {
    /** B takes longer than A: the interval of B/A lies above 1 (+ margin). */
    SLOWER,
    /** B takes less time than A: the interval of B/A lies below 1 (/ (1 + margin)). */
    FASTER,
    /** The interval holds 1 (or lies within the margin): this run cannot tell A and B apart. */
    INDISTINGUISHABLE;

    /**
     * The verdict for an interval {@code [low, high]} of the ratio B/A, with equivalence margin
     * {@code margin} (0 for none, 0.01 for 1%).
     */
    public static Verdict of(double low, double high, double margin) {
        checkArgument(low <= high, "interval low %s is above high %s", low, high);
        checkArgument(margin >= 0 && margin < 1, "the margin is a share from 0 (none) to below 1, was %s", margin);
        if (low > 1 + margin) {
            return SLOWER;
        }
        if (high < 1 / (1 + margin)) {
            return FASTER;
        }
        return INDISTINGUISHABLE;
    }

    /** The verdict for the interval {@code ci} of B/A; see {@link #of(double, double, double)}. */
    public static Verdict of(MedianInterval ci, double margin) {
        requireNonNull(ci, "ci");
        return of(ci.low(), ci.high(), margin);
    }

    /** The word the reports use: {@code slower}, {@code faster}, {@code indistinguishable}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }
}
