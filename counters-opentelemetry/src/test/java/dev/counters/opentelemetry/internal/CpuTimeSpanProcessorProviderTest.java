package dev.counters.opentelemetry.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.counters.opentelemetry.CpuTimeSpanProcessor;
import dev.counters.testing.Work;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The SDK's own autoconfiguration finds the provider through ServiceLoader, as the Java agent does. */
class CpuTimeSpanProcessorProviderTest {
    private static final AttributeKey<Double> TOTAL = AttributeKey.doubleKey(CpuTimeSpanProcessor.TOTAL);

    @Test
    void anAutoconfiguredSdkAddsCpuTimeToSpansWithNoCode() {
        List<LogRecord> logged = new ArrayList<>();
        SpanData span = logging(logged, () -> oneSpanFrom(Map.of()));
        assertNotNull(span.getAttributes().get(TOTAL), span.getAttributes().toString());
        assertEquals(List.of(), logged);
    }

    @ParameterizedTest
    @ValueSource(strings = {"false", "FALSE", " False "})
    void falseSwitchesItOffQuietly(String value) {
        List<LogRecord> logged = new ArrayList<>();
        SpanData span = logging(logged, () -> oneSpanFrom(Map.of(CpuTimeSpanProcessorProvider.ENABLED, value)));
        assertNull(span.getAttributes().get(TOTAL), span.getAttributes().toString());
        assertEquals(List.of(), logged);
    }

    @ParameterizedTest
    @ValueSource(strings = {"yes", "on", "1", "bogus", "TRUE "})
    void aValueTheSdkReadsAsFalseThatDoesNotSaySoIsWarnedAbout(String value) {
        List<LogRecord> logged = new ArrayList<>();
        SpanData span = logging(logged, () -> oneSpanFrom(Map.of(CpuTimeSpanProcessorProvider.ENABLED, value)));
        // The SDK's reading stands (Boolean.parseBoolean): the attributes are off, and the log says why.
        assertNull(span.getAttributes().get(TOTAL), span.getAttributes().toString());
        assertEquals(1, logged.size(), logged.toString());
        assertEquals(Level.WARNING, logged.get(0).getLevel());
        assertEquals(CpuTimeSpanProcessorProvider.misreadWarning(value), logged.get(0).getMessage());
    }

    @Test
    void theWarningSaysWhatWasReadAndWhatToWrite() {
        assertEquals("counters: otel.counters.cpu.enabled (environment: OTEL_COUNTERS_CPU_ENABLED) is \"yes\", which "
                + "the OpenTelemetry SDK reads as false (only \"true\" is true), so spans get no CPU time attributes. "
                + "Write otel.counters.cpu.enabled=true to keep them, or otel.counters.cpu.enabled=false to leave them "
                + "out without this warning", CpuTimeSpanProcessorProvider.misreadWarning("yes"));
    }

    @Test
    void trueInAnyCaseKeepsIt() {
        List<LogRecord> logged = new ArrayList<>();
        SpanData span = logging(logged, () -> oneSpanFrom(Map.of(CpuTimeSpanProcessorProvider.ENABLED, "True")));
        assertNotNull(span.getAttributes().get(TOTAL), span.getAttributes().toString());
        assertEquals(List.of(), logged);
    }

    /** Runs {@code action} collecting what the provider logs (java.util.logging, the System.Logger default). */
    private static <T> T logging(List<LogRecord> into, java.util.function.Supplier<T> action) {
        Logger logger = Logger.getLogger(CpuTimeSpanProcessorProvider.class.getName());
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                into.add(record);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        logger.addHandler(handler);
        try {
            return action.get();
        } finally {
            logger.removeHandler(handler);
        }
    }

    private static SpanData oneSpanFrom(Map<String, String> properties) {
        InMemorySpanExporter exported = InMemorySpanExporter.create();
        OpenTelemetrySdk sdk = AutoConfiguredOpenTelemetrySdk.builder()
                .addPropertiesSupplier(() -> Map.of(
                        "otel.traces.exporter", "none", "otel.metrics.exporter", "none", "otel.logs.exporter", "none"))
                .addPropertiesSupplier(() -> properties)
                .addTracerProviderCustomizer((tracing, config) -> tracing.addSpanProcessor(SimpleSpanProcessor.create(exported)))
                .disableShutdownHook()
                .build()
                .getOpenTelemetrySdk();
        try {
            var span = sdk.getTracer("test").spanBuilder("work").startSpan();
            try (var ignored = span.makeCurrent()) {
                Work.compute(1);
            }
            span.end();
            assertEquals(1, exported.getFinishedSpanItems().size());
            return exported.getFinishedSpanItems().get(0);
        } finally {
            sdk.close();
        }
    }
}
