package dev.counters.micrometer;

import dev.counters.CpuTimesReadings;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
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
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The meters {@link CpuTimeObservationHandler} records into: the three CPU timers and the
 * unmeasured counter of each observation name and set of low-cardinality key values.
 *
 * <p>They are registered once and kept, by name and then by the context's {@link KeyValues} (which
 * compare by value), so a stop on an already-seen name and tags records into the same meter
 * instances with no look-up in the registry: it allocates nothing beyond the {@code KeyValues}
 * Micrometer makes when asked for the context's tags. Each meter is registered when it is first
 * needed, so a name whose observations are never measured has no timers, as before.
 *
 * <p>Bounds: the registry already holds every meter kept here, so the cache adds one small entry
 * per name and tag set the registry has. A {@code MeterFilter} may deny or merge tag sets that the
 * registry then does not hold apart; so that such a filter cannot make the cache grow where the
 * registry does not, at most {@value #MAX_TAG_SETS_PER_NAME} tag sets are kept per observation name,
 * and stops beyond them look their meters up in the registry every time (the cost without the
 * cache). A meter removed from the registry ({@link MeterRegistry#remove(Meter)}) leaves the cache
 * too, so the next stop registers it anew, as Micrometer would for its {@code Meter.Id}.
 */
final class CpuTimeMeters {
    /**
     * The tag that says why an observation is unmeasured: not {@code reason}, which an observation
     * may carry as its own low-cardinality key, and which the meter must keep.
     */
    static final String REASON_TAG = "unmeasured.reason";
    /** The tag Micrometer's {@code DefaultMeterObservationHandler} puts on the wall-time timer, so that the two series join. */
    static final String ERROR_TAG = "error";
    /** The {@link #ERROR_TAG} of an observation that ended without an error, as Micrometer writes it. */
    static final String NO_ERROR = "none";
    /** Tag sets kept per observation name; beyond, stops look their meters up in the registry. */
    static final int MAX_TAG_SETS_PER_NAME = 1024;

    private final MeterRegistry registry;
    private final ConcurrentMap<String, Names> byObservationName = new ConcurrentHashMap<>();

    CpuTimeMeters(MeterRegistry registry) {
        this.registry = registry;
        registry.config().onMeterRemoved(this::forget);
    }

    /**
     * Records what {@code cpu} gathered, once its observation has stopped: the covered wall
     * time always; the total, kernel and user CPU time where a stretch was measured (only the total
     * where the clock has no kernel/user split: never a made-up zero); and one count per reason a
     * stretch went unmeasured. Each meter carries the {@value #ERROR_TAG} tag the wall-time timer carries.
     */
    void record(Observation.Context context, ObservationCpu cpu) {
        TaggedMeters meters = meters(context);
        String error = errorValue(context);
        meters.timer(CpuPart.COVERED, error).record(cpu.coveredNanos(), TimeUnit.NANOSECONDS);
        if (cpu.measured()) {
            long total = cpu.totalNanos();
            meters.timer(CpuPart.TOTAL, error).record(total, TimeUnit.NANOSECONDS);
            if (cpu.split()) {
                long kernel = cpu.kernelNanos();
                meters.timer(CpuPart.KERNEL, error).record(kernel, TimeUnit.NANOSECONDS);
                meters.timer(CpuPart.USER, error).record(total - kernel, TimeUnit.NANOSECONDS);
            }
        }
        for (Unmeasured reason : Unmeasured.values()) {
            if (cpu.wasUnmeasured(reason)) {
                meters.unmeasured(reason).increment();
            }
        }
    }

    /** The error's simple class name, or {@value #NO_ERROR}: the value Micrometer's own meter handler tags with. */
    private static String errorValue(Observation.Context context) {
        Throwable error = context.getError();
        return error == null ? NO_ERROR : error.getClass().getSimpleName();
    }

    /** The meters of the context's name and low-cardinality tags: kept ones, or new ones to keep. */
    TaggedMeters meters(Observation.Context context) {
        Names names = names(context);
        KeyValues keyValues = context.getLowCardinalityKeyValues();
        TaggedMeters meters = names.byTags.get(keyValues);
        if (meters != null) {
            return meters;
        }
        if (names.byTags.size() >= MAX_TAG_SETS_PER_NAME) {
            return names.newTaggedMeters(keyValues);
        }
        return names.byTags.computeIfAbsent(keyValues, names::newTaggedMeters);
    }

    /** Drops the kept meters that hold {@code removed}, so that the next stop registers them anew. */
    private void forget(Meter removed) {
        for (Names names : byObservationName.values()) {
            names.byTags.values().removeIf(meters -> meters.holds(removed));
        }
    }

    /** The context's name; a context without one is refused, saying how to name it. */
    static String requireName(Observation.Context context) {
        String name = context.getName();
        if (name == null) {
            throw new IllegalStateException("observation context " + context + " has no name at stop; "
                    + "create observations with a name, e.g. Observation.createNotStarted(\"http.request\", registry)");
        }
        return name;
    }

    private Names names(Observation.Context context) {
        String name = requireName(context);
        Names names = byObservationName.get(name);
        return names != null ? names : byObservationName.computeIfAbsent(name, this::newNames);
    }

    private Names newNames(String observationName) {
        return new Names(observationName, registry);
    }

    /** The observation's low-cardinality key values as tags, as Micrometer's own meter handler makes them. */
    private static Tags tags(KeyValues keyValues) {
        List<Tag> tags = new ArrayList<>();
        for (KeyValue keyValue : keyValues) {
            tags.add(Tag.of(keyValue.getKey(), keyValue.getValue()));
        }
        return Tags.of(tags);
    }

    /** The three timers of one observation. */
    enum CpuPart {
        TOTAL, KERNEL, USER, COVERED
    }

    /** One observation name's meter providers, and the meters kept for each of its tag sets. */
    private static final class Names {
        final List<Meter.MeterProvider<Timer>> timers;
        final Meter.MeterProvider<Counter> unmeasured;
        final ConcurrentMap<KeyValues, TaggedMeters> byTags = new ConcurrentHashMap<>();

        Names(String observationName, MeterRegistry registry) {
            String cpu = observationName + ".cpu";
            timers = List.of(
                    Timer.builder(cpu)
                            .description("CPU time while the observation was current, summed over threads, kernel plus user")
                            .withRegistry(registry),
                    Timer.builder(cpu + ".kernel")
                            .description("CPU time spent in the kernel (system time) while the observation was current, summed over threads")
                            .withRegistry(registry),
                    Timer.builder(cpu + ".user")
                            .description("CPU time spent in user code while the observation was current, summed over threads")
                            .withRegistry(registry),
                    Timer.builder(cpu + ".covered")
                            .description("Wall time during which the observation was current on a thread whose CPU clock measured it;"
                                    + " divided by the observation's wall time, how complete its CPU figure is")
                            .withRegistry(registry));
            unmeasured = Counter.builder(cpu + ".unmeasured")
                    .description("Observations with a stretch that could not be measured, by unmeasured.reason: virtual-thread,"
                            + " clock-failed, no-scope")
                    .withRegistry(registry);
        }

        TaggedMeters newTaggedMeters(KeyValues keyValues) {
            return new TaggedMeters(this, tags(keyValues));
        }
    }

    /** One name and tag set's meters, each registered when first needed and then kept. */
    static final class TaggedMeters {
        private final Names names;
        private final Tags tags;
        /** The timers of observations that ended without an error, the usual case, kept without a look-up. */
        private final AtomicReferenceArray<Timer> timers = new AtomicReferenceArray<>(CpuPart.values().length);
        /** The timers of observations that ended with an error, by the error's {@link #ERROR_TAG} value. */
        private final ConcurrentMap<String, AtomicReferenceArray<Timer>> failedTimers = new ConcurrentHashMap<>();
        private final AtomicReferenceArray<Counter> unmeasured = new AtomicReferenceArray<>(Unmeasured.values().length);

        TaggedMeters(Names names, Tags tags) {
            this.names = names;
            this.tags = tags;
        }

        Timer timer(CpuPart part, String error) {
            AtomicReferenceArray<Timer> kept = NO_ERROR.equals(error) ? timers
                    : failedTimers.computeIfAbsent(error, unused -> new AtomicReferenceArray<>(CpuPart.values().length));
            Timer timer = kept.get(part.ordinal());
            if (timer == null) {
                timer = names.timers.get(part.ordinal()).withTags(tags.and(ERROR_TAG, error));
                kept.set(part.ordinal(), timer);
            }
            return timer;
        }

        Counter unmeasured(Unmeasured reason) {
            Counter counter = unmeasured.get(reason.ordinal());
            if (counter == null) {
                counter = names.unmeasured.withTags(tags.and(REASON_TAG, reason.tag()));
                unmeasured.set(reason.ordinal(), counter);
            }
            return counter;
        }

        boolean holds(Meter meter) {
            if (holds(timers, meter) || failedTimers.values().stream().anyMatch(kept -> holds(kept, meter))) {
                return true;
            }
            for (int i = 0; i < unmeasured.length(); i++) {
                if (unmeasured.get(i) == meter) {
                    return true;
                }
            }
            return false;
        }

        private static boolean holds(AtomicReferenceArray<Timer> kept, Meter meter) {
            for (int i = 0; i < kept.length(); i++) {
                if (kept.get(i) == meter) {
                    return true;
                }
            }
            return false;
        }
    }
}
