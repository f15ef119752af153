/**
 * CPU time per OpenTelemetry span, split into user and system
 * ({@link dev.counters.opentelemetry.CpuTimeSpanProcessor}), added with no code by the SDK's
 * autoconfiguration and by the Java agent with this jar as an extension
 * (its {@code AutoConfigurationCustomizerProvider}, in the unexported {@code dev.counters.opentelemetry.internal}).
 */
module dev.counters.opentelemetry {
    requires dev.counters.api;
    requires io.opentelemetry.api;
    requires io.opentelemetry.context;
    requires io.opentelemetry.sdk.common;
    requires transitive io.opentelemetry.sdk.trace;
    requires transitive io.opentelemetry.sdk.autoconfigure.spi;

    exports dev.counters.opentelemetry;

    provides io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizerProvider
            with dev.counters.opentelemetry.internal.CpuTimeSpanProcessorProvider;
}
