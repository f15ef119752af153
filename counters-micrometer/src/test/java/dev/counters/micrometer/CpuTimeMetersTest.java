package dev.counters.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.counters.testing.Work;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The meters the handler keeps: the same name and tags record into the same meter instances, which
 * are the registry's own; a meter removed from the registry is registered anew; and the kept tag
 * sets are bounded where a filter lets the registry hold fewer meters than there are tag sets.
 */
class CpuTimeMetersTest {
    private final MeterRegistry registry = new SimpleMeterRegistry();
    private final ObservationRegistry observations = ObservationRegistry.create();

    CpuTimeMetersTest() {
        observations.observationConfig().observationHandler(new CpuTimeObservationHandler(registry));
    }

    @Test
    void theSameNameAndTagsRecordIntoTheSameMetersTheRegistryHolds() {
        CpuTimeMeters meters = new CpuTimeMeters(registry);
        Observation.Context first = context("request", "uri", "/a");
        Observation.Context second = context("request", "uri", "/a");
        CpuTimeMeters.TaggedMeters kept = meters.meters(first);

        assertSame(kept, meters.meters(second), "an equal name and tag set finds the kept meters");
        assertNotSame(kept, meters.meters(context("request", "uri", "/b")), "another tag value has its own");
        assertNotSame(kept, meters.meters(context("other", "uri", "/a")), "another name has its own");
        Timer total = kept.timer(CpuTimeMeters.CpuPart.TOTAL, CpuTimeMeters.NO_ERROR);
        assertSame(registry.get("request.cpu").tag("uri", "/a").timer(), total, "the kept timer is the registry's");
        assertSame(total, meters.meters(second).timer(CpuTimeMeters.CpuPart.TOTAL, CpuTimeMeters.NO_ERROR));
        assertSame(kept.timer(CpuTimeMeters.CpuPart.KERNEL, CpuTimeMeters.NO_ERROR), meters.meters(second).timer(CpuTimeMeters.CpuPart.KERNEL, CpuTimeMeters.NO_ERROR));
        Counter unmeasured = kept.unmeasured(Unmeasured.NO_SCOPE, CpuTimeMeters.NO_ERROR);
        assertSame(unmeasured, meters.meters(second).unmeasured(Unmeasured.NO_SCOPE, CpuTimeMeters.NO_ERROR));
        assertSame(registry.get("request.cpu.unmeasured").tags("uri", "/a", CpuTimeMeters.REASON_TAG, "no-scope").counter(), unmeasured);
    }

    @Test
    void repeatedObservationsAccumulateInOneTimerPerNameAndTags() {
        for (int i = 0; i < 3; i++) {
            observe("/a");
            observe("/b");
        }
        assertEquals(2, registry.find("request.cpu").timers().size());
        assertEquals(3, registry.get("request.cpu").tag("uri", "/a").timer().count());
        assertEquals(3, registry.get("request.cpu").tag("uri", "/b").timer().count());
    }

    @Test
    void aMeterRemovedFromTheRegistryIsRegisteredAnewAtTheNextStop() {
        observe("/a");
        Timer removed = registry.get("request.cpu").tag("uri", "/a").timer();
        registry.remove(removed);

        observe("/a");
        Timer anew = registry.get("request.cpu").tag("uri", "/a").timer();
        assertNotSame(removed, anew);
        assertEquals(1, anew.count(), "the new timer holds the stop after the removal");
        assertEquals(1, removed.count(), "the removed one got nothing more");
    }

    @Test
    void anUnmeasuredCounterRemovedFromTheRegistryIsRegisteredAnew() {
        CpuTimeMeters meters = new CpuTimeMeters(registry);
        Observation.Context context = context("request", "uri", "/a");
        meters.meters(context).unmeasured(Unmeasured.VIRTUAL_THREAD, CpuTimeMeters.NO_ERROR).increment();
        Counter removed = registry.get("request.cpu.unmeasured").tag(CpuTimeMeters.REASON_TAG, "virtual-thread").counter();
        registry.remove(removed);

        meters.meters(context).unmeasured(Unmeasured.VIRTUAL_THREAD, CpuTimeMeters.NO_ERROR).increment();
        Counter anew = registry.get("request.cpu.unmeasured").tag(CpuTimeMeters.REASON_TAG, "virtual-thread").counter();
        assertNotSame(removed, anew);
        assertEquals(1, anew.count());
    }

