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
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The SDK's own autoconfiguration finds the provider through ServiceLoader, as the Java agent does. */
class CpuTimeSpanProcessorProviderTest {
    private static final AttributeKey<Double> TOTAL = AttributeKey.doubleKey(CpuTimeSpanProcessor.TOTAL);

    @Test
    void anAutoconfiguredSdkAddsCpuTimeToSpansWithNoCode() {
        SpanData span = oneSpanFrom(Map.of());
        assertNotNull(span.getAttributes().get(TOTAL), span.getAttributes().toString());
    }

    @Test
    void thePropertySwitchesItOff() {
        SpanData span = oneSpanFrom(Map.of(CpuTimeSpanProcessorProvider.ENABLED, "false"));
        assertNull(span.getAttributes().get(TOTAL), span.getAttributes().toString());
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
            sdk.getTracer("test").spanBuilder("work").startSpan().end();
            assertEquals(1, exported.getFinishedSpanItems().size());
            return exported.getFinishedSpanItems().get(0);
        } finally {
            sdk.close();
        }
    }
}
