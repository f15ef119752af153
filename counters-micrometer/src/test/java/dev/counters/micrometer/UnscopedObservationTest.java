package dev.counters.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counters;
import dev.counters.testing.VirtualThreadRunner;
import dev.counters.testing.Work;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue #49 item 1: an observation that never opens a scope, started and stopped on one platform thread
 * with no scope opened there in between, is that thread's CPU from start to stop, set here against the
 * JDK's own reading of the thread's clock ({@code ThreadMXBean}) around it; otherwise it is
 * {@code no-scope}, as before.
 */
class UnscopedObservationTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Ample for a few reads of the thread CPU clock on any machine this runs on, however loaded. */
    private static final long CLOCK_SLACK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final int ROUNDS = 200;
    private static final Duration BURN = Duration.ofMillis(1);

    private final MeterRegistry meters = new SimpleMeterRegistry();
    private final ObservationRegistry observations = ObservationRegistry.create();

    UnscopedObservationTest() {
        observations.observationConfig().observationHandler(new CpuTimeObservationHandler(meters));
    }

    /** The case: start X, start Y, stop X, stop Y, 200 times, neither ever current: each is measured whole. */
    @Test
    void twoOverlappingObservationsWithoutScopesAreEachMeasuredFromStartToStop() {
        long truthX = 0;
        long truthY = 0;
        for (int i = 0; i < ROUNDS; i++) {
            long beforeX = THREADS.getCurrentThreadCpuTime();
            Observation x = Observation.start("x", observations);
            Work.burnCpu(BURN);
            long beforeY = THREADS.getCurrentThreadCpuTime();
            Observation y = Observation.start("y", observations);
            Work.burnCpu(BURN);
            x.stop();
            long afterX = THREADS.getCurrentThreadCpuTime();
            Work.burnCpu(BURN);
            y.stop();
            long afterY = THREADS.getCurrentThreadCpuTime();
            truthX += afterX - beforeX;
            truthY += afterY - beforeY;
        }
        assertWithin("x", truthX, 2 * ROUNDS);
        assertWithin("y", truthY, 2 * ROUNDS);
        assertTrue(meters.find("x.cpu.unmeasured").counters().isEmpty(), "x is measured, not no-scope");
        assertTrue(meters.find("y.cpu.unmeasured").counters().isEmpty(), "y is measured, not no-scope");
        Timer covered = meters.get("x.cpu.covered").timer();
        assertEquals(ROUNDS, covered.count());
        assertTrue(covered.totalTime(TimeUnit.MILLISECONDS) >= 2 * ROUNDS * BURN.toMillis() - 1, "its whole wall time is covered");
        if (Counters.threadTimes().getInfo().hasKernelUserSplit()) {
            assertEquals((long) meters.get("x.cpu").timer().totalTime(TimeUnit.NANOSECONDS),
                    (long) meters.get("x.cpu.kernel").timer().totalTime(TimeUnit.NANOSECONDS)
                            + (long) meters.get("x.cpu.user").timer().totalTime(TimeUnit.NANOSECONDS), "kernel plus user is the total");
        }
    }

    /** Another observation's scope opened on the thread in between: the thread's CPU is no longer only this one's work. */
    @Test
    void aScopeOpenedInBetweenLeavesItNoScope() {
        Observation outer = Observation.start("outer", observations);
        Work.burnCpu(BURN);
        Observation.createNotStarted("inner", observations).observe(() -> Work.burnCpu(BURN));
        outer.stop();

        assertNull(meters.find("outer.cpu").timer(), "not measured: another observation was current in between");
        assertEquals(1, meters.get("outer.cpu.unmeasured").tag(CpuTimeMeters.REASON_TAG, "no-scope").counter().count());
        assertEquals(1, meters.get("inner.cpu").timer().count(), "the one with a scope is measured as ever");
    }

    /** A scope that opened and closed before the start does not matter: only what opens between start and stop does. */
    @Test
    void scopesBeforeItsStartDoNotMatter() {
        Observation.createNotStarted("before", observations).observe(() -> Work.burnCpu(BURN));
        long before = THREADS.getCurrentThreadCpuTime();
        Observation after = Observation.start("after", observations);
        Work.burnCpu(Duration.ofMillis(5));
        after.stop();
        long truth = THREADS.getCurrentThreadCpuTime() - before;
        assertWithin("after", truth, 5);
    }

    @Test
    void stoppedOnAnotherThreadItIsNoScope() throws Exception {
        Observation handedOver = Observation.start("handoff", observations);
        Work.burnCpu(BURN);
        Thread other = new Thread(handedOver::stop, "other");
        other.start();
        other.join();

        assertNull(meters.find("handoff.cpu").timer());
        assertEquals(1, meters.get("handoff.cpu.unmeasured").tag(CpuTimeMeters.REASON_TAG, "no-scope").counter().count());
    }

    @Test
    void onAVirtualThreadItIsNoScope() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        VirtualThreadRunner.call(() -> {
            Observation.start("virtual", observations).stop();
            return null;
        });
        assertNull(meters.find("virtual.cpu").timer(), "a virtual thread has no CPU clock of its own");
        assertEquals(1, meters.get("virtual.cpu.unmeasured").tag(CpuTimeMeters.REASON_TAG, "no-scope").counter().count());
    }

    /** {@code name}'s recorded CPU lies within the JDK's reading around it and holds the {@code burnedMillis} burned inside it. */
    private void assertWithin(String name, long truthNanos, long burnedMillis) {
        Timer cpu = meters.get(name + ".cpu").timer();
        long recorded = (long) cpu.totalTime(TimeUnit.NANOSECONDS);
        String figures = name + ": recorded " + recorded / 1e6 + " ms in " + cpu.count() + ", ThreadMXBean around it "
                + truthNanos / 1e6 + " ms";
        assertTrue(recorded <= truthNanos + CLOCK_SLACK_NANOS, figures);
        assertTrue(recorded >= TimeUnit.MILLISECONDS.toNanos(burnedMillis) - CLOCK_SLACK_NANOS, figures);
    }
}