    @Test
    void removingAnotherMeterKeepsTheCachedOnes() {
        CpuTimeMeters meters = new CpuTimeMeters(registry);
        CpuTimeMeters.TaggedMeters kept = meters.meters(context("request", "uri", "/a"));
        kept.timer(CpuTimeMeters.CpuPart.TOTAL, CpuTimeMeters.NO_ERROR);
        registry.remove(registry.counter("unrelated"));
        assertSame(kept, meters.meters(context("request", "uri", "/a")));
    }

    /** Issue #49 item 5: the unmeasured counter carries the timers' error tag, so their label sets join on every label. */
    @Test
    void theUnmeasuredCounterCarriesTheErrorTagOfTheTimers() {
        CpuTimeMeters meters = new CpuTimeMeters(registry);
        CpuTimeMeters.TaggedMeters kept = meters.meters(context("request", "uri", "/a"));
        Counter failed = kept.unmeasured(Unmeasured.NO_SCOPE, "IllegalStateException");
        Counter unfailed = kept.unmeasured(Unmeasured.NO_SCOPE, CpuTimeMeters.NO_ERROR);
        assertNotSame(failed, unfailed);
        assertSame(registry.get("request.cpu.unmeasured").tags("uri", "/a", "error", "IllegalStateException").counter(), failed);
        Timer timer = kept.timer(CpuTimeMeters.CpuPart.TOTAL, CpuTimeMeters.NO_ERROR);
        List<Tag> timerTags = new ArrayList<>(timer.getId().getTags());
        List<Tag> counterTags = new ArrayList<>(unfailed.getId().getTags());
        counterTags.removeIf(tag -> tag.getKey().equals(CpuTimeMeters.REASON_TAG));
        assertEquals(timerTags, counterTags, "the same labels but the reason");
    }

    /** A filter that merges two tag sets into one meter: removing it drops both kept tag sets, found by the meter. */
    @Test
    void aMergedMeterRemovedLeavesEveryTagSetThatHeldIt() {
        registry.config().meterFilter(MeterFilter.replaceTagValues("uri", uri -> "merged"));
        CpuTimeMeters meters = new CpuTimeMeters(registry);
        CpuTimeMeters.TaggedMeters a = meters.meters(context("request", "uri", "/a"));
        CpuTimeMeters.TaggedMeters b = meters.meters(context("request", "uri", "/b"));
        Timer merged = a.timer(CpuTimeMeters.CpuPart.TOTAL, CpuTimeMeters.NO_ERROR);
        assertSame(merged, b.timer(CpuTimeMeters.CpuPart.TOTAL, CpuTimeMeters.NO_ERROR));
        registry.remove(merged);
        assertNotSame(a, meters.meters(context("request", "uri", "/a")));
        assertNotSame(b, meters.meters(context("request", "uri", "/b")));
    }

    @Test
    void tagSetsBeyondTheBoundAreLookedUpInTheRegistryNotKept() {
        // A filter that merges every uri into one meter: the registry holds one timer however many
        // uris there are, and the cache must not grow with them either.
        registry.config().meterFilter(MeterFilter.replaceTagValues("uri", uri -> "merged"));
        CpuTimeMeters meters = new CpuTimeMeters(registry);
        for (int i = 0; i < CpuTimeMeters.MAX_TAG_SETS_PER_NAME; i++) {
            meters.meters(context("request", "uri", "/" + i)).timer(CpuTimeMeters.CpuPart.TOTAL, CpuTimeMeters.NO_ERROR);
        }
        Observation.Context beyond = context("request", "uri", "/beyond");
        CpuTimeMeters.TaggedMeters once = meters.meters(beyond);

        assertNotSame(once, meters.meters(beyond), "not kept: each stop makes its own");
        assertSame(registry.get("request.cpu").tag("uri", "merged").timer(), once.timer(CpuTimeMeters.CpuPart.TOTAL, CpuTimeMeters.NO_ERROR),
                "and records into the registry's meter all the same");
        assertSame(meters.meters(context("request", "uri", "/0")), meters.meters(context("request", "uri", "/0")),
                "the tag sets within the bound stay kept");
        assertEquals(1, registry.find("request.cpu").timers().size(), "the registry holds one merged timer");
    }

    private void observe(String uri) {
        Observation.createNotStarted("request", observations)
                .lowCardinalityKeyValue("uri", uri)
                .observe(() -> Work.burnCpu(Duration.ofMillis(1)));
    }

    private static Observation.Context context(String name, String key, String value) {
        Observation.Context context = new Observation.Context();
        context.setName(name);
        context.addLowCardinalityKeyValue(io.micrometer.common.KeyValue.of(key, value));
        return context;
    }
}
