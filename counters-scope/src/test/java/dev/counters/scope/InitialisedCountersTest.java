package dev.counters.scope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.internal.SourceCounter;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeTickSource;
import org.junit.jupiter.api.Test;

class InitialisedCountersTest {

    @Test
    void readingsAreValidAtOnce() {
        FakeTickSource clock = FakeTickSource.at(0).steppingBy(3);
        SourceCounter counter = InitialisedCounters.of(FakeCounters.over(clock, 1000));
        assertEquals(3, counter.getPeriodCount());
        assertEquals(2, clock.reads());
    }

    @Test
    void worksWithRealCountersAndKeepsTheirType() {
        Counter counter = Counters.performance();
        assertSame(counter, InitialisedCounters.of(counter));
        assertTrue(counter.getMicroseconds() >= 0);
        CpuTimesCounter cpu = InitialisedCounters.of(Counters.threadTimes()); // the JDK floor's here: a total, no split
        assertTrue(cpu.getPeriodCount() >= 0);
    }

    @Test
    void nullSaysWhatToPass() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> InitialisedCounters.of(null));
        assertTrue(e.getMessage().contains("Counters.performance()"), e.getMessage());
    }
}
