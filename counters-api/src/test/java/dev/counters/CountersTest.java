package dev.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The static facade over the default registry; with only counters-api present, the JDK floor serves. */
class CountersTest {

    @Test
    void eachFactoryReturnsANewCounterOfItsKind() {
        assertEquals(CounterKind.TICK, Counters.tick().getInfo().kind());
        assertEquals(CounterKind.SYSTEM_TIME, Counters.systemTime().getInfo().kind());
        assertEquals(CounterKind.HIGH_PERFORMANCE, Counters.highPerformance().getInfo().kind());
        assertEquals(CounterKind.PERFORMANCE, Counters.performance().getInfo().kind());
        assertEquals(CounterKind.THREAD_TIMES, Counters.threadTimes().getInfo().kind());
        assertEquals(CounterKind.PROCESS_TIMES, Counters.processTimes().getInfo().kind());
        assertEquals(CounterKind.PERFORMANCE, Counters.create(CounterKind.PERFORMANCE).getInfo().kind());
        assertNotSame(Counters.performance(), Counters.performance());
    }

    @Test
    void multimediaNeedsAPlatformModule() {
        UnsupportedOperationException e = org.junit.jupiter.api.Assertions.assertThrows(
                UnsupportedOperationException.class, Counters::multimedia);
        assertTrue(e.getMessage().contains("MULTIMEDIA"), e.getMessage());
    }

    @Test
    void atLeastFiveKindsAreAvailableFromTheJdk() {
        List<CounterInfo> available = Counters.available();
        assertTrue(available.size() >= 5, available.toString());
        assertTrue(available.stream().allMatch(info -> info.provider().equals("jdk")));
    }
}
