package dev.counters.measure;

import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import dev.counters.measure.internal.stats.VerdictRule;

/**
 * The one answer of a {@link Compare}: is B slower, faster, indistinguishable from A, or can this
 * run not tell, and why not? It rests on one clock ({@link #clock()}), carries that clock's ratio
 * B/A and interval, and says why in one sentence ({@link #reason()}), naming what the other clock
 * showed.
 *
 * <p>Which time matters is the caller's to say ({@link Compare#by(CompareTerms.JudgedBy)}, {@code --by});
 * by default both clocks are read together. One rule decides every verdict, in one JVM and across
 * JVMs (docs/MEASURE-DESIGN.md); this class is data: it carries what that rule decided and its
 * reason, and decides nothing.
 */
public final class Conclusion {
    /** A task whose thread CPU time is under this share of its wall time mostly waits: judged on wall time. */
    public static final double WAITING_CPU_SHARE = VerdictRule.WAITING_CPU_SHARE;

    private final Verdict verdict;
    /** The clock comparison of this JVM's pairs the verdict rests on; null across JVMs. */
    private final ClockComparison decidedBy;
    private final String clock;
    private final double ratio;
    private final double low;
    private final double high;
    private final double intervalConfidence;
    private final String reason;

    /**
     * The verdict the rule reached, resting on {@code clock}'s {@code ratio} and interval
     * {@code [low, high]} read at {@code confidence}, with its {@code reason}.
     *
     * @param decidedBy in one JVM, that clock's comparison over this JVM's pairs; null across JVMs
     */
    public Conclusion(Verdict verdict, String clock, double ratio, double low, double high, double confidence, String reason,
            ClockComparison decidedBy) {
        this.verdict = requireNonNull(verdict, "verdict");
        this.clock = requireNonNull(clock, "clock");
        this.ratio = ratio;
        this.low = low;
        this.high = high;
        this.intervalConfidence = confidence;
        this.reason = requireNonNull(reason, "reason");
        this.decidedBy = decidedBy;
    }

    /** The answer; see {@link Verdict} for each outcome. */
    public Verdict verdict() {
        return verdict;
    }

    /**
     * This JVM's comparison on the clock the verdict rests on (wall time when the clocks
     * disagree), with every pair's ratio.
     *
     * @throws IllegalStateException across JVMs, whose pairs stayed in them: read {@link #clock()},
     *     {@link #ratio()}, {@link #low()} and {@link #high()}
     */
    public ClockComparison decidedBy() {
        checkState(decidedBy != null, "a verdict across JVMs rests on their ratios, not on pairs in this JVM: read "
                + "clock(), ratio(), low() and high()");
        return decidedBy;
    }

    /** The name of the clock the verdict rests on: {@link CompareResult#WALL} or {@link CompareResult#THREAD_CPU}. */
    public String clock() {
        return clock;
    }

    /** The ratio B/A the verdict rests on: this JVM's median ratio, or across JVMs the geometric mean of theirs. */
    public double ratio() {
        return ratio;
    }

    /** The lower end of the interval the verdict rests on. */
    public double low() {
        return low;
    }

    /** The upper end of the interval the verdict rests on. */
    public double high() {
        return high;
    }

    /**
     * The confidence that interval was read at: in this JVM the order statistics' achieved
     * confidence, across JVMs the stricter one the deciding look of the stopping rule read (99.2%
     * for 99% at the first look, 99.93% at each of three later ones).
     */
    public double confidence() {
        return intervalConfidence;
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
