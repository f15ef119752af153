package dev.counters.opentelemetry;

import dev.counters.testing.Work;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** An application with no tracing code but the API: under the Java agent, one span computes and one is ended elsewhere. */
public final class AgentApplication {
    private AgentApplication() {}

    public static void main(String[] args) throws Exception {
        Tracer tracer = GlobalOpenTelemetry.getTracer("agent-application");
        Span computing = tracer.spanBuilder("computing").startSpan();
        Work.burnCpu(Duration.ofMillis(50));
        computing.end();
        Span handed = tracer.spanBuilder("handed").startSpan();
        CompletableFuture.runAsync(handed::end).get();
    }
}
