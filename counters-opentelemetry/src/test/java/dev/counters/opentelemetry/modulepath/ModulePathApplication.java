package dev.counters.opentelemetry.modulepath;

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

/**
 * An application on the class path whose SDK and counters modules are on the module path: the
 * autoconfigured SDK must find the provider through the module's {@code provides}, though its
 * package is not exported. Prints what {@code ModulePathIT} checks. (Its own package is not the
 * module's: a class-path class in a package of a named module would not be found.)
 */
public final class ModulePathApplication {
    private ModulePathApplication() {}

    public static void main(String[] args) {
        Module module = ModuleLayer.boot().findModule("dev.counters.opentelemetry").orElseThrow();
        System.out.println("module " + module.getName() + ", exports internal: " + module.isExported("dev.counters.opentelemetry.internal"));
        InMemorySpanExporter exported = InMemorySpanExporter.create();
        OpenTelemetrySdk sdk = AutoConfiguredOpenTelemetrySdk.builder()
                .addPropertiesSupplier(() -> Map.of(
                        "otel.traces.exporter", "none", "otel.metrics.exporter", "none", "otel.logs.exporter", "none"))
                .addTracerProviderCustomizer((tracing, config) -> tracing.addSpanProcessor(SimpleSpanProcessor.create(exported)))
                .disableShutdownHook()
                .build()
                .getOpenTelemetrySdk();
        try {
            var span = sdk.getTracer("module-path").spanBuilder("computing").startSpan();
            try (var ignored = span.makeCurrent()) {
                Work.burnCpu(Duration.ofMillis(20));
            }
            span.end();
            for (SpanData ended : exported.getFinishedSpanItems()) { // before close, which empties the exporter
                System.out.println("'" + ended.getName() + "' total="
                        + ended.getAttributes().get(AttributeKey.doubleKey(CpuTimeSpanProcessor.TOTAL)));
            }
        } finally {
            sdk.close();
        }
    }
}
