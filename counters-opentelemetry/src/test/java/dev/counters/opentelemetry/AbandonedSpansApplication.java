package dev.counters.opentelemetry;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import java.lang.management.ManagementFactory;

/**
 * Starts 100,000 spans and drops them without ending them, as code that loses spans on an error path
 * does, then prints the heap in use after a full GC, before and after, as {@code key=value} lines:
 * {@code dropped} right after the spans are dropped, {@code traced} after 10,000 more spans ended as
 * an application that keeps tracing ends them. With {@code -Dabandoned.processor=with} the SDK has a
 * {@link CpuTimeSpanProcessor}; otherwise it has none. Run with {@code -Xmx64m}.
 */
public final class AbandonedSpansApplication {
    static final int SPANS = 100_000;

    private AbandonedSpansApplication() {}

    public static void main(String[] args) throws Exception {
        var builder = SdkTracerProvider.builder();
        if ("with".equals(System.getProperty("abandoned.processor"))) {
            builder.addSpanProcessor(new CpuTimeSpanProcessor());
        }
        try (SdkTracerProvider tracing = builder.build()) {
            Tracer tracer = tracing.get("abandoned");
            traceEnded(tracer, 1_000);   // classes loaded, the JIT warm: not what is measured
            long before = usedAfterGc();
            for (int i = 0; i < SPANS; i++) {
                Span dropped = tracer.spanBuilder("dropped").startSpan();
                if (i % 2 == 0) {   // half of them made current once, as a request's span is
                    try (Scope ignored = dropped.makeCurrent()) {
                        dropped.setAttribute("i", i);
                    }
                }
            }
            long dropped = usedAfterGc();
            traceEnded(tracer, 10_000);
            long traced = usedAfterGc();
            System.out.println("before=" + before);
            System.out.println("dropped=" + (dropped - before));
            System.out.println("traced=" + (traced - before));
        }
    }

    private static void traceEnded(Tracer tracer, int spans) {
        for (int i = 0; i < spans; i++) {
            Span span = tracer.spanBuilder("ended").startSpan();
            try (Scope ignored = span.makeCurrent()) {
                span.setAttribute("i", i);
            }
            span.end();
        }
    }

    private static long usedAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
