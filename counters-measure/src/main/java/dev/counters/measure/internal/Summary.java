package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.Verdict;
import java.time.Duration;
import java.util.Optional;

/**
 * A comparison's answer in one sentence, the first thing every report prints: the verdict in
 * {@link Wording}'s words with the ratio, interval and clock it rests on; for any verdict that is not
 * slower or faster, what the interval still shows (never "no difference" for an interval that
 * excludes 1) and why it is not a verdict; and the budget and forks that would decide, where they would.
 *
 * @param verdict what the verdict rule decided
 * @param clock the clock the verdict rests on
 * @param ratio its ratio B/A (NaN: nothing measured)
 * @param confidence the confidence its interval holds: achieved in one JVM, the look's across JVMs
 * @param asked the confidence asked
 * @param jvms how many JVMs were counted (0: this JVM only)
 * @param pairs in this JVM, how many pairs the interval rests on
 * @param fewestJvms across JVMs, the fewest a verdict rests on
 * @param loaded whether the machine was loaded
 * @param margin the equivalence margin (0: none)
 * @param budgetToDecide the budget that would decide, where one would
 * @param forksToDecide how many JVMs that budget runs
 * @param why what to say when nothing was measured: the reason
 */
public record Summary(Verdict verdict, String clock, double ratio, double low, double high, double confidence, double asked,
        int jvms, int pairs, int fewestJvms, boolean loaded, double margin, Optional<Duration> budgetToDecide,
        int forksToDecide, String why) {
    public Summary {
        requireNonNull(verdict, "verdict");
        requireNonNull(clock, "clock");
        requireNonNull(budgetToDecide, "budgetToDecide");
        requireNonNull(why, "why");
    }

    /** The sentence. */
    public String sentence() {
        if (Double.isNaN(ratio)) {
            return "Too few measurements for a verdict: " + why + "." + advice();
        }
        String figures = Wording.figures(ratio, low, high) + " in " + Wording.time(clock) + " ("
                + Wording.confidence(confidence) + "% interval over " + (jvms > 0 ? jvms + " JVM" + (jvms == 1 ? "" : "s")
                : pairs + " pairs, this JVM only") + ")";
        String onLoaded = loaded ? " on a loaded machine" : "";
        String shows = Wording.capitalised(Wording.shows(low, high));
        String answer = switch (verdict) {
            case SLOWER, FASTER -> Wording.difference(ratio) + ": " + figures + ".";
            case INDISTINGUISHABLE -> "A and B cannot be told apart: " + figures + ". " + shows
                    + (Wording.holdsOne(low, high) ? "." : ", within the margin of " + Wording.percent(margin) + "%.");
            case TOO_NOISY -> "Too noisy to tell" + onLoaded + ": " + figures + ". " + shows
                    + (Wording.holdsOne(low, high) ? "." : ": a difference, but not surely one beyond the margin of "
                            + Wording.percent(margin) + "%.");
            case TOO_FEW -> "Too few measurements for a verdict" + onLoaded + ": " + figures + ". " + shows + ", but "
                    + notYet() + ".";
            case CLOCKS_DISAGREE -> "The clocks disagree: " + figures + "; say which time matters (by wall or by cpu).";
        };
        return answer + advice();
    }

    /** Why an interval that may already show something is not yet a verdict. */
    private String notYet() {
        return jvms > 0
                ? "a verdict rests on at least " + fewestJvms + " JVMs and " + jvms + (jvms == 1 ? " was" : " were") + " counted"
                : "that interval holds the median at only " + Wording.confidence(confidence) + "% confidence where "
                        + Wording.confidence(asked) + "% was asked";
    }

    /**
     * {@code  A budget of about 60 s, with forks set to 24, would decide.}, or nothing: the forks are
     * named as a setting, since a budget alone plans forks of 2.5 s, which may be too short for a long task.
     */
    private String advice() {
        return budgetToDecide.map(budget -> " A budget of about " + Wording.duration(budget)
                + (forksToDecide > 0 ? ", with forks set to " + forksToDecide + "," : "") + " would decide.").orElse("");
    }
}
