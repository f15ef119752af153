package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counters;
import dev.counters.measure.Task;
import dev.counters.testing.FakeCounters;
import java.time.Duration;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

/**
 * How long {@link InTurn} re-warms a task before its timed run, on a fake clock that each run
 * advances by a time that depends on how many runs of the same task came just before (its caches
 * refilling after the other task ran).
 */
class InTurnTest {
    private static final long MS = 1_000_000;
    private static final Duration REWARM = Pairing.REWARM;

    private long now;
    private Object last;
    private int streak;

    /** A task whose k-th run in a row (k = 0 right after the other task) takes {@code runNanos(k)} on the fake clock. */
    private Task task(IntToLongFunction runNanos) {
        return new Task() {
            @Override
            public Object run() {
                streak = last == this ? streak + 1 : 0;
                last = this;
                now += runNanos.applyAsLong(streak);
                return streak;
            }
        };
    }

    /** How many runs {@code b} made (re-warming ones and its timed one) in one pair after {@code a}. */
    private int runsOfB(Task a, Task b, Duration rewarm) {
        InTurn inTurn = new InTurn(Pass.of(FakeCounters.nanoseconds(() -> now), Counters.threadTimes()), null, () -> now, rewarm);
        double[] into = new double[Pairing.FIGURES];
        inTurn.run(a, "A", b, "B", 0, into);
        return streak + 1;
    }

    @Test
    void aTaskAsFastAtOnceAsLaterReWarmsForTheMinimumOnly() {
        // 100 µs runs: two stretches of 2.5 ms (25 runs each) with the same mean, then the timed run.
        int runs = runsOfB(task(k -> 100_000), task(k -> 100_000), REWARM);
        assertEquals(51, runs);
    }

    @Test
    void aTaskStillGettingFasterReWarmsOnUntilItLevelsOff() {
        // Twice as slow right after the other task, the excess halving every 10 runs: past 5 ms it is
        // still 15% faster stretch on stretch, and levels off (under 2% a stretch) within 20 ms.
        IntToLongFunction refilling = k -> 100_000 + Math.round(100_000 * Math.pow(0.5, k / 10.0));
        int runs = runsOfB(task(k -> 100_000), task(refilling), REWARM);
        long rewarmed = 0;
        for (int k = 0; k < runs - 1; k++) {
            rewarmed += refilling.applyAsLong(k);
        }
        assertTrue(rewarmed > 2 * REWARM.toNanos(), "it went on past the minimum: " + rewarmed);
        assertTrue(rewarmed < InTurn.REWARM_MAX.toNanos(), "it stopped once the runs levelled off: " + rewarmed);
        double lastRun = refilling.applyAsLong(runs - 2);
        assertTrue(lastRun < 1.06 * 100_000, "the timed run follows runs within 6% of the task's settled time: " + lastRun);
    }

    @Test
    void aTaskThatNeverLevelsOffStopsAtTheLongestReWarming() {
        // Each run 1% faster than the one before, for ever (within the test): 2.5 ms stretches keep improving.
        IntToLongFunction ever = k -> Math.max(1, Math.round(200_000 * Math.pow(0.99, k)));
        int runs = runsOfB(task(k -> 100_000), task(ever), REWARM);
        long rewarmed = 0;
        for (int k = 0; k < runs - 1; k++) {
            rewarmed += ever.applyAsLong(k);
        }
        assertTrue(rewarmed >= InTurn.REWARM_MAX.toNanos() && rewarmed < InTurn.REWARM_MAX.toNanos() + MS,
                "from 20 ms to 20 ms and one run: " + rewarmed);
    }

    @Test
    void aRunAsLongAsTheReWarmingIsOneReWarmingRun() {
        assertEquals(2, runsOfB(task(k -> 100_000), task(k -> 6 * MS - 1000 * k), REWARM));
    }

    @Test
    void withoutAWarmUpEachTimedRunFollowsOneReWarmingRun() {
        assertEquals(2, runsOfB(task(k -> 100_000), task(k -> 200_000 - 1000 * k), Duration.ZERO));
    }
}
