package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Task;
import dev.counters.measure.Verdict;
import java.time.Duration;
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
        ForkedCompare.Result result = ForkedCompare.of(Once.class.getName(), Twice.class.getName())
                .minForks(2).maxForks(2).budget(Duration.ofSeconds(6)).run();
        assertEquals(2, result.forks(), result.toString());
        assertEquals(Verdict.SLOWER, result.verdict(), result.toString());
        assertTrue(result.low() > 1 && result.low() <= result.ratio() && result.ratio() <= result.high(), result.toString());
        assertTrue(result.ratio() > 1.6 && result.ratio() < 2.5, result.toString());
        assertEquals(2, result.forkVerdicts().size());
        assertEquals("decided", result.stoppedBy(), result.toString());
    }

    @Test
    void aForkThatFailsSaysWhy() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ForkedCompare.of("no.such.TaskA", Twice.class.getName()).minForks(2).maxForks(2).run());
        assertTrue(e.getMessage().contains("ended with exit code 1 and no result"), e.getMessage());
    }
}
