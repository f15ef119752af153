package dev.counters.micrometer;

import dev.counters.CpuTimesReadings;
import io.micrometer.common.KeyValue;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.Observation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * The meters {@link CpuTimeObservationHandler} records into, by observation name: the three CPU
 * timers and the unmeasured counter. Each name's meter providers are made once; a recording
 * then costs Micrometer's own look-up of the meter by tags.
 */
final class CpuTimeMeters {
    static final String REASON_TAG = "reason";

    private final MeterRegistry registry;
    private final ConcurrentMap<String, Names> byObservationName = new ConcurrentHashMap<>();

    CpuTimeMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * Records {@code cpu}'s total, kernel and user time under the observation's name and tags;
     * only the total where the clock has no kernel/user split (never a made-up zero).
     */
    void record(Observation.Context context, CpuTimesReadings cpu, boolean split) {
        Names names = names(context);
        Tags tags = lowCardinalityTags(context);
        long total = cpu.getNanoseconds();
        names.total.withTags(tags).record(total, TimeUnit.NANOSECONDS);
        if (!split) {
            return;
        }
        long kernel = cpu.getKernelNanoseconds();
        names.kernel.withTags(tags).record(kernel, TimeUnit.NANOSECONDS);
        names.user.withTags(tags).record(total - kernel, TimeUnit.NANOSECONDS);
    }

    /** Counts one observation that has no CPU figure, and why. */
    void unmeasured(Observation.Context context, Unmeasured reason) {
        names(context).unmeasured.withTags(lowCardinalityTags(context).and(REASON_TAG, reason.tag())).increment();
    }

    private Names names(Observation.Context context) {
        String name = context.getName();
        if (name == null) {
            throw new IllegalStateException("observation context " + context + " has no name at stop; "
                    + "create observations with a name, e.g. Observation.createNotStarted(\"http.request\", registry)");
        }
        Names names = byObservationName.get(name);
        return names != null ? names : byObservationName.computeIfAbsent(name, this::newNames);
    }

    private Names newNames(String observationName) {
        return new Names(observationName, registry);
    }

    /** The observation's low-cardinality key values as tags, as Micrometer's own meter handler makes them. */
    private static Tags lowCardinalityTags(Observation.Context context) {
        List<Tag> tags = new ArrayList<>();
        for (KeyValue keyValue : context.getLowCardinalityKeyValues()) {
            tags.add(Tag.of(keyValue.getKey(), keyValue.getValue()));
        }
        return Tags.of(tags);
    }

    /** One observation name's meters. */
    private static final class Names {
        final Meter.MeterProvider<Timer> total;
        final Meter.MeterProvider<Timer> kernel;
        final Meter.MeterProvider<Timer> user;
        final Meter.MeterProvider<Counter> unmeasured;

        Names(String observationName, MeterRegistry registry) {
            String cpu = observationName + ".cpu";
            total = Timer.builder(cpu)
                    .description("CPU time on the observing thread, kernel plus user")
                    .withRegistry(registry);
            kernel = Timer.builder(cpu + ".kernel")
                    .description("CPU time on the observing thread spent in the kernel (system time)")
                    .withRegistry(registry);
            user = Timer.builder(cpu + ".user")
                    .description("CPU time on the observing thread spent in user code")
                    .withRegistry(registry);
            unmeasured = Counter.builder(cpu + ".unmeasured")
                    .description("Observations with no CPU figure: started on a virtual thread, or stopped on another thread")
                    .withRegistry(registry);
        }
    }
}
