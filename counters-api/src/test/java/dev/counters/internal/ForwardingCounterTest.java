package dev.counters.internal;

import dev.counters.Counter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeTickSource;
import org.junit.jupiter.api.Test;

class ForwardingCounterTest {

    @Test
    void forwardsEveryCall() {
        FakeTickSource clock = FakeTickSource.at(0);
        SourceCounter inner = FakeCounters.over(clock, 1000);
        Counter outer = new ForwardingCounter(inner) {};
        outer.start();
        clock.advance(5);
        outer.stop();
        assertEquals(5, outer.getPeriodCount());
        assertEquals(1000, outer.getFrequency());
        assertSame(inner.getInfo(), outer.getInfo());
        assertEquals(inner.toString(), outer.toString());
        outer.restartFromStop();
        clock.advance(2);
        outer.stop();
        assertEquals(2, inner.getPeriodCount());
        assertEquals(2, outer.getMilliseconds());
    }

    @Test
    void needsADelegate() {
        assertThrows(NullPointerException.class, () -> new ForwardingCounter(null) {});
    }
}
