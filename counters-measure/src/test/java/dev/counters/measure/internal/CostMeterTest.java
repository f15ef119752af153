package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.testing.FakeCounters;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The cost meter against a scripted clock (exact arithmetic) and against real time spent in a counter's calls. */
class CostMeterTest {
    private static final Counter CLOCK = CounterRegistry.systemDefault().create(CounterKind.PERFORMANCE);

    /** A counter that counts its calls and spins for a set time in each, on the same clock the meter uses. */
    static final class SpinningCounter implements Counter {
        private final long spinNanos;
        long starts;
        long stops;

        SpinningCounter(long spinNanos) {
            this.spinNanos = spinNanos;
        }

        @Override
        public void start() {
            starts++;
            spin();
        }

        @Override
        public void stop() {
            stops++;
            spin();
        }

        private void spin() {
            if (spinNanos > 0) {
                long end = System.nanoTime() + spinNanos;
                while (System.nanoTime() - end < 0) {
                    Thread.onSpinWait();
                }
            }
        }

        @Override
        public void restartFromStop() {}

        @Override
        public long getPeriodCount() {
            return 0;
        }

        @Override
        public long getFrequency() {
            return 1;
        }

        @Override
        public long getSeconds() {
            return 0;
        }

        @Override
        public long getMilliseconds() {
            return 0;
        }

        @Override
        public long getMicroseconds() {
            return 0;
        }

        @Override
        public long getNanoseconds() {
            return 0;
        }

        @Override
        public Duration getElapsed() {
            return Duration.ZERO;
        }

        @Override
        public CounterInfo getInfo() {
            throw new UnsupportedOperationException();
        }
    }

    /** The cost of a counter timed by a reference clock, both reading one clock that advances {@code nanosPerRead} a read. */
    private static CostMeter.Cost onOneScriptedClock(long nanosPerRead, int batches, int maxPairs, Duration budget) {
        CostlyClock time = new CostlyClock(nanosPerRead);
        Counter counter = FakeCounters.nanoseconds(time);
        Counter reference = FakeCounters.nanoseconds(time);
        return new CostMeter(reference, batches, maxPairs, budget).measure(counter);
    }

    @Test
    void eachBatchCostsExactlyWhatItsReadingsAdvancedAScriptedClock() {
        // The counter and the reference clock read one clock that advances 7 ns a read: a batch of n
        // pairs reads it 2n times between the reference's two readings, so it took (2n + 1) * 7 ns.
        CostMeter.Cost cost = onOneScriptedClock(7, 3, 2_000, Duration.ofHours(1));
        double perPair = (2 * 2_000 + 1) * 7 / 2_000.0;
        assertEquals(perPair, cost.medianNanos());
        assertEquals(perPair, cost.minNanos());
        assertEquals(perPair, cost.maxNanos());
        assertEquals(3 * 2_000, cost.pairsTimed());
        assertEquals(2_000, cost.smallestBatch());
        assertEquals(3, cost.batches());
    }

    @Test
    void theBudgetSetsTheBatchSizeFromTheLastBatchsCost() {
        // 10 ns a read: a pilot of 1,000 pairs takes 20,010 ns, and pilots run until their share, a tenth of
        // the 1 ms budget, is spent: 5 of them, 100,050 ns. Batch 1 gets half of the 899,950 ns left at
        // 20.01 ns a pair: 22,487 pairs (449,750 ns); batch 2 the 450,200 ns left at 449,750 / 22,487 ns a pair: 22,509.
        CostMeter.Cost cost = onOneScriptedClock(10, 2, 1_000_000, Duration.ofMillis(1));
        assertEquals(2, cost.batches());
        assertEquals(22_487, cost.smallestBatch());
        assertEquals(22_487 + 22_509, cost.pairsTimed());
    }

    @Test
    void runsPilotsThenEveryBatchInFullWhenTheBudgetAllows() {
        SpinningCounter counter = new SpinningCounter(0);
        CostMeter.Cost cost = new CostMeter(CLOCK, 4, 3_000, Duration.ofSeconds(30)).measure(counter);
        assertEquals(3_000, cost.smallestBatch());
        assertEquals(4 * 3_000, cost.pairsTimed());
        assertEquals(4, cost.batches());
        long pilotPairs = counter.starts - cost.pairsTimed();
        assertTrue(pilotPairs >= CostMeter.PILOTS * (long) CostMeter.PILOT_PAIRS, "pilots: " + pilotPairs);
        assertEquals(0, pilotPairs % CostMeter.PILOT_PAIRS, "whole pilot batches: " + pilotPairs);
        assertEquals(counter.starts, counter.stops);
        assertTrue(cost.minNanos() <= cost.medianNanos() && cost.medianNanos() <= cost.maxNanos());
    }

    @Test
    void aDearCounterRunsSmallerBatchesToFitTheBudgetButNeverFewerThanAPilot() {
        SpinningCounter counter = new SpinningCounter(5_000);
        CostMeter.Cost cost = new CostMeter(CLOCK, 2, 1_000_000, Duration.ofMillis(1)).measure(counter);
        assertEquals(CostMeter.PILOT_PAIRS, cost.smallestBatch());
        assertEquals(2 * CostMeter.PILOT_PAIRS, cost.pairsTimed());
    }

    @Test
    void batchesShrinkToWhatTheRestOfTheBudgetAffords() {
        // 10 us per pair and a 200 ms budget: about 20 ms of pilots, then about 18,000 pairs over 2 batches,
        // far below the 1,000,000 asked for; never above the budget's worth by more than a pilot batch.
        SpinningCounter counter = new SpinningCounter(5_000);
        CostMeter.Cost cost = new CostMeter(CLOCK, 2, 1_000_000, Duration.ofMillis(200)).measure(counter);
        assertTrue(cost.smallestBatch() >= CostMeter.PILOT_PAIRS && cost.smallestBatch() < 1_000_000, "" + cost.smallestBatch());
        assertTrue(cost.pairsTimed() <= 200_000_000L / 10_000 + CostMeter.PILOT_PAIRS, "" + cost.pairsTimed());
    }

    @Test
    void theCostIsAtLeastTheTimeEachPairSpins() {
        long spin = 2_000;
        CostMeter.Cost cost = new CostMeter(CLOCK, 3, 200, Duration.ofSeconds(10)).measure(new SpinningCounter(spin));
        // Both calls spin at least `spin` ns on the clock the meter reads: the cost cannot be lower.
        // (1% allows for the clocks' truncation to whole ticks.)
        assertTrue(cost.minNanos() >= 2 * spin * 0.99, "min " + cost.minNanos());
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        CostMeter.Cost cost = new CostMeter.Cost(40, 10, new double[] {4, 1, 3, 2});
        assertEquals(2.5, cost.medianNanos());
        assertEquals(1, cost.minNanos());
        assertEquals(4, cost.maxNanos());
    }

    @Test
    void badSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CostMeter(CLOCK, 0, 1, Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> new CostMeter(CLOCK, 1, 0, Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> new CostMeter(CLOCK, 1, 1, Duration.ZERO));
    }
}
