package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** The warm-up's rounds against a fake JIT whose compilation time grows as the test says. */
class CompilingWarmUpTest {
    /** A fake clock each run advances by 1 ms: a steady task, stable in every round. */
    private final AtomicLong clock = new AtomicLong();
    private final DoubleSupplier steady = () -> {
        clock.addAndGet(1_000_000);
        return 1_000_000;
    };

    /** A compilation clock that grows by 5 ms during each of the first {@code compilingRounds} rounds. */
    private static LongSupplier compiling(int compilingRounds) {
        long[] reads = {0};
        return () -> {
            long read = reads[0]++;
            // Each round reads twice, before and after: read 2k is round k's start, read 2k + 1 its end.
            return 5 * Math.min(compilingRounds, (read + 1) / 2);
        };
    }

    @Test
    void aSteadyTaskWhoseCodeIsStillBeingCompiledWarmsUpUntilTheJitHasBeenQuietForAStretch() {
        long[] lastGrowth = {-1};
        LongSupplier twoRounds = compiling(2);
        long[] previous = {0};
        LongSupplier watched = () -> {
            long millis = twoRounds.getAsLong();
            if (millis > previous[0]) {
                lastGrowth[0] = clock.get();
            }
            previous[0] = millis;
            return millis;
        };
        CompilingWarmUp.Result result = CompilingWarmUp.run(steady, clock::get, watched, Duration.ofSeconds(5), 5, 0.005);
        assertTrue(result.rounds() >= 3, "two rounds saw compilation, then at least one did not: " + result.rounds());
        assertTrue(clock.get() - lastGrowth[0] >= CompilingWarmUp.QUIET.toNanos(),
                "no compilation ended for " + (clock.get() - lastGrowth[0]) + " ns before the warm-up ended");
        assertFalse(result.stillCompiling());
        assertTrue(result.report().converged());
        assertEquals(Duration.ofNanos(clock.get()), result.report().duration());
        assertEquals(clock.get() / 1_000_000, result.report().runs(), "every round's runs are counted");
        assertEquals(Duration.ofSeconds(5), result.report().budget());
    }

    @Test
    void aRoundThatConvergesBeforeACompilationEndsDoesNotEndTheWarmUp() {
        // No compilation ends during the first rounds: a short round alone proves nothing.
        CompilingWarmUp.Result result = CompilingWarmUp.run(steady, clock::get, () -> 0, Duration.ofSeconds(5), 5, 0.005);
        assertTrue(clock.get() >= CompilingWarmUp.QUIET.toNanos(), "ended after " + clock.get() + " ns");
        assertFalse(result.stillCompiling());
    }

    @Test
    void runsThatNeverAgreeAsOnALoadedMachineEndTheWarmUpWhenTheJitIsQuietNotAtTheBudget() {
        // Runs a third slower in every other 30 ms, as on a CPU shared in time slices: batches never agree within 0.5%.
        DoubleSupplier scattered = () -> {
            long nanos = clock.get() / 30_000_000 % 2 == 0 ? 1_000_000 : 1_333_000;
            clock.addAndGet(nanos);
            return nanos;
        };
        Duration budget = Duration.ofSeconds(2);
        CompilingWarmUp.Result result = CompilingWarmUp.run(scattered, clock::get, compiling(1), budget, 5, 0.005);
        long quiet = Math.min(CompilingWarmUp.QUIET.toNanos(), budget.toNanos() / 4);
        assertFalse(result.report().converged(), "the runs never agreed: " + result.report());
        assertFalse(result.stillCompiling(), "the JIT was quiet after the first round");
        assertEquals(2, result.rounds(), "one round that saw a compilation, one quiet stretch after it");
        assertTrue(clock.get() >= quiet, "ended after " + clock.get() + " ns");
        assertTrue(clock.get() <= 3 * quiet, "ended after " + clock.get() + " ns, not at the budget's "
                + budget.toNanos() + ": a round that made its window gives up after the quiet stretch");
    }

    @Test
    void aLongTasksRoundsStillMakeTheirWindowOfRunsSoItsWarmUpIsJudged() {
        // 100 ms a run: the quiet stretch holds two or three, a window five.
        DoubleSupplier long100 = () -> {
            clock.addAndGet(100_000_000);
            return 100_000_000;
        };
        CompilingWarmUp.Result result = CompilingWarmUp.run(long100, clock::get, compiling(1), Duration.ofMillis(1_200), 5,
                0.005);
        assertTrue(result.report().converged(), result.report().toString());
        assertFalse(Double.isNaN(result.report().finalCoefficientOfVariation()), result.report().toString());
        assertEquals(2, result.rounds(), "a round of five runs that saw the compilation, then a quiet one");
        assertEquals(10, result.report().runs());
    }

    @Test
    void aWarmUpOfAFewNanosecondsMakesOneRunAndEnds() {
        for (long nanos = 1; nanos <= 12; nanos++) {
            CompilingWarmUp.Result result = CompilingWarmUp.run(steady, clock::get, compiling(1), Duration.ofNanos(nanos), 5,
                    0.005);
            assertEquals(1, result.report().runs(), "a budget of " + nanos + " ns");
        }
    }

    @Test
    void withoutCompilationTimeOneRoundIsMade() {
        CompilingWarmUp.Result result = CompilingWarmUp.run(steady, clock::get, null, Duration.ofSeconds(5), 5, 0.005);
        assertEquals(1, result.rounds());
        assertTrue(result.report().converged(), result.report().toString());
        assertFalse(result.stillCompiling());
    }

    @Test
    void withoutCompilationTimeTheOneRoundRunsUntilItsRunsAgreePastTheQuietStretch() {
        // Runs getting faster from 2 ms by 2.5 us each, then 1 ms from the 400th on: they agree only past 500 ms.
        long[] runs = {0};
        DoubleSupplier faster = () -> {
            long run = runs[0]++;
            long nanos = run < 400 ? 2_000_000 - 2_500 * run : 1_000_000;
            clock.addAndGet(nanos);
            return nanos;
        };
        CompilingWarmUp.Result result = CompilingWarmUp.run(faster, clock::get, null, Duration.ofSeconds(5), 5, 0.005);
        assertEquals(1, result.rounds());
        assertTrue(result.report().converged(), result.report().toString());
        assertTrue(clock.get() > 500_000_000L, "ended after " + clock.get() + " ns, before the runs agreed");
    }

    @Test
    void aJitThatNeverQuietensEndsAtTheBudgetAndSaysSo() {
        long[] compiled = {0};
        CompilingWarmUp.Result result = CompilingWarmUp.run(steady, clock::get, () -> compiled[0]++, Duration.ofSeconds(1), 5,
                0.005);
        assertTrue(result.stillCompiling(), result.toString());
        assertTrue(result.report().duration().compareTo(Duration.ofMillis(900)) >= 0, result.toString());
        assertTrue(result.report().duration().compareTo(Duration.ofMillis(1100)) <= 0, result.toString());
    }
}
