package dev.counters.opentelemetry;

import dev.counters.testing.Work;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextStorage;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code makeCurrent()} scopes closed out of order and closed twice, with another {@link ContextStorage}
 * wrapper added {@code before} or {@code after} the processor's ({@code -Dmisordered.wrapper}; {@code alone}: none).
 * Each burst of CPU is the truth of the span OpenTelemetry holds current while it runs
 * ({@code Span.current()}, read before each burst), measured by the JDK's thread CPU clock; prints
 * {@code <scenario>.<span>.truth} and {@code .recorded} in seconds, and {@code wrapped} (the attaches
 * the other wrapper saw).
 */
public final class MisorderedScopesApplication {
    private static final AtomicInteger OTHER_ATTACHES = new AtomicInteger();
    private final Map<Span, Long> truth = new HashMap<>();
    private final Tracer tracer;

    private MisorderedScopesApplication(SdkTracerProvider tracing) {
        this.tracer = tracing.get("misordered");
    }

    public static void main(String[] args) {
        String order = System.getProperty("misordered.wrapper", "alone");
        if (order.equals("before")) {
            ContextStorage.addWrapper(Counting::new);
        }
        CpuTimeSpanProcessor processor = new CpuTimeSpanProcessor();
        if (order.equals("after")) {
            ContextStorage.addWrapper(Counting::new);
        }
        InMemorySpanExporter exported = InMemorySpanExporter.create();
        try (SdkTracerProvider tracing = SdkTracerProvider.builder()
                .addSpanProcessor(processor)
                .addSpanProcessor(SimpleSpanProcessor.create(exported))
                .build()) {
            MisorderedScopesApplication application = new MisorderedScopesApplication(tracing);
            // A first pass loads the JDK's thread CPU clock, the SDK's and the wrappers' code: that CPU would be
            // charged to the first span current but lies outside every burst the truth reads.
            application.outOfOrder();
            application.closedTwice();
            application.truth.clear();
            exported.reset();
            OTHER_ATTACHES.set(0);
            application.outOfOrder();
            application.closedTwice();
            for (SpanData span : exported.getFinishedSpanItems()) {
                Double recorded = span.getAttributes().get(SpanScenarios.TOTAL);
                System.out.println(span.getName() + ".recorded=" + (recorded == null ? "none" : recorded));
                System.out.println(span.getName() + ".unmeasured=" + span.getAttributes().get(SpanScenarios.UNMEASURED));
            }
            application.truth.forEach((span, nanos) ->
                    System.out.println(((io.opentelemetry.sdk.trace.ReadableSpan) span).getName() + ".truth=" + nanos / 1e9));
            System.out.println("wrapped=" + OTHER_ATTACHES.get());
        }
    }

    /** A then B made current; A's scope closed while B is current (OpenTelemetry ignores it), B's, then A's again. */
    private void outOfOrder() {
        Span a = tracer.spanBuilder("outOfOrder.a").setNoParent().startSpan();
        Span b = tracer.spanBuilder("outOfOrder.b").setNoParent().startSpan();
        Scope inA = a.makeCurrent();
        burn(20);
        Scope inB = b.makeCurrent();
        burn(40);
        inA.close();   // out of order: B stays current
        burn(40);
        inB.close();   // A is current again
        burn(20);
        inA.close();
        b.end();
        a.end();
    }

    /** A's scope closed, B made current, A's scope closed again (OpenTelemetry ignores it) while B is current. */
    private void closedTwice() {
        Span a = tracer.spanBuilder("closedTwice.a").setNoParent().startSpan();
        Span b = tracer.spanBuilder("closedTwice.b").setNoParent().startSpan();
        Scope inA = a.makeCurrent();
        burn(20);
        inA.close();
        Scope inB = b.makeCurrent();
        burn(40);
        inA.close();   // twice: B stays current
        burn(40);
        inB.close();
        b.end();
        a.end();
    }

    /** Burns {@code millis} of CPU and adds it to the truth of the span OpenTelemetry holds current. */
    private void burn(long millis) {
        Span current = Span.current();
        long before = Work.threadCpuNanos();
        Work.burnCpu(Duration.ofMillis(millis));
        truth.merge(current, Work.threadCpuNanos() - before, Long::sum);
    }

    /** Another library's wrapper: passes everything through with a scope of its own, counting attaches. */
    private static final class Counting implements ContextStorage {
        private final ContextStorage delegate;

        Counting(ContextStorage delegate) {
            this.delegate = delegate;
        }

        @Override
        public Scope attach(Context toAttach) {
            OTHER_ATTACHES.incrementAndGet();
            Scope scope = delegate.attach(toAttach);
            return scope::close;
        }

        @Override
        public Context current() {
            return delegate.current();
        }
    }
}
