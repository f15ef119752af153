package dev.counters.micrometer;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeCpuTimesSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.NullObservation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The stretch accounting to the nanosecond, on a thread CPU clock the test moves by hand: what each
 * observation is charged for its own stretches, nested, suspended, reopened, reset and failed ones,
 * and the kernel/user split of each.
 */
class StretchAccountingTest {
    private final FakeCpuTimesSource clock = new FakeCpuTimesSource();
    private final MeterRegistry meters = new SimpleMeterRegistry();
    private final ObservationRegistry observations = ObservationRegistry.create();
    private boolean failing;

    StretchAccountingTest() {
        observations.observationConfig().observationHandler(new CpuTimeObservationHandler(meters, () -> FakeCounters.threadTimes(into -> {
            if (failing) {
                throw CounterException.nativeFailure("clock_gettime(CLOCK_THREAD_CPUTIME_ID)", 22, "Invalid argument");
            }
            clock.sample(into);
        })));
    }

    @Test
    void aStretchIsChargedWhatTheClockMovedInsideItSplitAsTheClockSplitIt() {
        Observation request = Observation.start("one", observations);
        burn(1_000, 0);   // before the scope: not the request's
        try (Observation.Scope scope = request.openScope()) {
            burn(100, 30);
        }
        burn(1_000, 0);   // after it
        request.stop();

        assertEquals(100, nanos("one.cpu"));
        assertEquals(30, nanos("one.cpu.kernel"));
        assertEquals(70, nanos("one.cpu.user"));
        assertEquals(1, meters.get("one.cpu.covered").timer().count());
        assertTrue(meters.find("one.cpu.unmeasured").counters().isEmpty(), "nothing unmeasured");
    }

    @Test
    void stretchesAddUpAndWhatTheThreadDidBetweenThemIsLeftOut() {
        Observation request = Observation.start("two", observations);
        try (Observation.Scope scope = request.openScope()) {
            burn(100, 10);
        }
        burn(500, 0);
        try (Observation.Scope scope = request.openScope()) {
            burn(50, 5);
        }
        request.stop();
        assertEquals(150, nanos("two.cpu"));
        assertEquals(15, nanos("two.cpu.kernel"));
    }

    @Test
    void aChildIsChargedItsOwnStretchAndItsParentTheWholeOnce() {
        Observation parent = Observation.start("parent", observations);
        Observation child;
        try (Observation.Scope scope = parent.openScope()) {
            burn(10, 0);
            child = Observation.start("child", observations);
            try (Observation.Scope inner = child.openScope()) {
                burn(20, 0);
                try (Observation.Scope again = parent.openScope()) {   // the parent made current again inside its child
                    burn(7, 0);
                }
                burn(1, 0);
            }
            child.stop();
            burn(5, 0);
        }
        parent.stop();
        assertEquals(21, nanos("child.cpu"));
        assertEquals(43, nanos("parent.cpu"));
    }

    @Test
    void anUnrelatedScopeSuspendsEveryStretchBelowUntilItCloses() {
        Observation outer = Observation.start("outer", observations);
        Observation inner;
        Observation foreign;
        try (Observation.Scope scope = outer.openScope()) {
            burn(10, 0);
            inner = Observation.start("inner", observations);
            try (Observation.Scope nested = inner.openScope()) {
                burn(20, 0);
                foreign = Observation.createNotStarted("foreign", observations).parentObservation(null).start();
                try (Observation.Scope other = foreign.openScope()) {
                    burn(100, 0);
                }
                burn(7, 0);
            }
            burn(3, 0);
        }
        inner.stop();
        foreign.stop();
        outer.stop();
        assertEquals(100, nanos("foreign.cpu"));
        assertEquals(27, nanos("inner.cpu"));
        assertEquals(40, nanos("outer.cpu"));
    }

    @Test
    void theSameObservationOpenedTwiceOnOneThreadIsChargedOnce() {
        Observation request = Observation.start("twice", observations);
        try (Observation.Scope scope = request.openScope()) {
            burn(10, 0);
            try (Observation.Scope again = request.openScope()) {
                burn(20, 0);
            }
            burn(5, 0);
        }
        request.stop();
        assertEquals(35, nanos("twice.cpu"));
    }

