package dev.counters.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counters;
import dev.counters.testing.Work;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Spans from a real SDK pipeline, read back through the SDK's in-memory exporter. */
class CpuTimeSpanProcessorTest {
    private static final AttributeKey<Double> TOTAL = AttributeKey.doubleKey(CpuTimeSpanProcessor.TOTAL);
    private static final AttributeKey<Double> USER = AttributeKey.doubleKey(CpuTimeSpanProcessor.USER);
    private static final AttributeKey<Double> SYSTEM = AttributeKey.doubleKey(CpuTimeSpanProcessor.SYSTEM);
    private static final AttributeKey<String> UNMEASURED = AttributeKey.stringKey(CpuTimeSpanProcessor.UNMEASURED);
    /** A THREAD_TIMES clock on Linux reads to the nanosecond; the JDK's to its own; 10 ms covers both and a late tick. */
    private static final double SLACK_SECONDS = 0.010;

    private InMemorySpanExporter exported;
    private SdkTracerProvider tracing;
    private Tracer tracer;

    @BeforeEach
    void startTracing() {
        trace(new CpuTimeSpanProcessor());
    }

    private void trace(CpuTimeSpanProcessor processor) {
        if (tracing != null) {
            tracing.shutdown().join(10, TimeUnit.SECONDS);
        }
        exported = InMemorySpanExporter.create();
        tracing = SdkTracerProvider.builder()
                .addSpanProcessor(processor)
                .addSpanProcessor(SimpleSpanProcessor.create(exported))
                .build();
        tracer = tracing.get("test");
    }

    @AfterEach
    void shutDown() {
        tracing.shutdown().join(10, TimeUnit.SECONDS);
    }

    @Test
    void aSpanCarriesTheCpuTimeItsThreadSpentWhileItWasCurrent() {
        long before = Work.threadCpuNanos();
        Span span = tracer.spanBuilder("compute").startSpan();
        long startedAt;
        long endingAt;
        try (Scope ignored = span.makeCurrent()) {
            startedAt = Work.threadCpuNanos();
            Work.burnCpu(Duration.ofMillis(50));
            endingAt = Work.threadCpuNanos();
        }
        span.end();
        long after = Work.threadCpuNanos();

        SpanData data = only("compute");
        double total = data.getAttributes().get(TOTAL);
        assertBetween(seconds(endingAt - startedAt) - SLACK_SECONDS, total, seconds(after - before) + SLACK_SECONDS);
        assertNull(data.getAttributes().get(UNMEASURED));
    }

    @Test
    void userPlusSystemIsTheTotal() {
        assumeSplit();
        Span span = tracer.spanBuilder("compute").startSpan();
        try (Scope ignored = span.makeCurrent()) {
            Work.burnCpu(Duration.ofMillis(20));
        }
        span.end();

        SpanData data = only("compute");
        assertEquals(data.getAttributes().get(TOTAL), data.getAttributes().get(USER) + data.getAttributes().get(SYSTEM), 1e-9);
    }

    @Test
    void kernelWorkShowsAsSystemTimeAndComputingDoesNot() throws Exception {
        assumeSplit();
        Span kernel = tracer.spanBuilder("kernel").startSpan();
        try (Scope ignored = kernel.makeCurrent()) {
            Work.systemCalls(Duration.ofMillis(60));
        }
        kernel.end();
        Span compute = tracer.spanBuilder("compute").startSpan();
        try (Scope ignored = compute.makeCurrent()) {
            Work.burnCpu(Duration.ofMillis(60));
        }
        compute.end();

        double kernelShare = systemShare(only("kernel"));
        double computeShare = systemShare(only("compute"));
        assertTrue(kernelShare > 0.3 && kernelShare > computeShare, "system share: kernel work " + kernelShare + ", computing " + computeShare);
    }

