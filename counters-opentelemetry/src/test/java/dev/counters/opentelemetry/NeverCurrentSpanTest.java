package dev.counters.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.Counters;
import dev.counters.internal.CpuTimesSource;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.VirtualThreadRunner;
import dev.counters.testing.Work;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A span that is never made current, as a user times a block with {@code startSpan()} ... {@code end()},
 * from an autoconfigured SDK with this module on the class path: measured from its start to its end on
 * its thread's CPU clock when nothing else became current there in between, {@code never-current}
 * otherwise. The truth is the thread's CPU time from the JDK, read just inside and just outside the span.
 */
class NeverCurrentSpanTest {
    /** A JDK clock's steps, a late tick and the SDK's own work at the span's start and end. */
    private static final double SLACK = 0.010;

    private final InMemorySpanExporter exported = InMemorySpanExporter.create();
    private OpenTelemetrySdk sdk;
    private Tracer tracer;

    @BeforeEach
    void startSdk() {
        sdk = AutoConfiguredOpenTelemetrySdk.builder()
                .addPropertiesSupplier(() -> Map.of(
                        "otel.traces.exporter", "none", "otel.metrics.exporter", "none", "otel.logs.exporter", "none"))
                .addTracerProviderCustomizer((tracing, config) -> tracing.addSpanProcessor(SimpleSpanProcessor.create(exported)))
                .disableShutdownHook()
                .build()
                .getOpenTelemetrySdk();
        tracer = sdk.getTracer("never-current");
    }

    @AfterEach
    void closeSdk() {
        sdk.close();
    }

    @Test
    void aSpanStartedAndEndedOnOneThreadIsMeasuredFromStartToEnd() {
        long outerStart = Work.threadCpuNanos();
        Span span = tracer.spanBuilder("block").startSpan();
        long innerStart = Work.threadCpuNanos();
        Work.burnCpu(Duration.ofMillis(200));
        long innerEnd = Work.threadCpuNanos();
        span.end();
        long outerEnd = Work.threadCpuNanos();

        Attributes recorded = only("block");
        Double total = recorded.get(SpanScenarios.TOTAL);
        assertNotNull(total, recorded.toString());
        assertTrue((innerEnd - innerStart) / 1e9 - SLACK <= total && total <= (outerEnd - outerStart) / 1e9 + SLACK,
                total + " s against the thread's " + (innerEnd - innerStart) / 1e9 + " s inside, "
                        + (outerEnd - outerStart) / 1e9 + " s outside: " + recorded);
        assertEquals(1.0, recorded.get(SpanScenarios.COVERED), recorded.toString());
        assertNull(recorded.get(SpanScenarios.UNMEASURED), recorded.toString());
    }

    @Test
    void nestedSpansNeverMadeCurrentEachGetTheirOwnStretch() {
        Span outer = tracer.spanBuilder("outer").startSpan();
        long outerStart = Work.threadCpuNanos();
        Work.burnCpu(Duration.ofMillis(20));
        Span inner = tracer.spanBuilder("inner").startSpan();
        long innerStart = Work.threadCpuNanos();
        Work.burnCpu(Duration.ofMillis(30));
        long innerEnd = Work.threadCpuNanos();
        inner.end();
        Work.burnCpu(Duration.ofMillis(20));
        long outerEnd = Work.threadCpuNanos();
        outer.end();

        assertNear((innerEnd - innerStart) / 1e9, only("inner"));
        assertNear((outerEnd - outerStart) / 1e9, only("outer"));
    }

