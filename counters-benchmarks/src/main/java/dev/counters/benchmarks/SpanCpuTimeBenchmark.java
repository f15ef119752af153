package dev.counters.benchmarks;

import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.opentelemetry.CpuTimeSpanProcessor;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What {@link CpuTimeSpanProcessor} adds to one OpenTelemetry span: a span of a recording SDK with no
 * exporter, the same with the CPU-time processor, the bare one with the processor's three attributes
 * set by hand, and a THREAD_TIMES start/stop pair, the yardstick
 * (goal: the processor adds at most 1.5 pairs). Run with {@code -prof gc} for the bytes each
 * allocates (docs/OPENTELEMETRY.md, "Cost").
 */
public class SpanCpuTimeBenchmark extends NanosecondBenchmark {
    private static final AttributeKey<Double> TOTAL = AttributeKey.doubleKey(CpuTimeSpanProcessor.TOTAL);
    private static final AttributeKey<Double> USER = AttributeKey.doubleKey(CpuTimeSpanProcessor.USER);
    private static final AttributeKey<Double> SYSTEM = AttributeKey.doubleKey(CpuTimeSpanProcessor.SYSTEM);

    private SdkTracerProvider bare;
    private SdkTracerProvider withCpuTime;
    private Tracer bareTracer;
    private Tracer cpuTimeTracer;
    private CpuTimesCounter threadTimes;

    @Setup
    public void createTracers() {
        bare = SdkTracerProvider.builder().addSpanProcessor(new Recording()).build();
        withCpuTime = SdkTracerProvider.builder().addSpanProcessor(new Recording()).addSpanProcessor(new CpuTimeSpanProcessor()).build();
        bareTracer = bare.get("bench");
        cpuTimeTracer = withCpuTime.get("bench");
        threadTimes = Counters.threadTimes();
    }

    @TearDown
    public void shutDown() {
        bare.close();
        withCpuTime.close();
    }

    /** One span of a recording SDK, as a service without this library has it. */
    @Benchmark
    public Span span() {
        return startAndEnd(bareTracer);
    }

    /** The same span with the CPU-time processor: the difference is what the processor adds. */
    @Benchmark
    public Span spanWithCpuTime() {
        return startAndEnd(cpuTimeTracer);
    }

    /**
     * The bare span with three double attributes set by hand, as the processor sets them: what the
     * processor allocates beyond this is its own (the goal: nothing).
     */
    @Benchmark
    public Span spanWithThreeAttributes() {
        Span span = bareTracer.spanBuilder("bench").startSpan();
        span.setAttribute(TOTAL, 1e-6);
        span.setAttribute(USER, 1e-6);
        span.setAttribute(SYSTEM, 0.0);
        span.end();
        return span;
    }

    /** The yardstick: one THREAD_TIMES start/stop pair and the reads the processor makes of it. */
    @Benchmark
    public long threadTimesPair() {
        threadTimes.start();
        threadTimes.stop();
        return threadTimes.getNanoseconds() + threadTimes.getKernelNanoseconds();
    }

    private static Span startAndEnd(Tracer tracer) {
        Span span = tracer.spanBuilder("bench").startSpan();
        span.end();
        return span;
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
