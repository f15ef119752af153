package dev.counters.benchmarks;

import dev.counters.micrometer.CpuTimeObservationHandler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue #50 item 4: what {@link CpuTimeObservationHandler}'s meters cost where Micrometer's own handler
 * costs little, as the registry or abandoned work grows: {@code MeterRegistry.clear()} of 10 names by
 * 1,000 tag sets, and 3,000 observations whose scopes are never closed, each beside Micrometer's own
 * {@code DefaultMeterObservationHandler}. Single shots (each call is one whole operation, milliseconds);
 * not in scripts/benchmarks.sh's runs: run it by name,
 * {@code java -jar counters-benchmarks.jar MeterScalingBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = Forks.ENABLE_NATIVE_ACCESS)
public class MeterScalingBenchmark {
    private static final int NAMES = 10;
    private static final int TAG_SETS = 1_000;
    private static final int ABANDONED = 3_000;

    /** Whose meters: counters' CPU-time handler, or Micrometer's own meter handler. */
    @Param({"counters", "micrometer"})
    public String handler;

    private MeterRegistry meters;
    private ObservationRegistry observations;

    /** A registry with the handler's meters of {@value #NAMES} names by {@value #TAG_SETS} tag sets, anew for each shot. */
    @Setup(Level.Invocation)
    public void fill() {
        meters = new SimpleMeterRegistry();
        observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler("counters".equals(handler)
                ? new CpuTimeObservationHandler(meters) : new DefaultMeterObservationHandler(meters));
        for (int name = 0; name < NAMES; name++) {
            for (int tags = 0; tags < TAG_SETS; tags++) {
                Observation.createNotStarted("name" + name, observations).lowCardinalityKeyValue("tag", "v" + tags).observe(() -> { });
            }
        }
    }

    /** {@code clear()} of the whole registry: every meter removed, each removal told to the handler's cache. */
    @Benchmark
    public MeterRegistry clear() {
        meters.clear();
        return meters;
    }

    /** {@value #ABANDONED} observations, each opening a scope it never closes (each the child of the one before), on a new thread. */
    @Benchmark
    public Thread neverClosedScopes() throws InterruptedException {
        Thread thread = new Thread(() -> {
            for (int i = 0; i < ABANDONED; i++) {
                Observation observation = Observation.start("abandoned", observations);
                observation.openScope();
                observation.stop();
            }
        });
        thread.start();
        thread.join();
        return thread;
    }
}
