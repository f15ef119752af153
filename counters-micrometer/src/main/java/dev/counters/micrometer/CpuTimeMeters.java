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
import java.util.Set;
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
 * too, so the next stop registers it anew, as Micrometer would for its {@code Meter.Id}: each kept meter
 * is indexed by the meter, so a removal is one look-up and {@code clear()} costs in proportion to the
 * registry, as with Micrometer's own handler.
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
    /** The kept meters that hold each registered meter: a meter's removal finds them at once, however many are kept. */
    private final ConcurrentMap<Meter, Set<TaggedMeters>> owners = new ConcurrentHashMap<>();

    CpuTimeMeters(MeterRegistry registry) {
        this.registry = registry;
        registry.config().onMeterRemoved(this::forget);
    }

    /**
     * Records what {@code cpu} gathered, once its observation has stopped: the covered wall
     * time always; the total, kernel and user CPU time where a stretch was measured (only the total
     * where the clock has no kernel/user split: never a made-up zero); and one count per reason a
     * stretch went unmeasured. Each meter carries the {@value #ERROR_TAG} tag the wall-time timer carries, the
     * unmeasured counter too, so that its label set joins the timers' on every label.
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
                meters.unmeasured(reason, error).increment();
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
            return new TaggedMeters(names, keyValues, false);
        }
        return names.byTags.computeIfAbsent(keyValues, kept -> new TaggedMeters(names, kept, true));
    }

    /**
     * Drops the kept meters that hold {@code removed}, so that the next stop registers them anew: a look-up,
     * so that clearing a registry of n meters costs n look-ups, not n scans of every kept tag set.
     */
    private void forget(Meter removed) {
        Set<TaggedMeters> holders = owners.remove(removed);
        if (holders != null) {
            holders.forEach(TaggedMeters::forget);
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
    }

    /** One name and tag set's meters, each registered when first needed and then kept. */
    final class TaggedMeters {
        private final Names names;
        private final KeyValues keyValues;
        private final Tags tags;
        /** Whether the cache keeps these meters (so a meter's removal must find them), rather than one stop's look-up. */
        private final boolean kept;
        /** The meters of observations that ended without an error, the usual case, kept without a look-up. */
        private final ErrorMeters unfailed = new ErrorMeters();
        /** The meters of observations that ended with an error, by the error's {@link #ERROR_TAG} value. */
        private final ConcurrentMap<String, ErrorMeters> failed = new ConcurrentHashMap<>();

        TaggedMeters(Names names, KeyValues keyValues, boolean kept) {
            this.names = names;
            this.keyValues = keyValues;
            this.tags = tags(keyValues);
            this.kept = kept;
        }

        Timer timer(CpuPart part, String error) {
            AtomicReferenceArray<Timer> timers = errorMeters(error).timers;
            Timer timer = timers.get(part.ordinal());
            if (timer == null) {
                timer = owned(names.timers.get(part.ordinal()).withTags(tags.and(ERROR_TAG, error)));
                timers.set(part.ordinal(), timer);
            }
            return timer;
        }

        Counter unmeasured(Unmeasured reason, String error) {
            AtomicReferenceArray<Counter> counters = errorMeters(error).unmeasured;
            Counter counter = counters.get(reason.ordinal());
            if (counter == null) {
                counter = owned(names.unmeasured.withTags(tags.and(REASON_TAG, reason.tag()).and(ERROR_TAG, error)));
                counters.set(reason.ordinal(), counter);
            }
            return counter;
        }

        private ErrorMeters errorMeters(String error) {
            return NO_ERROR.equals(error) ? unfailed : failed.computeIfAbsent(error, unused -> new ErrorMeters());
        }

        /** Notes that these kept meters hold {@code meter}, so that its removal from the registry finds them at once. */
        private <M extends Meter> M owned(M meter) {
            if (kept) {
                owners.computeIfAbsent(meter, unused -> ConcurrentHashMap.newKeySet()).add(this);
            }
            return meter;
        }

        /** {@code removed} left the registry: these meters leave the cache, so that the next stop registers them anew. */
        void forget() {
            names.byTags.remove(keyValues, this);
        }
    }

    /** One error value's timers and unmeasured counters, by part and by reason. */
    private static final class ErrorMeters {
        final AtomicReferenceArray<Timer> timers = new AtomicReferenceArray<>(CpuPart.values().length);
        final AtomicReferenceArray<Counter> unmeasured = new AtomicReferenceArray<>(Unmeasured.values().length);
    }
}
