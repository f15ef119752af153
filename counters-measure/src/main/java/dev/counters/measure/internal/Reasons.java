package dev.counters.measure.internal;

import dev.counters.measure.CompareTerms;
import dev.counters.measure.Verdict;
import dev.counters.measure.internal.stats.VerdictRule;

/**
 * Why a comparison reached its verdict, in one sentence that names both clocks: the reason of a
 * {@code Conclusion}, in one JVM and across JVMs alike, worded with {@link Wording}'s phrases. It
 * words what {@link VerdictRule#decide} decided and never decides anything itself.
 */
public final class Reasons {
    private Reasons() {}

    /**
     * One clock as the reason speaks of it.
     *
     * @param name {@code wall} or {@code thread CPU}
     * @param figures its verdict, ratio, interval and medians
     * @param confidence the confidence its interval holds: achieved (in one JVM) or the look's (across JVMs)
     * @param count how many pairs (in one JVM) or JVMs (across JVMs) it rests on
     * @param acrossJvms whether {@code count} counts JVMs
     * @param fewest the fewest JVMs a verdict rests on (across JVMs; 0 in one JVM)
     */
    public record Clock(String name, VerdictRule.Clock figures, double confidence, int count, boolean acrossJvms, int fewest) {
        Verdict verdict() {
            return figures.verdict();
        }

        String time() {
            return Wording.time(name);
        }

        String interval() {
            return Wording.figures(figures.ratio(), figures.low(), figures.high());
        }

        String shows() {
            return Wording.shows(figures.low(), figures.high());
        }
    }

    /**
     * The reason for {@code decision}, reached on {@code wall} and {@code cpu} judged {@code by};
     * {@code loaded} words the machine, {@code otherThreads} says how much more of one task's CPU
     * time ran on other threads.
     */
    public static String of(VerdictRule.Decision decision, Clock wall, Clock cpu, boolean loaded, CompareTerms.JudgedBy by,
            double otherThreads) {
        Clock chosen = decision.onWall() ? wall : cpu;
        Clock other = decision.onWall() ? cpu : wall;
        String where = loaded ? " on this loaded machine" : "";
        return switch (decision.basis()) {
            case CPU -> on(chosen, other, where, "judged on thread CPU time, as asked");
            case BOTH -> together(decision.verdict(), chosen, other, where);
            case WALL -> on(chosen, other, where, by == CompareTerms.JudgedBy.WALL ? "judged on wall time, as asked"
                    : otherThreads > VerdictRule.OTHER_THREADS_SHARE
                    ? "judged on wall time: " + Wording.percent(otherThreads) + "% more of one task's CPU time ran on other "
                            + "threads than of the other's, which thread CPU time does not see"
                    : "judged on wall time: the tasks mostly wait (thread CPU time is "
                            + Wording.percent(cpu.figures().medianA() / wall.figures().medianA()) + "% of A's wall time, "
                            + Wording.percent(cpu.figures().medianB() / wall.figures().medianB()) + "% of B's)");
        };
    }

    /** The verdict of {@code chosen}, with {@code other} named for context. */
    private static String on(Clock chosen, Clock other, String where, String why) {
        String says = switch (chosen.verdict()) {
            case SLOWER, FASTER -> difference(chosen);
            case INDISTINGUISHABLE -> "A and B cannot be told apart in " + chosen.time() + ": " + chosen.interval() + ", "
                    + chosen.shows();
            case TOO_FEW -> tooFew(chosen);
            default -> chosen.time() + " was too noisy to tell" + where + ": " + chosen.interval() + ", " + chosen.shows();
        };
        return says + " (" + why + "); " + other.time() + ": " + other.verdict().label() + " " + other.interval();
    }

    /** Both clocks read together: {@code verdict} resting on {@code chosen}, in words that name both. */
    private static String together(Verdict verdict, Clock chosen, Clock other, String where) {
        boolean bothDecisive = chosen.verdict().isDecisive() && other.verdict().isDecisive();
        return switch (verdict) {
            case SLOWER, FASTER -> difference(chosen) + "; " + (bothDecisive ? other.time() + " agrees: " + other.interval()
                    : other.verdict() == Verdict.INDISTINGUISHABLE
                            ? other.time() + "'s wider interval " + other.interval() + " holds this ratio too"
                            : other.time() + " could not tell" + where + " (" + other.verdict().label() + "): "
                                    + other.interval());
            case CLOCKS_DISAGREE -> disagreement(chosen, other, bothDecisive);
            case INDISTINGUISHABLE -> "A and B cannot be told apart in " + chosen.time() + ": " + chosen.interval() + ", "
                    + chosen.shows() + "; " + other.time() + (other.verdict() == Verdict.INDISTINGUISHABLE ? " agrees: "
                            : " could not tell" + where + " (" + other.verdict().label() + "): ") + other.interval();
            case TOO_FEW -> tooFew(chosen);
            default -> "neither clock could tell" + where + ": " + chosen.time() + " " + chosen.interval() + " and "
                    + other.time() + " " + other.interval() + " are too wide to say that A and B differ or are alike; give "
                    + "it a longer budget or a quieter machine";
        };
    }

    /** The clocks disagree; {@code wall} is the clock the verdict rests on. */
    private static String disagreement(Clock wall, Clock cpu, boolean bothDecisive) {
        String advice = ": B does part of its work on other threads or waits differently (I/O, locks); say which time "
                + "matters (by wall or by cpu)";
        if (bothDecisive) {
            return "the clocks disagree: " + difference(cpu) + ", but " + difference(wall) + advice;
        }
        Clock decisive = wall.verdict().isDecisive() ? wall : cpu;
        Clock other = decisive == wall ? cpu : wall;
        return "the clocks disagree: " + difference(decisive) + ", but " + other.time() + " shows no such difference: "
                + other.interval() + advice;
    }

    /** Too few pairs, or JVMs, for a verdict: what the interval still shows, and why it is not one. */
    private static String tooFew(Clock clock) {
        String rests = clock.acrossJvms()
                ? clock.count() + " JVM" + (clock.count() == 1 ? "" : "s") + " counted, where a verdict rests on at least "
                        + clock.fewest()
                : clock.count() + " pairs, whose widest interval holds the median at only "
                        + Wording.confidence(clock.confidence()) + "%";
        return "too few measurements to tell in " + clock.time() + ": " + rests + " (" + clock.interval() + ": "
                + clock.shows() + "); give it a longer budget";
    }

    /** {@code B takes 5.00% more time than A in thread CPU time (B/A 1.0500 [1.0480, 1.0520] at 99.2%)}. */
    private static String difference(Clock clock) {
        return Wording.difference(clock.figures().ratio()) + " in " + clock.time() + " (" + clock.interval() + " at "
                + Wording.confidence(clock.confidence()) + "%)";
    }
}
