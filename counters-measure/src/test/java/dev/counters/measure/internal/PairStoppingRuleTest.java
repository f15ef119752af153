package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Compare;
import dev.counters.measure.Overhead;
import dev.counters.measure.Task;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** When pairs stop being added, in one JVM and in a fork, on pairs whose figures the test writes itself. */
class PairStoppingRuleTest {
    private static final Task A = () -> "a";
    private static final Task B = () -> "b";

    /** {@code count} pairs in which B takes {@code ratio} times A's 1 ms, each run within ±{@code spread} at random. */
    private static Pairs pairs(int count, double ratio, double spread, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Pairs pairs = new Pairs(new Overhead(0, 0, 0, 0, 1), 1, 1, false);
        for (int i = 0; i < count; i++) {
            boolean aFirst = i % 2 == 0;
            pairs.run((first, firstPhase, second, secondPhase, index, into) -> {
                double a = 1e6 * (1 + spread * (2 * random.nextDouble() - 1));
                double b = ratio * 1e6 * (1 + spread * (2 * random.nextDouble() - 1));
                into[Pairing.FIRST_WALL] = first == A ? a : b;
                into[Pairing.FIRST_CPU] = first == A ? a : b;
                into[Pairing.SECOND_WALL] = first == A ? b : a;
                into[Pairing.SECOND_CPU] = first == A ? b : a;
                into[Pairing.FIRST_PROCESS] = Double.NaN;
                into[Pairing.SECOND_PROCESS] = Double.NaN;
                into[Pairing.FIRST_GC] = 0;
                into[Pairing.SECOND_GC] = 0;
            }, A, B, aFirst);
        }
        return pairs;
    }

    @Test
    void inOneJvmADecidedVerdictStopsTheComparison() {
        PairStoppingRule rule = PairStoppingRule.inOneJvm(new CompareSettings(Duration.ofSeconds(20), 0.0025, 0.99, 0, 32, Duration.ZERO, Compare.Order.ALTERNATING, Compare.JudgedBy.AUTO));
        assertEquals(Compare.StopReason.DECIDED, rule.check(pairs(64, 2.0, 0.05, 1)));
    }

    @Test
    void aForkGoesOnAfterItAloneDecidedAndStopsOnlyAtItsTarget() {
        PairStoppingRule rule = PairStoppingRule.forFork(new CompareSettings(Duration.ofSeconds(20), 0.0025, 0.99, 0, 32, Duration.ZERO, Compare.Order.ALTERNATING, Compare.JudgedBy.AUTO));
        assertNull(rule.check(pairs(64, 2.0, 0.05, 1)), "twice as slow, decided, but ±5% runs are far from ±0.25%");
        assertEquals(Compare.StopReason.TARGET, rule.check(pairs(64, 2.0, 0.0001, 1)), "runs within ±0.01% meet the target");
    }

    @Test
    void aDuetsCouplesCancelADifferenceBetweenTheWorkers() {
        // A against A on two workers, one 2% faster: pair by pair the ratios are 1.02 and 1/1.02, each couple's mean is 1.
        Pairs pairs = new Pairs(new Overhead(0, 0, 0, 0, 1), 1, 1, true);
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 200; i++) {
            pairs.run((first, firstPhase, second, secondPhase, index, into) -> {
                double noise = 1 + 0.001 * (2 * random.nextDouble() - 1);
                into[Pairing.FIRST_WALL] = 1e6 * noise;
                into[Pairing.FIRST_CPU] = 1e6 * noise;
                into[Pairing.SECOND_WALL] = 1.02e6;
                into[Pairing.SECOND_CPU] = 1.02e6;
                into[Pairing.FIRST_PROCESS] = Double.NaN;
                into[Pairing.SECOND_PROCESS] = Double.NaN;
                into[Pairing.FIRST_GC] = Double.NaN;
                into[Pairing.SECOND_GC] = Double.NaN;
            }, A, B, i % 2 == 0);
        }
        PairJudgement judgement = PairJudgement.of(pairs, 0.99, 0, 0.01);
        assertEquals(100, judgement.cpu().pairs(), "200 pairs are 100 couples");
        assertTrue(judgement.cpu().interval().contains(1.0), judgement.cpu().toString());
        assertTrue(judgement.cpu().ratio() > 0.999 && judgement.cpu().ratio() < 1.001, judgement.cpu().toString());
        assertTrue(judgement.cpu().interval().high() / judgement.cpu().interval().low() < 1.002,
                "pair by pair the interval would span 1/1.02 to 1.02: " + judgement.cpu().interval());
    }
}
