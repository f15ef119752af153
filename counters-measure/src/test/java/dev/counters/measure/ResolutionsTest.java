package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.Resolution;
import dev.counters.testing.FakeCounters;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ResolutionsTest {

    @Test
    void findsTheStepOfAQuantisedCounter() {
        long[] reads = {0};
        // Moves by 5 ticks every third read: a 5 ns clock.
        Counter counter = FakeCounters.nanoseconds(() -> ++reads[0] / 3 * 5);
        Resolution resolution = Resolutions.probe(counter);
        assertEquals(Duration.ofNanos(5), resolution.smallest());
        assertEquals(Duration.ofNanos(5), resolution.typical());
        assertEquals(64, resolution.stepsSeen());
    }

    @Test
    void realCounterHasAPositiveStepUnderAMillisecond() {
        Resolution resolution = Resolutions.probe(Counters.performance());
        assertTrue(resolution.stepsSeen() > 0);
        assertTrue(resolution.smallest().toNanos() > 0);
        assertTrue(resolution.smallest().compareTo(Duration.ofMillis(1)) < 0, resolution.toString());
        assertTrue(resolution.smallest().compareTo(resolution.typical()) <= 0);
    }

    /** Issue #23 item 4: a zero or negative budget reported resolutions of 0 and -3.33 ms. */
    @Test
    void refusesABudgetThatIsNotPositive() {
        long[] reads = {0};
        Counter counter = FakeCounters.nanoseconds(() -> ++reads[0]);
        for (Duration budget : new Duration[] {Duration.ZERO, Duration.ofMillis(-10)}) {
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> Resolutions.probe(counter, 8, budget));
            assertEquals("the probe's budget must be positive, was " + budget
                    + "; pass e.g. ResolutionProbe.BUDGET (PT0.25S)", refused.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Resolutions.probe(counter, 0, Duration.ofMillis(1)));
        assertEquals(0, reads[0], "the counter was read although the arguments were refused");
    }
}
