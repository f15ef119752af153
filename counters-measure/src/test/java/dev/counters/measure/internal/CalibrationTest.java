package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.internal.TickSource;
import dev.counters.measure.Overhead;
import dev.counters.testing.FakeCounters;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CalibrationTest {

    @Test
    void measuresAKnownOverhead() {
        CostlyClock clock = new CostlyClock(7);
        Calibration calibration = Calibration.of(FakeCounters.nanoseconds(clock));
        assertEquals(7, calibration.overheadTicks());
        assertEquals(Duration.ofNanos(7), calibration.overhead());
        assertEquals(Calibration.DEFAULT_ROUNDS - 1, calibration.roundMeans().length);
    }

    @Test
    void interruptedPairsDoNotMoveTheOverhead() {
        long[] reads = {0};
        // Every 50th pair is "preempted" for 100 000 ticks, as an interrupt would do.
        CostlyClock clock = new CostlyClock(7) {
            @Override
            public long read() {
                if (++reads[0] % 100 == 0) {
                    advance(100_000);
                }
                return super.read();
            }
        };
        assertEquals(7, Calibration.of(FakeCounters.nanoseconds(clock)).overheadTicks());
    }

    @Test
    void calibratedCounterSubtractsTheOverheadFromRealWork() {
        CostlyClock clock = new CostlyClock(7);
        Counter counter = FakeCounters.nanoseconds(clock);
        CalibratedCounter calibrated = CalibratedCounter.of(counter, Calibration.of(counter));
        calibrated.start();
        clock.advance(1_000);
        calibrated.stop();
        assertEquals(1_007, calibrated.rawPeriodCount());
        assertEquals(1_000, calibrated.getPeriodCount());
        assertEquals(1_000, calibrated.getNanoseconds());
        assertEquals(7, calibrated.subtractedPeriodCount());
        calibrated.start();
        calibrated.stop();
        assertEquals(0, calibrated.getPeriodCount(), "an empty region reads zero once calibrated");
    }

    @Test
    void neverSubtractsBelowZero() {
        CostlyClock clock = new CostlyClock(3);
        Counter counter = FakeCounters.nanoseconds(clock);
        CalibratedCounter calibrated = CalibratedCounter.of(counter, Calibration.ofKnownOverhead(10, 1_000_000_000L));
        calibrated.start();
        calibrated.stop();
        assertEquals(3, calibrated.rawPeriodCount());
        assertEquals(0, calibrated.getPeriodCount());
        assertEquals(3, calibrated.subtractedPeriodCount());
    }

    @Test
    void rejectsDegenerateRounds() {
        Counter counter = FakeCounters.nanoseconds(new CostlyClock(1));
        assertThrows(IllegalArgumentException.class, () -> Calibration.of(counter, 1, 10));
        assertThrows(IllegalArgumentException.class, () -> Calibration.of(counter, 0, 10));
        assertThrows(IllegalArgumentException.class, () -> Calibration.of(counter, 3, 0));
        assertThrows(IllegalArgumentException.class, () -> Calibration.ofKnownOverhead(-1, 1));
    }

    @Test
    void warmsUpThenReadsEveryPairOfEveryRound() {
        CountingClock clock = new CountingClock(new CostlyClock(7));
        Calibration calibration = Calibration.of(FakeCounters.nanoseconds(clock), 2, 1);
        assertEquals(2 * (Calibration.WARM_UP_PAIRS + 2), clock.reads, "a start and a stop read per pair");
        assertEquals(1, calibration.roundMeans().length);
        assertEquals(7, calibration.overheadTicks());
    }

    @Test
    void keepsTheMedianRoundAndSaysWhichRoundsItSaw() {
        // The first round (ignored) costs 9 ticks a pair, then 6, then 3: round means 6 and 3, median 4.5, rounded to 5.
        long[] reads = {0};
        CostlyClock slowingDown = new CostlyClock(0) {
            @Override
            public long read() {
                long round = Math.max(0, (++reads[0] - 2 * Calibration.WARM_UP_PAIRS - 1) / 20);
                advance(9 - 3 * round);
                return super.read();
            }
        };
        Calibration calibration = Calibration.of(FakeCounters.nanoseconds(slowingDown), 3, 10);
        assertEquals(5, calibration.overheadTicks());
        assertArrayEquals(new double[] {6, 3}, calibration.roundMeans());
        assertEquals("overhead 5 ticks (5 ns), median of 2 rounds of 10 pairs (round means 3.0..6.0 ticks)",
                calibration.toString());
    }

    @Test
    void eachRoundDropsItsHighestAndLowestTenth() {
        assertEquals(5.5, Calibration.trimmedMean(new long[] {10, 1, 2, 3, 4, 5, 6, 7, 8, 9}), 0, "1 and 10 dropped");
        assertEquals(3, Calibration.trimmedMean(new long[] {3, 3, 3, 3, 3, 3, 3, 3, 3}), 0, "fewer than ten: nothing dropped");
    }

    @Test
    void aKnownOverheadIsTakenAsGiven() {
        Calibration given = Calibration.ofKnownOverhead(0, 1);
        assertEquals(0, given.overheadTicks());
        assertEquals("overhead 10 ticks (PT0.00000001S, given)", Calibration.ofKnownOverhead(10, 1_000_000_000L).toString());
        assertThrows(IllegalArgumentException.class, () -> Calibration.ofKnownOverhead(1, 0));
    }

    @Test
    void aCalibratedCounterSaysWhatItSubtracts() {
        Counter counter = FakeCounters.nanoseconds(new CostlyClock(3));
        Calibration calibration = Calibration.ofKnownOverhead(2, 1_000_000_000L);
        CalibratedCounter calibrated = CalibratedCounter.of(counter, calibration);
        assertSame(calibration, calibrated.calibration());
        assertEquals("calibrated " + counter + ", overhead 2 ticks (PT0.000000002S, given)", calibrated.toString());
    }

    @Test
    void overheadReadsInPeopleUnits() {
        assertEquals("overhead subtracted: wall 25 ns, thread CPU 1.5 us (user 1 us, kernel 500 ns), median of 1000 empty passes",
                new Overhead(25, 1_500, 1_000, 500, 1_000).toString());
    }

    /** Counts the reads of another clock. */
    private static final class CountingClock implements TickSource {
        private final TickSource clock;
        private long reads;

        CountingClock(TickSource clock) {
            this.clock = clock;
        }

        @Override
        public long read() {
            reads++;
            return clock.read();
        }
    }
}
