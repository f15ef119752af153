package dev.counters.measure.internal.stats;

import static com.google.common.base.Preconditions.checkArgument;

import dev.counters.measure.Verdict;

/**
 * When a comparison over forks may stop, and at which confidence its interval is read, so that
 * looking after every fork does not raise the error rate above the one asked for.
 *
 * <p>A group-sequential design with planned looks, one after each fork from {@link #minForks()} to
 * {@link #maxForks()}, and an error spending that front-loads the first look: the first look reads
 * the {@link ForkInterval} at {@code 1 - FIRST_LOOK_SHARE × (1 - confidence)} (99.2% for 99%), each
 * later one at an equal part of the rest. The parts add up to the asked miss rate, so the chance of
 * any look wrongly excluding the truth is at most {@code 1 - confidence} (the union bound, which
 * holds however the looks depend on each other). A decisive or indistinguishable interval at a look
 * stops the comparison; the reported interval is the one that look read.
 *
 * <p>Why front-loaded: the forks share one budget, each sized so that the fewest fit, and a later
 * look happens only when forks ended early and left room. Spending the miss rate equally over four
 * looks (99.75% each) would widen the first, and usually only, interval by half for looks that
 * rarely come (Student's t at 4 degrees of freedom: 6.9 against 5.0 at 99.2%). Pocock's or
 * O'Brien-Fleming's boundaries spend less bluntly but assume normal, equally informative looks;
 * this spending assumes nothing.
 *
 * <p>Fewer forks than {@link #minForks()} (a budget too short, an interrupt) never give a decisive
 * verdict: {@link Verdict#TOO_FEW}. One fork alone never decides: a JVM speaks for itself only.
 */
public final class ForkStoppingRule {
    /**
     * The fewest forks a verdict may rest on: 5, as JMH's default {@code -f 5}. Three were too few:
     * a two-valued effect of the JVM (where an instance's data lies) put all three on one side in
     * one process of six, and Student's t then drew a narrow interval around the wrong value.
     */
    public static final int DEFAULT_MIN_FORKS = 5;
    /**
     * The most forks a budget under 20 s runs, looking again after each fork past its planned ones
     * while undecided: 8. A longer budget plans one fork per 2.5 s and looks once, after all of them
     * ({@code ForkPlan.mostForks}).
     */
    public static final int DEFAULT_MAX_FORKS = 8;
    /** The share of the miss rate the first look spends: 0.8; the later looks share the rest equally. */
    static final double FIRST_LOOK_SHARE = 0.8;

    private final double confidence;
    private final int minForks;
    private final int maxForks;

    public ForkStoppingRule(double confidence, int minForks, int maxForks) {
        checkArgument(confidence > 0 && confidence < 1, "confidence is strictly between 0 and 1, was %s", confidence);
        checkArgument(minForks >= 2, "at least 2 forks are needed for an interval between JVMs, was %s", minForks);
        checkArgument(maxForks >= minForks, "the most forks (%s) must be at least the fewest (%s)", maxForks, minForks);
        this.confidence = confidence;
        this.minForks = minForks;
        this.maxForks = maxForks;
    }

    /** How many looks are planned: one per fork from the fewest to the most. */
    int looks() {
        return maxForks - minForks + 1;
    }

    /**
     * The confidence the look after {@code forks} forks reads its interval at: the first look
     * {@link #FIRST_LOOK_SHARE} of the asked miss rate, each later look an equal part of the rest
     * (with one look planned, all of it). Below the fewest forks, the first look's.
     */
    public double lookConfidence(int forks) {
        double miss = 1 - confidence;
        if (looks() == 1) {
            return confidence;
        }
        boolean first = forks <= minForks;
        return 1 - miss * (first ? FIRST_LOOK_SHARE : (1 - FIRST_LOOK_SHARE) / (looks() - 1));
    }

    /** Whether {@code forks} forks are enough for a look. */
    public boolean mayLook(int forks) {
        return forks >= minForks;
    }

    /** Whether the forks so far end the comparison: the last planned fork ran, or {@code verdict} is {@linkplain VerdictRule#decided decided}. */
    public boolean stops(int forks, Verdict verdict) {
        return forks >= maxForks || mayLook(forks) && VerdictRule.decided(verdict);
    }

    /**
     * The verdict of {@code interval}, read at {@link #lookConfidence(int)}: the verdict rule's
     * ({@link VerdictRule#ofClock}), with too few forks below {@link #minForks()}.
     */
    public Verdict judge(ForkInterval interval, double margin, double equivalence) {
        return VerdictRule.ofClock(interval.low(), interval.high(), mayLook(interval.forks()), margin, equivalence);
    }

    double confidence() {
        return confidence;
    }

    public int minForks() {
        return minForks;
    }

    public int maxForks() {
        return maxForks;
    }
}