    @Test
    void nestedSpansEachGetTheirOwnFigures() {
        Span parent = tracer.spanBuilder("parent").startSpan();
        try (Scope ignored = parent.makeCurrent()) {
            Work.burnCpu(Duration.ofMillis(20));
            Span inner = tracer.spanBuilder("child").startSpan();
            try (Scope inChild = inner.makeCurrent()) {
                Work.burnCpu(Duration.ofMillis(20));
            }
            inner.end();
        }
        parent.end();

        if (Counters.threadTimes().getInfo().hasKernelUserSplit()) {   // each switch's lap keeps user + system == total
            for (String name : List.of("child", "parent")) {
                SpanData data = only(name);
                assertEquals(data.getAttributes().get(TOTAL), data.getAttributes().get(USER) + data.getAttributes().get(SYSTEM), 1e-9);
                assertTrue(data.getAttributes().get(SYSTEM) >= 0 && data.getAttributes().get(USER) >= 0, data.toString());
            }
        }
        double child = only("child").getAttributes().get(TOTAL);
        double outer = only("parent").getAttributes().get(TOTAL);
        assertTrue(child >= 0.020 - SLACK_SECONDS, "child " + child);
        assertTrue(outer >= child + 0.020 - SLACK_SECONDS, "parent " + outer + ", child " + child);
    }

    @Test
    void spansEndedOutOfOrderOnTheirThreadEachGetTheirOwnFigures() {
        Span outer = tracer.spanBuilder("outer").startSpan();
        try (Scope inOuter = outer.makeCurrent()) {
            Span inner = tracer.spanBuilder("inner").startSpan();
            try (Scope inInner = inner.makeCurrent()) {
                Work.burnCpu(Duration.ofMillis(20));
                outer.end();   // while its child is current: counts up to here
                Work.burnCpu(Duration.ofMillis(20));
            }
            inner.end();
        }

        double outerCpu = only("outer").getAttributes().get(TOTAL);
        double innerCpu = only("inner").getAttributes().get(TOTAL);
        assertTrue(outerCpu >= 0.020 - SLACK_SECONDS, "outer " + outerCpu);
        assertTrue(innerCpu >= outerCpu + 0.020 - SLACK_SECONDS, "inner " + innerCpu + ", outer " + outerCpu);
    }

    @Test
    void sixtyFourThreadsEachGetOnlyTheirOwnTime() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(64);
        try {
            List<Future<?>> done = new java.util.ArrayList<>();
            for (int task = 0; task < 64 * 20; task++) {
                int rounds = task % 3;
                done.add(threads.submit(() -> {
                    Span span = tracer.spanBuilder("concurrent").startSpan();
                    try (Scope ignored = span.makeCurrent()) {
                        Work.compute(rounds);
                    }
                    span.end();
                }));
            }
            for (Future<?> each : done) {
                each.get(60, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdown();
        }
        // On one thread a span cannot use more CPU than the wall time it lasted.
        List<SpanData> spans = exported.getFinishedSpanItems();
        assertEquals(64 * 20, spans.size());
        for (SpanData span : spans) {
            double wall = seconds(span.getEndEpochNanos() - span.getStartEpochNanos());
            assertTrue(span.getAttributes().get(TOTAL) <= wall + SLACK_SECONDS, span.getAttributes() + " over " + wall + " s");
        }
    }

    private SpanData only(String name) {
        List<SpanData> named = exported.getFinishedSpanItems().stream()
                .filter(span -> span.getName().equals(name))
                .collect(Collectors.toList());
        assertEquals(1, named.size(), name + " among " + exported.getFinishedSpanItems());
        return named.get(0);
    }

    private static void assertBetween(double low, double value, double high) {
        assertTrue(low <= value && value <= high, value + " not within [" + low + ", " + high + "]");
    }

    private static double systemShare(SpanData span) {
        return span.getAttributes().get(SYSTEM) / span.getAttributes().get(TOTAL);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    private static void assumeSplit() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Counters.threadTimes().getInfo().hasKernelUserSplit(),
                "this platform's THREAD_TIMES has no kernel/user split");
    }
}
