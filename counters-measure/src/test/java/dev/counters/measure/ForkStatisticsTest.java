package dev.counters.measure;

import dev.counters.measure.internal.stats.VerdictRule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.MedianInterval;
import dev.counters.measure.internal.Placements;
import dev.counters.measure.internal.Schedule;
import dev.counters.measure.internal.stats.ForkEstimate;
import dev.counters.measure.internal.stats.ForkInterval;
import dev.counters.measure.internal.stats.ForkStoppingRule;
import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The interval between JVMs and the stopping rule over forks, on simulated experiments whose truth
 * is known: each fork's JVM shifts the ratio by its own factor (log-normal, as JIT decisions and
 * memory layout do), and the pairs inside a fork scatter around that fork's ratio. Fixed seeds: the
 * figures are the same on every run, so the margins below cannot flake.
 */
class ForkStatisticsTest {
    private static final int EXPERIMENTS = 1_000;
    private static final int PAIRS_PER_FORK = 60;

    /** One fork's median pair ratio: the truth, times this JVM's factor, times the median of its pairs' noise. */
    private static double fork(SplittableRandom random, double truth, double betweenJvms, double withinJvm, double[] pairs) {
        double jvm = betweenJvms * gaussian(random);
        for (int i = 0; i < pairs.length; i++) {
            pairs[i] = truth * Math.exp(jvm + withinJvm * gaussian(random));
        }
        double[] sorted = pairs.clone();
        Arrays.sort(sorted);
        return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller: SplittableRandom has no nextGaussian on JDK 17
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    @Test
    void theIntervalOverForksHoldsTheTruthAtItsConfidenceAndTheOneOverPairsDoesNot() {
        SplittableRandom random = new SplittableRandom(28);
        double truth = 1.05;
        int forks = 5;
        int forkHeld = 0;
        int pairsHeld = 0;
        double[] pairs = new double[PAIRS_PER_FORK];
        double[] pooled = new double[forks * PAIRS_PER_FORK];
        for (int e = 0; e < EXPERIMENTS; e++) {
            double[] forkRatios = new double[forks];
            for (int f = 0; f < forks; f++) {
                forkRatios[f] = fork(random, truth, 0.05, 0.02, pairs);
                System.arraycopy(pairs, 0, pooled, f * PAIRS_PER_FORK, PAIRS_PER_FORK);
            }
            forkHeld += ForkInterval.of(forkRatios, 0.99).contains(truth) ? 1 : 0;
            pairsHeld += MedianInterval.of(pooled, 0.99).contains(truth) ? 1 : 0;
        }
        double coverage = (double) forkHeld / EXPERIMENTS;
        assertTrue(coverage >= 0.97, "the 99% interval over forks held the truth in " + coverage);
        assertTrue((double) pairsHeld / EXPERIMENTS < 0.5,
                "pooling every pair of every JVM ignores the JVMs' own variation: held in " + pairsHeld + " of " + EXPERIMENTS);
    }

    @Test
    void theStoppingRuleKeepsItsErrorRateUnderTheNull() {
        SplittableRandom random = new SplittableRandom(32);
        ForkStoppingRule rule = new ForkStoppingRule(0.99, ForkStoppingRule.DEFAULT_MIN_FORKS, ForkStoppingRule.DEFAULT_MAX_FORKS);
        int experiments = 2_000;
        int wrong = 0;
        int naiveWrong = 0;
        double[] pairs = new double[PAIRS_PER_FORK];
        for (int e = 0; e < experiments; e++) {
            double[] forkRatios = new double[rule.maxForks()];
            boolean naiveDecided = false;
            Verdict verdict = Verdict.TOO_FEW;
            for (int f = 1; f <= rule.maxForks(); f++) {
                forkRatios[f - 1] = fork(random, 1.0, 0.05, 0.02, pairs);
                double[] sofar = Arrays.copyOf(forkRatios, f);
                if (f >= 2 && VerdictRule.ofInterval(ForkInterval.of(sofar, 0.99).low(), ForkInterval.of(sofar, 0.99).high(), 0, 0.01)
                        .isDecisive()) {
                    naiveDecided = true;
                }
                verdict = rule.judge(ForkInterval.of(sofar, rule.lookConfidence(f)), 0, 0.01);
                if (rule.stops(f, verdict)) {
                    break;
                }
            }
            wrong += verdict.isDecisive() ? 1 : 0;
            naiveWrong += naiveDecided ? 1 : 0;
        }
        assertTrue(wrong <= experiments / 100, "A = B, yet " + wrong + " of " + experiments + " said slower or faster");
        assertTrue(naiveWrong > wrong, "looking at 99% after every fork errs more: " + naiveWrong + " against " + wrong);
    }

    @Test
    void aRealDifferenceLargerThanTheJvmsVariationIsFound() {
        SplittableRandom random = new SplittableRandom(5);
        ForkStoppingRule rule = new ForkStoppingRule(0.99, ForkStoppingRule.DEFAULT_MIN_FORKS, ForkStoppingRule.DEFAULT_MAX_FORKS);
        int found = 0;
        double[] pairs = new double[PAIRS_PER_FORK];
        for (int e = 0; e < 200; e++) {
            double[] forkRatios = new double[rule.maxForks()];
            for (int f = 1; f <= rule.maxForks(); f++) {
                forkRatios[f - 1] = fork(random, 1.05, 0.005, 0.01, pairs);
                Verdict verdict = rule.judge(ForkInterval.of(Arrays.copyOf(forkRatios, f), rule.lookConfidence(f)), 0, 0.01);
                if (rule.stops(f, verdict)) {
                    found += verdict == Verdict.SLOWER ? 1 : 0;
                    break;
                }
            }
        }
        assertTrue(found >= 190, "+5% with JVMs within ±0.5% found in " + found + " of 200");
    }

    @Property
    void theIntervalIsTheGeometricMeanWithinItsEndsAndSymmetricInLogs(
            @ForAll @DoubleRange(min = 0.1, max = 10) double first, @ForAll @DoubleRange(min = 0.1, max = 10) double second,
            @ForAll @DoubleRange(min = 0.1, max = 10) double third) {
        ForkInterval interval = ForkInterval.of(new double[] {first, second, third}, 0.99);
        assertEquals(Math.cbrt(first * second * third), interval.ratio(), 1e-9 * interval.ratio());
        assertTrue(interval.low() <= interval.ratio() && interval.ratio() <= interval.high(), interval.toString());
        assertEquals(interval.ratio() / interval.low(), interval.high() / interval.ratio(), 1e-6 * interval.high());
        ForkInterval swapped = ForkInterval.of(new double[] {1 / first, 1 / second, 1 / third}, 0.99);
        assertEquals(1 / interval.ratio(), swapped.ratio(), 1e-9 / interval.ratio(), "B/A and A/B mirror each other");
    }

    @Property
    void aStricterConfidenceNeverNarrowsTheInterval(@ForAll @IntRange(min = 2, max = 30) int forks) {
        double[] ratios = new double[forks];
        for (int i = 0; i < forks; i++) {
            ratios[i] = 1 + 0.01 * (i % 4);
        }
        ForkInterval loose = ForkInterval.of(ratios, 0.95);
        ForkInterval strict = ForkInterval.of(ratios, 0.999);
        assertTrue(strict.low() <= loose.low() && strict.high() >= loose.high(), strict + " against " + loose);
    }

    @Test
    void oneForkSpeaksForItsJvmOnlyAndTheRuleNeverDecidesOnIt() {
        ForkInterval one = ForkInterval.of(new double[] {1.2}, 0.99);
        assertFalse(one.isDefined());
        assertEquals(Verdict.TOO_FEW, new ForkStoppingRule(0.99, 3, 6).judge(one, 0, 0.01));
        assertFalse(new ForkStoppingRule(0.99, 3, 6).stops(2, Verdict.SLOWER), "two forks are fewer than the fewest");
        assertTrue(new ForkStoppingRule(0.99, 3, 6).stops(6, Verdict.TOO_NOISY), "the last planned fork ends it");
        assertEquals(1 - 0.01 * 0.8, new ForkStoppingRule(0.99, 3, 6).lookConfidence(3), 1e-12, "the first look spends most");
        assertEquals(1 - 0.01 * 0.2 / 3, new ForkStoppingRule(0.99, 3, 6).lookConfidence(4), 1e-12, "the rest share the remainder");
        assertEquals(0.99, new ForkStoppingRule(0.99, 5, 5).lookConfidence(5), 1e-12, "one look spends it all");
    }

    @Test
    void theTQuantileMatchesTheTables() {
        assertEquals(12.706, ForkInterval.tQuantile(1, 0.975), 1e-3);
        assertEquals(4.604, ForkInterval.tQuantile(4, 0.995), 1e-3);
        assertEquals(2.042, ForkInterval.tQuantile(30, 0.975), 1e-3);
    }

    @Test
    void badForksAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> ForkInterval.of(new double[0], 0.99));
        assertThrows(IllegalArgumentException.class, () -> ForkInterval.of(new double[] {1, 0}, 0.99));
        assertThrows(IllegalArgumentException.class, () -> new ForkStoppingRule(0.99, 1, 6));
        assertThrows(IllegalArgumentException.class, () -> new ForkStoppingRule(0.99, 4, 3));
    }

    /**
     * One fork of a task pair whose speed depends on where each instance's data lies, two-valued as
     * CRC32's was (an instance pair is {@code placement} times faster or slower, at even odds, the
     * draw fresh in each JVM): {@code instances} instances of each task take turns round by round,
     * four pairs a round. With {@code asForksDo}, the fork's estimate and floor are
     * {@link ForkEstimate}'s; otherwise the median of all its pairs and no floor (the old way).
     */
    private static double[] placedFork(SplittableRandom random, double truth, double placement, int instances, int rounds,
            boolean asForksDo) {
        double[] effects = new double[instances];
        for (int i = 0; i < instances; i++) {
            effects[i] = random.nextBoolean() ? Math.log(placement) : -Math.log(placement);
        }
        double[] pairs = new double[4 * rounds];
        for (int p = 0; p < pairs.length; p++) {
            pairs[p] = truth * Math.exp(effects[p / 4 % instances] + 0.01 * gaussian(random));
        }
        if (asForksDo) {
            ForkEstimate estimate = ForkEstimate.of(pairs, null, instances, Schedule.PAIRS_PER_ROUND);
            return new double[] {estimate.ratio(), estimate.floor()};
        }
        Arrays.sort(pairs);
        return new double[] {(pairs[pairs.length / 2 - 1] + pairs[pairs.length / 2]) / 2, 0};
    }

    /**
     * Simulated comparisons under the stopping rule with a two-valued placement effect of 23%: how
     * many final intervals held {@code truth}, and how many verdicts were slower or faster.
     */
    private static int[] placedComparisons(SplittableRandom random, ForkStoppingRule rule, double truth, int instances,
            boolean asForksDo, int experiments) {
        int held = 0;
        int decisive = 0;
        for (int e = 0; e < experiments; e++) {
            double[] forkRatios = new double[rule.maxForks()];
            double[] floors = new double[rule.maxForks()];
            for (int f = 1; f <= rule.maxForks(); f++) {
                double[] fork = placedFork(random, truth, 1.23, instances, 12, asForksDo);
                forkRatios[f - 1] = fork[0];
                floors[f - 1] = fork[1];
                ForkInterval interval = ForkInterval.of(Arrays.copyOf(forkRatios, f), Arrays.copyOf(floors, f),
                        rule.lookConfidence(f));
                Verdict verdict = rule.judge(interval, 0, 0.01);
                if (rule.stops(f, verdict)) {
                    held += interval.contains(truth) ? 1 : 0;
                    decisive += verdict.isDecisive() ? 1 : 0;
                    break;
                }
            }
        }
        return new int[] {held, decisive};
    }

    @Test
    void aTwoValuedPlacementEffectBreaksThreeForksOfOneInstanceButNotFiveOfFourInstancesWithTheirFloor() {
        int experiments = 2_000;
        ForkStoppingRule oldRule = new ForkStoppingRule(0.99, 3, 6);
        ForkStoppingRule rule = new ForkStoppingRule(0.99, ForkStoppingRule.DEFAULT_MIN_FORKS, ForkStoppingRule.DEFAULT_MAX_FORKS);
        int oldWay = placedComparisons(new SplittableRandom(7), oldRule, 1.01, 1, false, experiments)[0];
        int newWay = placedComparisons(new SplittableRandom(7), rule, 1.01, Placements.INSTANCES, true, experiments)[0];
        int withoutFloor = placedComparisons(new SplittableRandom(7), rule, 1.01, Placements.INSTANCES, false, experiments)[0];
        assertTrue(oldWay < 0.8 * experiments, "3 to 6 forks of one instance each held the truth in " + oldWay + " of "
                + experiments + ": a two-valued effect puts three forks on one side often enough to miss");
        assertTrue(newWay >= 0.995 * experiments, ForkStoppingRule.DEFAULT_MIN_FORKS + " to " + ForkStoppingRule.DEFAULT_MAX_FORKS + " forks of " + Placements.INSTANCES + " instances each held the "
                + "truth in " + newWay + " of " + experiments);
        assertTrue(withoutFloor < newWay, "without the instances' floor the forks can agree on a wrong value: held in "
                + withoutFloor + " against " + newWay);
        // A long budget: 8 forks of 8 instances each, one look.
        ForkStoppingRule longBudget = new ForkStoppingRule(0.99, 8, 8);
        int longWay = placedComparisons(new SplittableRandom(7), longBudget, 1.01, Placements.MORE_INSTANCES, true,
                experiments)[0];
        assertTrue(longWay >= 0.995 * experiments, "8 forks of " + Placements.MORE_INSTANCES + " instances each held the "
                + "truth in " + longWay + " of " + experiments);
    }

    @Test
    void underATwoValuedPlacementEffectAAgainstAIsRarelyDecisive() {
        ForkStoppingRule rule = new ForkStoppingRule(0.99, ForkStoppingRule.DEFAULT_MIN_FORKS, ForkStoppingRule.DEFAULT_MAX_FORKS);
        int experiments = 2_000;
        int decisive = placedComparisons(new SplittableRandom(11), rule, 1.0, Placements.INSTANCES, true, experiments)[1];
        assertTrue(decisive <= experiments / 200, "A = B, yet " + decisive + " of " + experiments + " said slower or faster");
        int decisiveLong = placedComparisons(new SplittableRandom(11), new ForkStoppingRule(0.99, 8, 8), 1.0,
                Placements.MORE_INSTANCES, true, experiments)[1];
        assertTrue(decisiveLong <= experiments / 200, "A = B over 8 forks of " + Placements.MORE_INSTANCES + " instances, yet "
                + decisiveLong + " of " + experiments + " said slower or faster");
    }

    @Test
    void theFloorWidensOnlyWhenTheForksAgreeMoreThanTheirInstancesDo() {
        double[] ratios = {1.10, 1.10, 1.10, 1.10, 1.10};
        ForkInterval bare = ForkInterval.of(ratios, 0.99);
        assertEquals(1.10, bare.low(), 1e-9, "five equal forks and no floor: a point");
        ForkInterval floored = ForkInterval.of(ratios, new double[] {0.01, 0.01, 0.01, 0.01, 0.01}, 0.99);
        double halfWidth = ForkInterval.tQuantile(4, 0.995) * Math.sqrt(0.01 / 5);
        assertEquals(1.10 * Math.exp(-halfWidth), floored.low(), 1e-9);
        assertEquals(1.10 * Math.exp(halfWidth), floored.high(), 1e-9);
        double[] spread = {1.0, 1.2, 0.9, 1.3, 1.1};
        assertEquals(ForkInterval.of(spread, 0.99).low(), ForkInterval.of(spread, new double[5], 0.99).low(), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> ForkInterval.of(ratios, new double[4], 0.99));
        assertThrows(IllegalArgumentException.class, () -> ForkInterval.of(ratios, new double[] {0, 0, 0, 0, -1}, 0.99));
    }
}
