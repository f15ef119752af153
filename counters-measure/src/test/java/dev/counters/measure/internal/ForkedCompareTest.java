package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult;
import dev.counters.measure.CompareResult.Conclusion;
import dev.counters.measure.Task;
import dev.counters.measure.Verdict;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Real forks: fresh JVMs on this test's class path, each comparing two task classes. */
class ForkedCompareTest {
    /** About 0.3 ms of xorshift steps. */
    public static final class Once implements Task {
        private long seed = 1;

        @Override
        public Object run() {
            seed = SpinWorkload.spin(100_000, seed);
            return seed;
        }
    }

    /** Twice {@link Once}'s work. */
    public static final class Twice implements Task {
        private long seed = 1;

        @Override
        public Object run() {
            seed = SpinWorkload.spin(200_000, seed);
            return seed;
        }
    }

    @Test
    void twiceTheWorkIsSlowerInEveryJvmAndOverThem() {
        // Three forks: with two, Student's t has one degree of freedom (63.7 standard errors at 99%).
        CompareResult result = Compare.of(Once.class, Twice.class).forks(3).budget(Duration.ofSeconds(9)).run();
        assertEquals(3, result.jvms(), result.toString());
        assertEquals(Verdict.SLOWER, result.verdict(), result.toString());
        Conclusion conclusion = result.conclusion();
        assertTrue(conclusion.low() > 1 && conclusion.low() <= conclusion.ratio() && conclusion.ratio() <= conclusion.high(),
                result.toString());
        assertTrue(conclusion.ratio() > 1.6 && conclusion.ratio() < 2.5, result.toString());
        assertTrue(conclusion.confidence() >= 0.99, result.toString());
        assertEquals(3, result.jvmVerdicts().size());
        assertEquals(3, result.jvmWallRatios().length);
        assertEquals(Compare.StopReason.DECIDED, result.stoppedBy(), result.toString());
        IllegalStateException noPairsHere = assertThrows(IllegalStateException.class, result::wall);
        assertTrue(noPairsHere.getMessage().contains("ran in 3 fresh JVMs"), noPairsHere.getMessage());
        assertThrows(IllegalStateException.class, conclusion::decidedBy);
    }

    @Test
    void taskClassesWithNoForksRunInThisJvmOnSeveralInstancesAndSaySo() {
        CompareResult result = Compare.of(Once.class, Twice.class).forks(0).budget(Duration.ofSeconds(2)).run();
        assertEquals(0, result.jvms());
        assertTrue(result.pairs() >= 8, result.toString());
        assertEquals(Verdict.SLOWER, result.verdict(), result.toString());
        assertEquals(List.of(), result.jvmVerdicts());
    }

    @Test
    void lambdasCannotForkAndOneForkIsNoInterval() {
        Compare lambdas = Compare.of(() -> 1, () -> 2);
        assertThrows(IllegalStateException.class, () -> lambdas.forks(2));
        assertThrows(IllegalArgumentException.class, () -> Compare.of(Once.class, Twice.class).forks(1));
        assertThrows(IllegalStateException.class,
                () -> Compare.of(Once.class, Twice.class).order(Compare.Order.SEQUENTIAL).forks(2).run());
    }

    @Test
    void aForkThatFailsSaysWhy() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ForkedCompare.of("no.such.TaskA", Twice.class.getName()).minForks(2).maxForks(2).run());
        assertTrue(e.getMessage().contains("ended with exit code 1 and no result"), e.getMessage());
    }
}
