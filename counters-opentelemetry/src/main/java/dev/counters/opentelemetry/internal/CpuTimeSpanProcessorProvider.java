package dev.counters.opentelemetry.internal;

import dev.counters.opentelemetry.CpuTimeSpanProcessor;
import io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizer;
import io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizerProvider;
import io.opentelemetry.sdk.trace.SdkTracerProviderBuilder;
import java.lang.System.Logger.Level;

/**
 * Adds a {@link CpuTimeSpanProcessor} to every SDK that the OpenTelemetry autoconfiguration builds,
 * found through {@link java.util.ServiceLoader}: with this jar on the class path of an application
 * that calls {@code AutoConfiguredOpenTelemetrySdk.initialize()}, or given to the Java agent with
 * {@code -Dotel.javaagent.extensions=counters-opentelemetry-<version>-extension.jar}, every span
 * gets its CPU time with no code.
 *
 * <p>{@code otel.counters.cpu.enabled=false} (or {@code OTEL_COUNTERS_CPU_ENABLED=false}) leaves it
 * out. Where the thread CPU clocks cannot be had at all, it logs why and leaves the processor out
 * rather than stop the SDK (or the agent) from starting. Not meant to be called by applications:
 * wiring an SDK by hand, add the processor itself.
 */
public final class CpuTimeSpanProcessorProvider implements AutoConfigurationCustomizerProvider {
    /** The property that switches the processor off; on by default. */
    static final String ENABLED = "otel.counters.cpu.enabled";

    private static final System.Logger LOG = System.getLogger(CpuTimeSpanProcessorProvider.class.getName());

    @Override
    public void customize(AutoConfigurationCustomizer autoConfiguration) {
        autoConfiguration.addTracerProviderCustomizer((tracerProvider, config) -> config.getBoolean(ENABLED, true)
                ? withProcessor(tracerProvider)
                : tracerProvider);
    }

    private static SdkTracerProviderBuilder withProcessor(SdkTracerProviderBuilder tracerProvider) {
        try {
            return tracerProvider.addSpanProcessor(new CpuTimeSpanProcessor());
        } catch (RuntimeException noClock) {   // whatever the cause, tracing itself must still start
            LOG.log(Level.WARNING, "counters: no CPU time on spans: the thread CPU clock is not available", noClock);
            return tracerProvider;
        }
    }
}
