package dev.counters.opentelemetry;

import dev.counters.testing.Work;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An application with no tracing code but the API: under the Java agent, one span computes, one is
 * ended on the pool thread it hopped to, one waits while the agent carries its context to a pool
 * thread that computes, and on JDK 21+ one is current only on a virtual thread.
 */
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
        // Current on main while a pool thread computes: the agent's executor instrumentation, not
        // this code, carries the context to the pool.
        Span propagated = tracer.spanBuilder("propagated").startSpan();
        // The span ends once the pool has ended: a future is done before the task that completed it has left its
        // scope, and a span ended while still current on the pool is current-at-end (a race on a loaded machine).
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Scope ignored = propagated.makeCurrent()) {
            pool.submit(() -> Work.burnCpu(Duration.ofMillis(30))).get();
        } finally {
            pool.shutdown();
            pool.awaitTermination(1, TimeUnit.MINUTES);
            propagated.end();
        }
        if (Runtime.version().feature() >= 21) {   // a span current on a virtual thread only
            Span virtual = tracer.spanBuilder("virtual").startSpan();
            Runnable inVirtual = () -> {
                try (Scope ignored = virtual.makeCurrent()) {
                    Work.compute(5);
                } finally {
                    virtual.end();
                }
            };
            // Thread.startVirtualThread, looked up: this class is compiled for JDK 17.
            ((Thread) Thread.class.getMethod("startVirtualThread", Runnable.class).invoke(null, inVirtual)).join();
        }
    }
}
