package dev.counters.measure.internal;

import dev.counters.measure.CompareTerms;
import dev.counters.measure.Conclusion;
import dev.counters.measure.Verdict;
import dev.counters.measure.internal.stats.VerdictRule;

/**
 * When a {@code Compare} inside one JVM may stop adding pairs: as soon as the overall verdict is
 * decided ({@link VerdictRule#decided}, the one definition) at a stricter confidence, {@code 1 - (1 - confidence) × STOP_MISS_SHARE} (99.9% for 99%),
 * which pays for looking many times (each look at a 99% interval is another chance of a false
 * alarm); or once the interval the verdict rests on, at the asked confidence, is within the target.
 * Too few pairs for the stricter confidence are {@link Verdict#TOO_FEW} there, never decisive. Across
 * JVMs, {@code ForkStoppingRule} decides instead: a verdict of one JVM is never final, so a fork
 * ({@link #forFork}) does not stop when decided. Its task is a precise estimate of its own JVM's
 * ratio: a fork that stops at its first decisive 32 pairs of a task 12 times slower, right after
 * the warm-up, carries that moment's noise into the interval over forks (forks of one regex pair
 * read 8.8 to 16.3 so).
 */
public final class PairStoppingRule {
    /** The stopping confidence leaves this share of the asked one's miss rate: 1/10 (99.9% for 99%). */
    static final double STOP_MISS_SHARE = 0.1;

    private final CompareSettings settings;
    private final boolean stopWhenDecided;

    private PairStoppingRule(CompareSettings settings, boolean stopWhenDecided) {
        this.settings = settings;
        this.stopWhenDecided = stopWhenDecided;
    }

    /** The rule of a comparison in one JVM: stop when decided, or at the target. */
    public static PairStoppingRule inOneJvm(CompareSettings settings) {
        return new PairStoppingRule(settings, true);
    }

    /** The rule of one fork of a forked comparison: stop at the target only, never because this JVM alone decided. */
    public static PairStoppingRule forFork(CompareSettings settings) {
        return new PairStoppingRule(settings, false);
    }

    /** Why to stop now, or null to go on: decided at the stopping confidence, or the target met. */
    CompareTerms.StopReason check(Pairs pairs) {
        if (stopWhenDecided && decided(pairs)) {
            return CompareTerms.StopReason.DECIDED;
        }
        PairJudgement asked = PairJudgement.of(pairs, settings.confidence(), settings.margin(), settings.equivalence());
        // Mid-run the thread's off-CPU time is not read: NaN, as the verdict rule reads "not known".
        Conclusion atConfidence = asked.conclusion(false, settings.by(), pairs.otherThreadShare(), Double.NaN);
        return atConfidence.decidedBy().interval().relativeHalfWidth() <= settings.target() ? CompareTerms.StopReason.TARGET
                : null;
    }

    private boolean decided(Pairs pairs) {
        PairJudgement strict = PairJudgement.of(pairs, 1 - (1 - settings.confidence()) * STOP_MISS_SHARE, settings.margin(),
                settings.equivalence());
        return VerdictRule.decided(strict.conclusion(false, settings.by(), pairs.otherThreadShare(), Double.NaN).verdict());
    }
}