    @Test
    void aSpanEndedOnAnotherThreadStaysNeverCurrent() throws Exception {
        Span span = tracer.spanBuilder("handed-over").startSpan();
        Work.burnCpu(Duration.ofMillis(20));
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            other.submit(() -> {
                Work.burnCpu(Duration.ofMillis(20));
                span.end();
            }).get(60, TimeUnit.SECONDS);
        } finally {
            other.shutdown();
        }
        assertNeverCurrent(only("handed-over"));
    }

    @Test
    void aSpanWithAnotherMadeCurrentOnItsThreadInBetweenStaysNeverCurrent() {
        Span span = tracer.spanBuilder("interrupted").startSpan();
        Work.burnCpu(Duration.ofMillis(20));
        Span another = tracer.spanBuilder("another").setNoParent().startSpan();
        try (Scope ignored = another.makeCurrent()) {
            Work.burnCpu(Duration.ofMillis(20));
        } finally {
            another.end();
        }
        Work.burnCpu(Duration.ofMillis(20));
        span.end();

        assertNeverCurrent(only("interrupted"));
        assertNotNull(only("another").get(SpanScenarios.TOTAL));
    }

    @Test
    void aSpanWithAScopeClosedOnItsThreadInBetweenStaysNeverCurrent() {
        Span parent = tracer.spanBuilder("parent").startSpan();
        Span span;
        try (Scope ignored = parent.makeCurrent()) {
            span = tracer.spanBuilder("outlived").startSpan();
            Work.burnCpu(Duration.ofMillis(20));
        } finally {
            parent.end();
        }
        Work.burnCpu(Duration.ofMillis(20));   // no span current: no knowing whose work this is
        span.end();

        assertNeverCurrent(only("outlived"));
    }

    @Test
    void aSpanStartedAndEndedOnAVirtualThreadSaysSo() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        VirtualThreadRunner.call(() -> {
            Span span = tracer.spanBuilder("virtual").startSpan();
            Work.compute(5);
            span.end();
            return null;
        });
        Attributes recorded = only("virtual");
        assertEquals("virtual-thread", recorded.get(SpanScenarios.UNMEASURED), recorded.toString());
        assertNull(recorded.get(SpanScenarios.TOTAL), recorded.toString());
        assertEquals(0.0, recorded.get(SpanScenarios.COVERED), recorded.toString());
    }

    @Test
    void aClockFailingAtItsEndGetsAReasonAndNoFigure() throws Exception {
        // Clocks whose reads fail from the second on: the mark at the span's start reads, its end cannot.
        int[] reads = {0};
        CpuContextStorage.useClocks(() -> FakeCounters.threadTimes(into -> {
            if (++reads[0] > 1) {
                throw CounterException.nativeFailure("clock_gettime(CLOCK_THREAD_CPUTIME_ID)", 22, "Invalid argument");
            }
            into[CpuTimesSource.TOTAL] = reads[0];
        }));
        try {
            Thread fresh = new Thread(() -> tracer.spanBuilder("failing").startSpan().end());   // makes its clock from the failing supplier
            fresh.start();
            fresh.join();
        } finally {
            CpuContextStorage.useClocks(Counters::threadTimes);
        }
        Attributes recorded = only("failing");
        assertEquals("clock-failed", recorded.get(SpanScenarios.UNMEASURED), recorded.toString());
        assertNull(recorded.get(SpanScenarios.TOTAL), recorded.toString());
        assertEquals(2, reads[0]);
    }

    @Test
    void aSpanMadeCurrentForPartOfItsLifeGetsOnlyThatPart() {
        Span span = tracer.spanBuilder("partly").startSpan();
        Work.burnCpu(Duration.ofMillis(40));   // not current yet: not its CPU, as before
        long currentStart;
        long currentEnd;
        try (Scope ignored = span.makeCurrent()) {
            currentStart = Work.threadCpuNanos();
            Work.burnCpu(Duration.ofMillis(20));
            currentEnd = Work.threadCpuNanos();
        }
        Work.burnCpu(Duration.ofMillis(40));
        span.end();

        assertNear((currentEnd - currentStart) / 1e9, only("partly"));
    }

    private static void assertNear(double truth, Attributes recorded) {
        Double total = recorded.get(SpanScenarios.TOTAL);
        assertNotNull(total, recorded.toString());
        assertTrue(truth - SLACK <= total && total <= truth + SLACK, total + " s against the thread's " + truth + " s: " + recorded);
    }

    private static void assertNeverCurrent(Attributes recorded) {
        assertEquals("never-current", recorded.get(SpanScenarios.UNMEASURED), recorded.toString());
        assertNull(recorded.get(SpanScenarios.TOTAL), recorded.toString());
        assertEquals(0.0, recorded.get(SpanScenarios.COVERED), recorded.toString());
    }

    private Attributes only(String name) {
        SpanData found = null;
        for (SpanData span : exported.getFinishedSpanItems()) {
            if (span.getName().equals(name)) {
                assertNull(found, name + " twice among " + exported.getFinishedSpanItems());
                found = span;
            }
        }
        assertNotNull(found, name + " not among " + exported.getFinishedSpanItems());
        return found.getAttributes();
    }
}
