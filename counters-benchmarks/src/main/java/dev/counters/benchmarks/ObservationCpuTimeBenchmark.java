package dev.counters.benchmarks;

import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.micrometer.CpuTimeObservationHandler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * What {@link CpuTimeObservationHandler} adds to one Micrometer observation: an observation with
 * one scope, as Boot's server filter makes for a synchronous request (start, open a scope, close it,
 * stop), with Micrometer's own meter handler, the same with the CPU-time handler beside it, and a
 * THREAD_TIMES start/stop pair, the yardstick (goal: the handler adds at most 1.5 pairs). A thread
 * hop is one more stretch: the observation with two scopes, less the one with one, is its cost.
 * Run with {@code -prof gc} for the bytes each allocates (docs/PERFORMANCE.md, "Micrometer observations").
 */
public class ObservationCpuTimeBenchmark extends NanosecondBenchmark {
    private ObservationRegistry meterHandlerOnly;
    private ObservationRegistry meterAndCpuHandlers;
    private ObservationRegistry cpuHandlerOnly;
    private CpuTimesCounter threadTimes;

    @Setup
    public void createRegistries() {
        MeterRegistry meters = new SimpleMeterRegistry();
        meterHandlerOnly = ObservationRegistry.create();
        meterHandlerOnly.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        meterAndCpuHandlers = ObservationRegistry.create();
        meterAndCpuHandlers.observationConfig()
                .observationHandler(new DefaultMeterObservationHandler(meters))
                .observationHandler(new CpuTimeObservationHandler(meters));
        cpuHandlerOnly = ObservationRegistry.create();
        cpuHandlerOnly.observationConfig().observationHandler(new CpuTimeObservationHandler(meters));
        threadTimes = Counters.threadTimes();
    }

    /** One observation, as a service without this library records it: Micrometer's wall-clock timer. */
    @Benchmark
    public Observation observationWithMeterHandler() {
        return observe(meterHandlerOnly);
    }

    /** The same observation with the CPU-time handler too: the difference is what the handler adds. */
    @Benchmark
    public Observation observationWithMeterAndCpuHandlers() {
        return observe(meterAndCpuHandlers);
    }

    /** The CPU-time handler alone. */
    @Benchmark
    public Observation observationWithCpuHandlerOnly() {
        return observe(cpuHandlerOnly);
    }

    /** The CPU-time handler alone, on an observation with two stretches (a request that hops once and comes back is three). */
    @Benchmark
    public Observation observationWithCpuHandlerAndTwoStretches() {
        Observation observation = Observation.createNotStarted("bench", cpuHandlerOnly)
                .lowCardinalityKeyValue("uri", "/compute")
                .start();
        try (Observation.Scope first = observation.openScope()) {
            // the request's thread
        }
        try (Observation.Scope second = observation.openScope()) {
            // where the work hopped to: one more stretch, whichever thread it is on
        }
        observation.stop();
        return observation;
    }

    /** The yardstick: one THREAD_TIMES start/stop pair and the reads the handler makes of it. */
    @Benchmark
    public long threadTimesPair() {
        threadTimes.start();
        threadTimes.stop();
        return threadTimes.getNanoseconds() + threadTimes.getKernelNanoseconds();
    }

    /** One observation with one scope, as Boot's server filter makes it for a synchronous request. */
    private static Observation observe(ObservationRegistry registry) {
        Observation observation = Observation.createNotStarted("bench", registry)
                .lowCardinalityKeyValue("uri", "/compute")
                .start();
        try (Observation.Scope scope = observation.openScope()) {
            // the request's work
        }
        observation.stop();
        return observation;
    }
}
