package dev.counters.benchmarks;

import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.opentelemetry.CpuTimeSpanProcessor;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What {@link CpuTimeSpanProcessor} adds to one OpenTelemetry span and to one thread hop. A span
 * (start, {@code makeCurrent()}, scope closed, end) of a recording SDK with no exporter, the same
 * with the CPU-time processor, the bare one with the processor's four attributes set by hand, and
 * a THREAD_TIMES start/stop pair, the yardstick (goal: the processor adds at most 1.5 pairs to a
 * span on one thread). A hop is a long-lived span's context made current and closed again on a
 * thread where no span was current, as {@code Context.wrap} does on a pool thread: bare and with the
 * processor. A nested span is a span made current while another's scope is open on the thread. Run with {@code -prof gc} for the bytes each allocates (docs/OPENTELEMETRY.md, "Cost").
 *
 * <p>Each benchmark's state is its own, so a fork of the bare benchmarks never makes the processor,
 * whose context-storage wrapper would otherwise sit under every scope of that JVM.
 */
public class SpanCpuTimeBenchmark extends NanosecondBenchmark {
    private static final AttributeKey<Double> TOTAL = AttributeKey.doubleKey(CpuTimeSpanProcessor.TOTAL);
    private static final AttributeKey<Double> USER = AttributeKey.doubleKey(CpuTimeSpanProcessor.USER);
    private static final AttributeKey<Double> SYSTEM = AttributeKey.doubleKey(CpuTimeSpanProcessor.SYSTEM);
    private static final AttributeKey<Double> COVERED = AttributeKey.doubleKey(CpuTimeSpanProcessor.COVERED);

    /** A recording SDK, and a long-lived span whose context the hop benchmarks make current. */
    @State(org.openjdk.jmh.annotations.Scope.Thread)
    public static class Bare {
        SdkTracerProvider tracing;
        Tracer tracer;
        Span longLived;
        Context longLivedContext;

        /** The SDK's span processors: a recording one, and whatever a subclass adds. */
        SdkTracerProvider build() {
            return SdkTracerProvider.builder().addSpanProcessor(new Recording()).build();
        }

        @Setup
        public void createTracer() {
            tracing = build();
            tracer = tracing.get("bench");
            longLived = tracer.spanBuilder("long-lived").startSpan();
            longLivedContext = Context.root().with(longLived);
        }

        @TearDown
        public void shutDown() {
            longLived.end();
            tracing.close();
        }
    }

    /** The same with the CPU-time processor. */
    public static class WithCpuTime extends Bare {
        @Override
        SdkTracerProvider build() {
            return SdkTracerProvider.builder().addSpanProcessor(new Recording()).addSpanProcessor(new CpuTimeSpanProcessor()).build();
        }
    }

    /** A bare SDK whose long-lived span is current on the benchmark thread through each iteration. */
    public static class BareInParent extends Bare {
        private Scope parentScope;

        @Setup(Level.Iteration)
        public void makeParentCurrent() {
            parentScope = longLivedContext.makeCurrent();
        }

        @TearDown(Level.Iteration)
        public void closeParent() {
            parentScope.close();
        }
    }

    /** The same with the CPU-time processor. */
    public static class WithCpuTimeInParent extends BareInParent {
        @Override
        SdkTracerProvider build() {
            return SdkTracerProvider.builder().addSpanProcessor(new Recording()).addSpanProcessor(new CpuTimeSpanProcessor()).build();
        }
    }

    /** The yardstick's counter. */
    @State(org.openjdk.jmh.annotations.Scope.Thread)
    public static class Yardstick {
        CpuTimesCounter threadTimes;

        @Setup
        public void createCounter() {
            threadTimes = Counters.threadTimes();
        }
    }

    /** One span of a recording SDK, made current and ended, as a service without this library has it. */
    @Benchmark
    public Span span(Bare sdk) {
        return startCurrentEnd(sdk.tracer);
    }

    /** The same span with the CPU-time processor: the difference is what the processor adds. */
    @Benchmark
    public Span spanWithCpuTime(WithCpuTime sdk) {
        return startCurrentEnd(sdk.tracer);
    }

    /** A span made current inside another span's scope on the same thread: a child, bare. */
    @Benchmark
    public Span nestedSpan(BareInParent sdk) {
        return startCurrentEnd(sdk.tracer);
    }

    /** The same child with the CPU-time processor: two switches, parent to child and back. */
    @Benchmark
    public Span nestedSpanWithCpuTime(WithCpuTimeInParent sdk) {
        return startCurrentEnd(sdk.tracer);
    }

    /**
     * The bare span with four double attributes set by hand, as the processor sets them: what the
     * processor allocates beyond this is its own.
     */
    @Benchmark
    public Span spanWithFourAttributes(Bare sdk) {
        Span span = sdk.tracer.spanBuilder("bench").startSpan();
        try (Scope ignored = span.makeCurrent()) {
            span.setAttribute(TOTAL, 1e-6);
            span.setAttribute(USER, 1e-6);
            span.setAttribute(SYSTEM, 0.0);
            span.setAttribute(COVERED, 1.0);
        }
        span.end();
        return span;
    }

    /** A thread hop: a span's context made current on a thread where none was, and closed. */
    @Benchmark
    public Context hop(Bare sdk) {
        try (Scope ignored = sdk.longLivedContext.makeCurrent()) {
            return Context.current();
        }
    }

    /** The same hop with the CPU-time processor: one stretch opened and closed. */
    @Benchmark
    public Context hopWithCpuTime(WithCpuTime sdk) {
        try (Scope ignored = sdk.longLivedContext.makeCurrent()) {
            return Context.current();
        }
    }

    /** The yardstick: one THREAD_TIMES start/stop pair and the reads the processor makes of it. */
    @Benchmark
    public long threadTimesPair(Yardstick counter) {
        counter.threadTimes.start();
        counter.threadTimes.stop();
        return counter.threadTimes.getNanoseconds() + counter.threadTimes.getKernelNanoseconds();
    }

    private static Span startCurrentEnd(Tracer tracer) {
        Span span = tracer.spanBuilder("bench").startSpan();
        try (Scope ignored = span.makeCurrent()) {
            return span;
        } finally {
            span.end();
        }
    }

    /** Keeps spans recording (an SDK with no processor hands out no-op spans) and does nothing else. */
    private static final class Recording implements SpanProcessor {
        @Override
        public void onStart(Context parentContext, ReadWriteSpan span) {}

        @Override
        public boolean isStartRequired() {
            return false;
        }

        @Override
        public void onEnd(ReadableSpan span) {}

        @Override
        public boolean isEndRequired() {
            return false;
        }
    }
}