    @Test
    void aNullObservationHidesWhatIsBelowIt() {
        Observation request = Observation.start("hidden", observations);
        try (Observation.Scope scope = request.openScope()) {
            burn(10, 0);
            try (Observation.Scope cleared = new NullObservation(observations).start().openScope()) {
                burn(100, 0);
            }
            burn(5, 0);
        }
        request.stop();
        assertEquals(15, nanos("hidden.cpu"));
    }

    @Test
    void aResetEndsEveryStretchOfTheThreadAndNothingAfterItIsCharged() {
        Observation outer = Observation.start("outer", observations);
        Observation.Scope outerScope = outer.openScope();
        burn(10, 0);
        Observation inner = Observation.start("inner", observations);
        Observation.Scope innerScope = inner.openScope();
        burn(20, 0);
        innerScope.reset();
        burn(300, 0);
        inner.stop();
        outer.stop();
        assertEquals(20, nanos("inner.cpu"));
        assertEquals(30, nanos("outer.cpu"));
        assertNull(observations.getCurrentObservationScope(), String.valueOf(outerScope));
    }

    @Test
    void aScopeClosedBeneathAnotherEndsThereAndTheOneAboveGoesOn() {
        Observation first = Observation.start("first", observations);
        Observation second = Observation.start("second", observations);
        Observation.Scope firstScope = first.openScope();
        burn(10, 0);
        Observation.Scope secondScope = second.openScope();
        burn(20, 0);
        firstScope.close();   // out of order
        burn(4, 0);
        secondScope.close();
        burn(1_000, 0);
        first.stop();
        second.stop();
        assertEquals(24, nanos("second.cpu"));
        assertTrue(nanos("first.cpu") >= 10 && nanos("first.cpu") <= 30, "first: " + nanos("first.cpu"));
    }

    @Test
    void deepNestingAndLongAncestryAreChargedToEveryLevel() {
        Observation[] levels = new Observation[7];
        Observation.Scope[] scopes = new Observation.Scope[7];
        for (int i = 0; i < levels.length; i++) {
            levels[i] = Observation.start("level" + i, observations);
            scopes[i] = levels[i].openScope();
            burn(1, 0);
        }
        for (int i = levels.length - 1; i >= 0; i--) {
            scopes[i].close();
            levels[i].stop();
        }
        for (int i = 0; i < levels.length; i++) {
            assertEquals(levels.length - i, nanos("level" + i + ".cpu"), "level " + i);
        }
    }

    @Test
    void aChildOpenedAloneOnAThreadChargesItsWholeAncestry() {
        Observation[] chain = new Observation[5];
        chain[0] = Observation.start("root", observations);
        for (int i = 1; i < chain.length; i++) {
            chain[i] = Observation.createNotStarted("link" + i, observations).parentObservation(chain[i - 1]).start();
        }
        try (Observation.Scope scope = chain[chain.length - 1].openScope()) {
            burn(9, 0);
        }
        for (int i = chain.length - 1; i >= 0; i--) {
            chain[i].stop();
        }
        assertEquals(9, nanos("root.cpu"));
        assertEquals(9, nanos("link1.cpu"));
        assertEquals(9, nanos("link4.cpu"));
    }

    @Test
    void aClockThatFailsMidStretchLeavesTheStretchUnmeasuredAndTheNextScopeMakesANewOne() {
        Observation broken = Observation.start("broken", observations);
        try (Observation.Scope scope = broken.openScope()) {
            burn(10, 0);
            Observation.Scope inner = Observation.start("inner", observations).openScope();
            failing = true;
            inner.close();
            failing = false;
        }
        broken.stop();
        assertNull(meters.find("broken.cpu").timer(), "no figure from a failed clock");
        assertEquals(1, meters.get("broken.cpu.unmeasured").tag(CpuTimeMeters.REASON_TAG, "clock-failed").counter().count());

        Observation next = Observation.start("next", observations);
        try (Observation.Scope scope = next.openScope()) {
            burn(6, 0);
        }
        next.stop();
        assertEquals(6, nanos("next.cpu"));
    }

