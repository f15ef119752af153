package dev.counters.opentelemetry.modulepath;

import dev.counters.opentelemetry.CpuTimeSpanProcessor;
import dev.counters.testing.Work;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
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
        OpenTelemetrySdk sdk = AutoConfiguredOpenTelemetrySdk.builder()
                .addPropertiesSupplier(() -> Map.of(
                        "otel.traces.exporter", "none", "otel.metrics.exporter", "none", "otel.logs.exporter", "none"))
                .addTracerProviderCustomizer((tracing, config) -> tracing.addSpanProcessor(new PrintingProcessor()))
                .disableShutdownHook()
                .build()
                .getOpenTelemetrySdk();
        try {
            var span = sdk.getTracer("module-path").spanBuilder("computing").startSpan();
            Work.burnCpu(Duration.ofMillis(20));
            span.end();
        } finally {
            sdk.close();
        }
    }

    /** Prints each ended span's total CPU time, as the processor set it. */
    private static final class PrintingProcessor implements SpanProcessor {
        @Override
        public void onStart(Context parentContext, ReadWriteSpan span) {}

        @Override
        public boolean isStartRequired() {
            return false;
        }

        @Override
        public void onEnd(ReadableSpan span) {
            System.out.println("'" + span.getName() + "' total=" + span.getAttribute(AttributeKey.doubleKey(CpuTimeSpanProcessor.TOTAL)));
        }

        @Override
        public boolean isEndRequired() {
            return true;
        }
    }
}
