/**
 * CPU time per OpenTelemetry span: {@link dev.counters.opentelemetry.CpuTimeSpanProcessor} adds
 * each span's CPU time on the thread that ran it, split into user and system, as span attributes.
 * An autoconfigured SDK or the Java agent registers it with no code, through the module's
 * {@code AutoConfigurationCustomizerProvider}, which {@link java.util.ServiceLoader} finds in the
 * unexported {@code dev.counters.opentelemetry.internal} (docs/OPENTELEMETRY.md).
 */
package dev.counters.opentelemetry;
