package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.CompareTerms;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Duration;

/**
 * What a comparison was asked for, the one settings type of a comparison in this JVM and in each
 * fork: {@code Compare} checks each setting as it is given and builds this, a fork receives it in
 * its request. Shares are fractions (0.0025 for ±0.25%).
 *
 * @param budget the longest the comparison (in one JVM: this JVM's share) may take, warm-up included
 * @param target the relative half-width at which an undecided comparison stops
 * @param confidence the confidence of the intervals
 * @param margin the equivalence margin, 0 for none
 * @param minPairs the fewest pairs before the target may stop a comparison
 * @param warmUp each task's longest warm-up; {@link Duration#ZERO} for none
 * @param order in which order A and B run
 * @param by which time the verdict is judged on
 * @param nameA how the reports name A
 * @param nameB how the reports name B
 */
public record CompareSettings(Duration budget, double target, double confidence, double margin, int minPairs, Duration warmUp,
        CompareTerms.Order order, CompareTerms.JudgedBy by, String nameA, String nameB) implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * Without a margin, an interval that holds 1 reads indistinguishable while it lies within
     * {@code ±EQUIVALENCE_PER_TARGET × target}.
     */
    public static final double EQUIVALENCE_PER_TARGET = 4;
    /** The shortest budget a comparison (or a fork's share) takes: it must hold the clocks' calibration, two warm-ups and a few pairs. */
    public static final Duration MIN_SHARE = Duration.ofMillis(100);

    public CompareSettings {
        requireNonNull(budget, "budget");
        requireNonNull(warmUp, "warmUp");
        requireNonNull(order, "order");
        requireNonNull(by, "by");
        requireNonNull(nameA, "nameA");
        requireNonNull(nameB, "nameB");
    }

    /** These settings, A and B named {@code "A"} and {@code "B"}. */
    public CompareSettings(Duration budget, double target, double confidence, double margin, int minPairs, Duration warmUp,
            CompareTerms.Order order, CompareTerms.JudgedBy by) {
        this(budget, target, confidence, margin, minPairs, warmUp, order, by, "A", "B");
    }

    /**
     * {@code target} if it is a share above 0 and at most {@code most}; else an exception that asks
     * whether a percentage was meant ({@code 0.005} for {@code 0.5}).
     *
     * @throws IllegalArgumentException naming the share that was probably meant
     */
    public static double checkTarget(double target, double most) {
        if (!(target > 0 && target <= most)) {
            throw new IllegalArgumentException("the target is a share, a relative half-width above 0 and at most " + most
                    + " (0.0025 for ±0.25%), was " + target + (target > most && target < 100
                            ? ": did you mean " + BigDecimal.valueOf(target).movePointLeft(2).stripTrailingZeros().toPlainString()
                                    + " (" + target + "%)?"
                            : ""));
        }
        return target;
    }

    /**
     * {@code budget} if it holds at least {@link #MIN_SHARE}: the clocks' calibration, two warm-ups and a few pairs.
     *
     * @throws IllegalArgumentException naming the least budget
     */
    public static Duration checkBudget(Duration budget) {
        requireNonNull(budget, "budget");
        if (budget.compareTo(MIN_SHARE) < 0) {
            throw new IllegalArgumentException("the budget must be at least " + MIN_SHARE.toMillis() + " ms to hold the "
                    + "clocks' calibration, two warm-ups and a few pairs, was " + budget);
        }
        return budget;
    }

    /**
     * {@code margin} if it is a share from 0 (none) to below 1.
     *
     * @throws IllegalArgumentException saying so
     */
    public static double checkMargin(double margin) {
        if (!(margin >= 0 && margin < 1)) {
            throw new IllegalArgumentException("the margin is a share from 0 (none) to below 1 (0.01 for 1%), was " + margin);
        }
        return margin;
    }

    /**
     * {@code forks} if it is 0 (this JVM only) or at least 2: one JVM gives no spread between JVMs.
     *
     * @throws IllegalArgumentException saying so
     */
    public static int checkForks(int forks) {
        if (forks != 0 && forks < 2) {
            throw new IllegalArgumentException("forks is 0 (this JVM only) or at least 2 (an interval between JVMs needs "
                    + "two), was " + forks);
        }
        return forks;
    }

    /** Whether each task is warmed up before the pairs. */
    public boolean warmsUp() {
        return !warmUp.isZero();
    }

    /** The band within which an interval that holds 1 reads indistinguishable: the margin, or 4 × target without one. */
    public double equivalence() {
        return margin > 0 ? margin : Math.min(EQUIVALENCE_PER_TARGET * target, 0.99);
    }

    /** These settings with {@code share} as the budget: what a fork runs with. */
    public CompareSettings withBudget(Duration share) {
        return new CompareSettings(share, target, confidence, margin, minPairs, warmUp, order, by, nameA, nameB);
    }
}
