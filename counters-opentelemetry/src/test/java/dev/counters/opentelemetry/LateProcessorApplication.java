package dev.counters.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;

/** Uses the context before making the processor, as an application wired by hand might, and prints what its span got. */
public final class LateProcessorApplication {
    private LateProcessorApplication() {}

    public static void main(String[] args) {
        System.out.println("context before the processor: " + Context.current());
        InMemorySpanExporter exported = InMemorySpanExporter.create();
        try (SdkTracerProvider tracing = SdkTracerProvider.builder()
                .addSpanProcessor(new CpuTimeSpanProcessor())
                .addSpanProcessor(SimpleSpanProcessor.create(exported))
                .build()) {
            for (int i = 0; i < 2; i++) {
                Span span = tracing.get("late").spanBuilder("late").startSpan();
                try (Scope ignored = span.makeCurrent()) {
                    SpanScenarios.busyFor(java.time.Duration.ofMillis(5));
                }
                span.end();
            }
            exported.getFinishedSpanItems().forEach(span -> System.out.println("'late' unmeasured="
                    + span.getAttributes().get(AttributeKey.stringKey(CpuTimeSpanProcessor.UNMEASURED))
                    + " total=" + span.getAttributes().get(AttributeKey.doubleKey(CpuTimeSpanProcessor.TOTAL))));
        }
    }
}
