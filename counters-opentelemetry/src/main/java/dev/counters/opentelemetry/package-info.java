/**
 * CPU time per OpenTelemetry span: {@link dev.counters.opentelemetry.CpuTimeSpanProcessor} adds
 * each span's CPU time on the thread that ran it, split into user and system, as span attributes;
 * {@link dev.counters.opentelemetry.CpuTimeSpanProcessorProvider} registers it with an
 * autoconfigured SDK or the Java agent (docs/OPENTELEMETRY.md).
 */
package dev.counters.opentelemetry;
