package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import dev.counters.Counters;
import dev.counters.measure.internal.FakeThreadControl;
import dev.counters.measure.internal.PreparedThread;
import dev.counters.testing.VirtualThreadRunner;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Measure on a virtual thread (JDK 21+): refused before anything runs, so no carrier thread is
 * pinned or raised and no carrier's CPU time is reported as the task's.
 */
class VirtualThreadMeasureTest {
    @Test
    void measureRefusesOnAVirtualThreadBeforeTouchingTheCarrier() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        FakeThreadControl control = new FakeThreadControl();
        AtomicInteger runs = new AtomicInteger();
        Throwable thrown = VirtualThreadRunner.thrownBy(() -> Measure.of(runs::incrementAndGet)
                .noWarmUp().repetitions(3).trim(0).pinned().highPriority().threadControl(control).run());
        IllegalStateException refusal = assertInstanceOf(IllegalStateException.class, thrown);
        assertTrue(refusal.getMessage().startsWith("Measure.run() times the calling thread's CPU time"), refusal.getMessage());
        assertTrue(refusal.getMessage().contains("a virtual thread has no CPU clock of its own"), refusal.getMessage());
        assertTrue(refusal.getMessage().contains("Call it on a platform thread"), refusal.getMessage());
        assertEquals(0, runs.get(), "the task must not run");
        assertEquals(List.of(), control.log, "no carrier thread may be pinned or raised");
    }

    @Test
    void compareRefusesOnAVirtualThreadBeforeRunningEitherTask() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        AtomicInteger runs = new AtomicInteger();
        FakeThreadControl control = new FakeThreadControl();
        for (Compare.Order order : Compare.Order.values()) {
            Throwable thrown = VirtualThreadRunner.thrownBy(() -> Compare.of(runs::incrementAndGet, runs::incrementAndGet)
                    .order(order).instruments(i -> i.withThreadControl(control)).noWarmUp().run());
            IllegalStateException refusal = assertInstanceOf(IllegalStateException.class, thrown);
            assertTrue(refusal.getMessage().startsWith("Compare.run() times the calling thread's CPU time"), refusal.getMessage());
            assertTrue(refusal.getMessage().contains("Call it on a platform thread"), refusal.getMessage());
        }
        assertEquals(0, runs.get(), "no task may run");
        assertEquals(List.of(), control.log, "no duet worker may be pinned");
    }

    @Test
    void preparingAVirtualThreadIsRefused() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        FakeThreadControl control = new FakeThreadControl();
        Throwable thrown = VirtualThreadRunner.thrownBy(() -> PreparedThread.prepare(control, true, true).close());
        assertInstanceOf(IllegalStateException.class, thrown);
        assertEquals(List.of(), control.log);
    }

    @Test
    void theSameMeasurementRunsOnAPlatformThread() {
        MeasureResult result = Measure.of(() -> CpuBound.run(10_000)).noWarmUp().repetitions(3).trim(0).run();
        assertEquals(3, result.repetitions());
    }

    @Test
    void wallAndProcessCountersFromTheRegistryWorkOnAVirtualThread() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        long[] nanos = VirtualThreadRunner.call(() -> {
            var wall = Counters.performance();
            var process = Counters.processTimes();
            wall.start();
            process.start();
            CpuBound.run(100_000);
            process.stop();
            wall.stop();
            return new long[] {wall.getNanoseconds(), process.getNanoseconds()};
        });
        assertTrue(nanos[0] > 0 && nanos[1] >= 0, java.util.Arrays.toString(nanos));
        Throwable thrown = VirtualThreadRunner.thrownBy(() -> Counters.create(CounterKind.THREAD_TIMES).start());
        assertInstanceOf(IllegalStateException.class, thrown);
    }
}
