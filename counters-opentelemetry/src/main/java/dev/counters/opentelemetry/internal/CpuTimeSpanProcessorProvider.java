package dev.counters.opentelemetry.internal;

import dev.counters.opentelemetry.CpuTimeSpanProcessor;
import io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizer;
import io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizerProvider;
import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
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
 * out. The SDK reads every value but {@code true} (in any case) as false, so a {@code yes},
 * {@code on} or {@code 1} would switch the CPU attributes off without a word: such a value is
 * logged as a warning that says what was read and what to write. Where the thread CPU clocks
 * cannot be had at all, it logs why and leaves the processor out rather than stop the SDK (or the
 * agent) from starting. Not meant to be called by applications: wiring an SDK by hand, add the
 * processor itself.
 */
public final class CpuTimeSpanProcessorProvider implements AutoConfigurationCustomizerProvider {
    /** The property that switches the processor off; on by default. */
    static final String ENABLED = "otel.counters.cpu.enabled";

    private static final System.Logger LOG = System.getLogger(CpuTimeSpanProcessorProvider.class.getName());

    @Override
    public void customize(AutoConfigurationCustomizer autoConfiguration) {
        autoConfiguration.addTracerProviderCustomizer((tracerProvider, config) -> enabled(config)
                ? withProcessor(tracerProvider)
                : tracerProvider);
    }

    /** Whether {@code config} leaves the processor in, as the SDK reads it; warns on a false that was not written {@code false}. */
    static boolean enabled(ConfigProperties config) {
        boolean enabled = config.getBoolean(ENABLED, true);
        String written = config.getString(ENABLED);
        if (!enabled && !"false".equalsIgnoreCase(written.trim())) {
            LOG.log(Level.WARNING, misreadWarning(written));
        }
        return enabled;
    }

    /** What is logged when {@code written} is a value the SDK reads as false that does not say false. */
    static String misreadWarning(String written) {
        return "counters: " + ENABLED + " (environment: OTEL_COUNTERS_CPU_ENABLED) is \"" + written
                + "\", which the OpenTelemetry SDK reads as false (only \"true\" is true), so spans get no CPU time "
                + "attributes. Write " + ENABLED + "=true to keep them, or " + ENABLED + "=false to leave them out "
                + "without this warning";
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
