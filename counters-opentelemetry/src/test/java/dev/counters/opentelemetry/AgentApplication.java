package dev.counters.opentelemetry;

import dev.counters.testing.Work;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** An application with no tracing code but the API: under the Java agent, one span computes and one is ended elsewhere. */
public final class AgentApplication {
    private AgentApplication() {}

    public static void main(String[] args) throws Exception {
        Tracer tracer = GlobalOpenTelemetry.getTracer("agent-application");
        Span computing = tracer.spanBuilder("computing").startSpan();
        try (Scope ignored = computing.makeCurrent()) {
            Work.burnCpu(Duration.ofMillis(50));
        }
        computing.end();
        // Started here, computing on a pool thread that the context reaches, and ended there.
        Span handed = tracer.spanBuilder("handed").startSpan();
        CompletableFuture.runAsync(Context.current().with(handed).wrap(() -> {
            Work.burnCpu(Duration.ofMillis(30));
            handed.end();
        })).get();
    }
}
