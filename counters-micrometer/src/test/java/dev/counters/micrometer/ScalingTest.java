package dev.counters.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeCpuTimesSource;
import io.micrometer.common.KeyValue;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.ObservationView;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Issue #50 item 4: the handler's cost must not grow with the registry or with abandoned work. Clearing
 * a registry cost a scan of every kept tag set per removed meter (10 names by 1,000 tag sets: 12 to 21 s,
 * against 0.1 s with Micrometer's own handler); a scope opened inside thousands never closed walked the
 * whole ancestry and, for each ancestor, the whole stack (3,000: 36 s against 0.66). Speed is proven in
 * JMH (counters-benchmarks); here the growth, with margins no machine's noise reaches.
 */
class ScalingTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /**
     * A scope opened inside its parent's looks at what lies between them only: the ancestry is walked as
     * far as the parent, so opening n nested scopes costs a number of look-ups in proportion to n (it was
     * n squared over two look-ups, each followed by a scan of the stack).
     */
    @Test
    void nestedScopesNeverClosedCostLookUpsInProportionToTheirNumber() {
        FakeCpuTimesSource clock = new FakeCpuTimesSource();
        MeterRegistry meters = new SimpleMeterRegistry();
        ObservationRegistry observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(new CpuTimeObservationHandler(meters, () -> FakeCounters.threadTimes(clock::sample)));
        AtomicLong parentLookUps = new AtomicLong();
        int n = 3_000;
        List<Observation.Scope> abandoned = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Observation observation = Observation.createNotStarted("nested", () -> new CountingContext(parentLookUps), observations).start();
            abandoned.add(observation.openScope());
            clock.advance(10, 0, 10);
            observation.stop();
        }
        assertTrue(parentLookUps.get() < 20L * n, parentLookUps + " look-ups of a parent for " + n + " nested scopes (n squared over two: "
                + (long) n * n / 2 + ")");

        // And each is charged what the clock moved while it was open: the k-th (from 0) saw n - k advances.
        for (int i = n - 1; i >= 0; i--) {
            abandoned.get(i).close();
        }
        assertEquals(n, meters.get("nested.cpu").timer().count());
        long expected = 0;
        for (int k = 0; k < n; k++) {
            expected += 10L * (n - k);
        }
        assertEquals(expected, (long) meters.get("nested.cpu").timer().totalTime(TimeUnit.NANOSECONDS));
    }

    /**
     * Clearing a registry of 16 times more tag sets costs about 16 times more, not 256 times (the
     * listener that dropped removed meters from the cache scanned every kept tag set per removal). Thread
     * CPU time, the least of three tries, after a warm-up: the margin, 4 times either way, is far beyond noise.
     */
    @Test
    void clearingARegistryCostsInProportionToItsMeters() {
        clearNanos(4_000);
        long small = Math.min(clearNanos(250), Math.min(clearNanos(250), clearNanos(250)));
        long large = Math.min(clearNanos(4_000), Math.min(clearNanos(4_000), clearNanos(4_000)));
        double ratio = (double) large / Math.max(1, small);
        assertTrue(ratio < 64, "clear() of 4,000 tag sets took " + large / 1e6 + " ms, of 250 " + small / 1e6 + " ms: " + ratio
                + " times (in proportion: 16, with the square: 256)");
    }

    /** The thread CPU time that {@code clear()} takes on a registry whose handler has recorded {@code tagSets} tag sets of one name. */
    private static long clearNanos(int tagSets) {
        MeterRegistry meters = new SimpleMeterRegistry();
        CpuTimeMeters kept = new CpuTimeMeters(meters);
        ObservationCpu cpu = new ObservationCpu(0);
        cpu.add(1_000, 100, true);
        cpu.unmeasured(Unmeasured.NO_SCOPE);
        for (int i = 0; i < tagSets; i++) {
            Observation.Context context = new Observation.Context();
            context.setName("request");
            context.addLowCardinalityKeyValue(KeyValue.of("uri", "/" + i));
            cpu.stop(context, 1);
            kept.record(context, cpu);
        }
        long before = THREADS.getCurrentThreadCpuTime();
        meters.clear();
        long took = THREADS.getCurrentThreadCpuTime() - before;
        assertTrue(meters.getMeters().isEmpty());
        return took;
    }

    /** A context that counts how often its parent is looked up. */
    private static final class CountingContext extends Observation.Context {
        private final AtomicLong lookUps;

        CountingContext(AtomicLong lookUps) {
            this.lookUps = lookUps;
        }

        @Override
        public ObservationView getParentObservation() {
            lookUps.incrementAndGet();
            return super.getParentObservation();
        }
    }
}
