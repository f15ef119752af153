package dev.counters.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.counters.CounterException;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeCpuTimesSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * To the nanosecond, on a thread CPU clock the test moves by hand: the observation measured whole
 * without a scope (issue #49 item 1), and the short cuts that keep a scope's cost from growing with
 * the stack or the ancestry (issue #50 item 4), each giving what the full look-up gave.
 */
class StretchShortcutsTest {
    private final FakeCpuTimesSource clock = new FakeCpuTimesSource();
    private final MeterRegistry meters = new SimpleMeterRegistry();
    private final ObservationRegistry observations = ObservationRegistry.create();
    private boolean failing;

    StretchShortcutsTest() {
        observations.observationConfig().observationHandler(new CpuTimeObservationHandler(meters, () -> FakeCounters.threadTimes(into -> {
            if (failing) {
                throw CounterException.nativeFailure("clock_gettime(CLOCK_THREAD_CPUTIME_ID)", 22, "Invalid argument");
            }
            clock.sample(into);
        })));
    }

    @Test
    void withoutAScopeItIsChargedWhatTheClockMovedFromStartToStopSplitAsTheClockSplitIt() {
        Observation x = Observation.start("x", observations);
        burn(10, 4);
        Observation y = Observation.start("y", observations);
        burn(20, 6);
        x.stop();
        burn(5, 1);
        y.stop();

        assertEquals(30, nanos("x.cpu"));
        assertEquals(10, nanos("x.cpu.kernel"));
        assertEquals(20, nanos("x.cpu.user"));
        assertEquals(25, nanos("y.cpu"));
        assertEquals(7, nanos("y.cpu.kernel"));
    }

    @Test
    void aClockThatFailsAtTheStartOrTheStopLeavesItClockFailed() {
        Observation.createNotStarted("warm", observations).observe(() -> burn(1, 0));
        failing = true;
        Observation atStart = Observation.start("at-start", observations);
        failing = false;
        burn(10, 0);
        atStart.stop();
        Observation atStop = Observation.start("at-stop", observations);
        burn(10, 0);
        failing = true;
        atStop.stop();
        failing = false;

        for (String name : new String[] {"at-start", "at-stop"}) {
            assertNull(meters.find(name + ".cpu").timer(), name);
            assertEquals(1, meters.get(name + ".cpu.unmeasured").tag(CpuTimeMeters.REASON_TAG, "clock-failed").counter().count(), name);
        }
    }

    /** After a resume the stretch below is looked up again: the parent it charges already is not charged twice. */
    @Test
    void aChildOpenedAfterAResumeChargesItsParentOnce() {
        Observation parent = Observation.start("parent", observations);
        Observation.Scope parentScope = parent.openScope();
        burn(10, 0);
        Observation foreign = Observation.createNotStarted("foreign", observations).parentObservation(null).start();
        try (Observation.Scope suspending = foreign.openScope()) {
            burn(100, 0);
        }
        Observation child = Observation.start("child", observations);
        try (Observation.Scope childScope = child.openScope()) {
            burn(20, 0);
        }
        burn(5, 0);
        parentScope.close();
        child.stop();
        foreign.stop();
        parent.stop();

        assertEquals(35, nanos("parent.cpu"));
        assertEquals(20, nanos("child.cpu"));
        assertEquals(100, nanos("foreign.cpu"));
    }

    /** A grandchild whose parent never opened a scope here, opened over its grandparent's: the parent between is charged. */
    @Test
    void aGrandchildOpenedOverItsGrandparentChargesTheParentBetween() {
        Observation grandparent = Observation.start("grandparent", observations);
        Observation.Scope grandparentScope = grandparent.openScope();
        Observation parent = Observation.start("parent", observations);
        Observation grandchild = Observation.createNotStarted("grandchild", observations).parentObservation(parent).start();
        try (Observation.Scope scope = grandchild.openScope()) {
            burn(20, 0);
        }
        burn(5, 0);
        grandparentScope.close();
        grandchild.stop();
        parent.stop();
        grandparent.stop();

        assertEquals(20, nanos("grandchild.cpu"));
        assertEquals(20, nanos("parent.cpu"));
        assertEquals(25, nanos("grandparent.cpu"));
    }

    /** A scope closed beneath another: a scope opened later above charges the closed one's observation again. */
    @Test
    void afterAScopeClosesOutOfOrderTheNextChildChargesItsAncestryAgain() {
        Observation outer = Observation.start("outer", observations);
        Observation.Scope outerScope = outer.openScope();
        burn(10, 0);
        Observation middle = Observation.start("middle", observations);
        Observation.Scope middleScope = middle.openScope();
        burn(5, 0);
        outerScope.close();
        Observation inner = Observation.createNotStarted("inner", observations).parentObservation(middle).start();
        try (Observation.Scope scope = inner.openScope()) {
            burn(20, 0);
        }
        middleScope.close();
        inner.stop();
        middle.stop();
        outer.stop();

        assertEquals(20, nanos("inner.cpu"));
        assertEquals(25, nanos("middle.cpu"));
        assertEquals(35, nanos("outer.cpu"));
    }

    private void burn(long total, long kernel) {
        clock.advance(total, kernel, total - kernel);
    }

    private long nanos(String timer) {
        return (long) meters.get(timer).timer().totalTime(TimeUnit.NANOSECONDS);
    }
}