    @Test
    void aKernelPartThatStepsBackIsKeptWithinTheTotal() {
        Observation request = Observation.start("back", observations);
        try (Observation.Scope scope = request.openScope()) {
            burn(100, 100);
            clock.advance(100, -50, 150);   // the source's split moved back: kernel plus user is still the total
        }
        request.stop();
        long kernel = nanos("back.cpu.kernel");
        assertEquals(200, nanos("back.cpu"));
        assertTrue(kernel >= 0 && kernel <= 200, "kernel " + kernel);
        assertEquals(200, kernel + nanos("back.cpu.user"));
    }

    @Test
    void aFailureToRecordNeverReachesTheObservedWork() {
        meters.config().meterFilter(new MeterFilter() {
            @Override
            public io.micrometer.core.instrument.Meter.Id map(io.micrometer.core.instrument.Meter.Id id) {
                if (id.getName().startsWith("refused")) {
                    throw new IllegalStateException("a registry that refuses the meter");
                }
                return id;
            }
        });
        boolean[] ran = {false};
        assertDoesNotThrow(() -> Observation.createNotStarted("refused", observations).observe(() -> ran[0] = true));
        assertTrue(ran[0]);
        assertFalse(meters.getMeters().stream().anyMatch(meter -> meter.getId().getName().startsWith("refused")));
    }

    @Test
    void theObservationsOwnStateAddsCoversAndRecordsOnce() {
        ObservationCpu cpu = new ObservationCpu(1_000);
        assertFalse(cpu.measured());
        assertFalse(cpu.scoped());
        cpu.scopeOpened();
        cpu.scopeOpened();
        assertTrue(cpu.scoped());
        cpu.stretchOpened(1_010);
        cpu.stretchOpened(1_020);
        assertFalse(cpu.stretchClosed(1_030), "not stopped yet");
        assertFalse(cpu.stretchClosed(1_050), "not stopped yet");
        assertFalse(cpu.stretchClosed(1_060), "no stretch open: nothing to close");
        cpu.add(100, 30, true);
        cpu.add(50, 90, true);
        assertTrue(cpu.measured());
        assertTrue(cpu.split());
        assertEquals(150, cpu.totalNanos());
        assertEquals(120, cpu.kernelNanos());
        cpu.stretchOpened(1_100);
        assertFalse(cpu.stop(null, 1_130), "a stretch is open: its close records");
        assertFalse(cpu.stop(null, 1_140), "stopped once");
        assertEquals(40 + 30, cpu.coveredNanos(), "1,010 to 1,050 and 1,100 to the stop");
        assertTrue(cpu.stretchClosed(1_200), "the last stretch of a stopped observation: record now");
        assertFalse(cpu.stretchClosed(1_300));
        cpu.stretchOpened(1_400);
        assertFalse(cpu.stretchClosed(1_500), "recorded already");
        assertEquals(70, cpu.coveredNanos(), "taken at the stop");

        ObservationCpu idle = new ObservationCpu(0);
        assertTrue(idle.stop(null, 10), "nothing open: record at the stop");
        assertEquals(0, idle.coveredNanos());
        assertFalse(idle.split());
        assertEquals(0, idle.kernelNanos());
        idle.add(10, 50, false);
        assertEquals(10, idle.kernelNanos(), "never more than the total");
    }

    @Test
    void eachReasonIsKeptApart() {
        ObservationCpu cpu = new ObservationCpu(0);
        for (Unmeasured reason : Unmeasured.values()) {
            assertFalse(cpu.wasUnmeasured(reason));
        }
        cpu.unmeasured(Unmeasured.CLOCK_FAILED);
        cpu.unmeasured(Unmeasured.CLOCK_FAILED);
        assertTrue(cpu.wasUnmeasured(Unmeasured.CLOCK_FAILED));
        assertFalse(cpu.wasUnmeasured(Unmeasured.VIRTUAL_THREAD));
        assertFalse(cpu.wasUnmeasured(Unmeasured.NO_SCOPE));
        cpu.unmeasured(Unmeasured.NO_SCOPE);
        assertTrue(cpu.wasUnmeasured(Unmeasured.NO_SCOPE));
        assertTrue(cpu.wasUnmeasured(Unmeasured.CLOCK_FAILED));
    }

    /** The thread's clock moves by {@code total} ns, {@code kernel} of them in the kernel. */
    private void burn(long total, long kernel) {
        clock.advance(total, kernel, total - kernel);
    }

    private long nanos(String timer) {
        return (long) meters.get(timer).timer().totalTime(TimeUnit.NANOSECONDS);
    }
}
