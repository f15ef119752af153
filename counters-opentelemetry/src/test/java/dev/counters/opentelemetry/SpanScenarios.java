package dev.counters.opentelemetry;

import dev.counters.testing.VirtualThreadRunner;
import dev.counters.testing.Work;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Spans whose work hops threads, each with its truth: the CPU time its own code burned, read by that
 * code with the JDK's thread CPU clock inside the span's stretches. Uses only attribute names, not
 * the processor's constants, so that {@link #main} can run against an earlier build of the processor
 * and print what it recorded ("before").
 */
final class SpanScenarios implements AutoCloseable {
    static final AttributeKey<Double> TOTAL = AttributeKey.doubleKey("dev.counters.cpu.total");
    static final AttributeKey<Double> COVERED = AttributeKey.doubleKey("dev.counters.cpu.covered");
    static final AttributeKey<String> UNMEASURED = AttributeKey.stringKey("dev.counters.cpu.unmeasured");

    /** A span's truth (seconds of CPU its code burned where a thread clock could see it) and what it got. */
    record Outcome(String kind, double truth, Attributes recorded) {
        Double total() {
            return recorded.get(TOTAL);
        }

        @Override
        public String toString() {
            return String.format("%-24s truth %.4f s  recorded %s  covered %s  unmeasured %s", kind, truth,
                    total() == null ? "-" : String.format("%.4f s", total()), recorded.get(COVERED), recorded.get(UNMEASURED));
        }
    }

    /** CPU time burned by a span's own code, summed over the threads it ran on. */
    static final class Truth {
        private final AtomicLong nanos = new AtomicLong();

        void burn(Duration cpu) {
            long before = Work.threadCpuNanos();
            Work.burnCpu(cpu);
            nanos.addAndGet(Work.threadCpuNanos() - before);
        }

        double seconds() {
            return nanos.get() / 1e9;
        }
    }

    final InMemorySpanExporter exported = InMemorySpanExporter.create();
    final SdkTracerProvider tracing;
    final Tracer tracer;
    /** One thread: the spans' tasks and others' run on it in turn. */
    final ExecutorService hopper = Executors.newSingleThreadExecutor();

    SpanScenarios() {
        tracing = SdkTracerProvider.builder()
                .addSpanProcessor(new CpuTimeSpanProcessor())
                .addSpanProcessor(SimpleSpanProcessor.create(exported))
                .build();
        tracer = tracing.get("scenarios");
    }

    /** Computes 40 ms with the span current, ending it on the same thread. */
    Outcome sameThread() {
        Truth truth = new Truth();
        Span span = tracer.spanBuilder("same-thread").startSpan();
        try (Scope ignored = span.makeCurrent()) {
            truth.burn(Duration.ofMillis(40));
        } finally {
            span.end();
        }
        return outcome(span, truth);
    }

    /**
     * 10 ms on the calling thread, then three 20 ms tasks on the hopper through
     * {@code Context.taskWrapping}, between which the hopper runs another span's tasks (20 ms each) and
     * a task of no span (20 ms): none of those may count.
     */
    Outcome executorHop() throws Exception {
        Truth truth = new Truth();
        Truth other = new Truth();
        Span span = tracer.spanBuilder("executor-hop").startSpan();
        Span another = tracer.spanBuilder("another").setNoParent().startSpan();
        ExecutorService anothers = Context.root().with(another).wrap(hopper);
        List<Future<?>> done = new ArrayList<>();
        try (Scope ignored = span.makeCurrent()) {
            truth.burn(Duration.ofMillis(10));
            ExecutorService ours = Context.taskWrapping(hopper);
            for (int task = 0; task < 3; task++) {
                done.add(ours.submit(() -> truth.burn(Duration.ofMillis(20))));
                done.add(anothers.submit(() -> other.burn(Duration.ofMillis(20))));
                done.add(hopper.submit(() -> Work.burnCpu(Duration.ofMillis(20))));
            }
            for (Future<?> each : done) {
                each.get(60, TimeUnit.SECONDS);
            }
        } finally {
            span.end();
            another.end();
        }
        return outcome(span, truth);
    }

    /** A CompletableFuture chain of two stages on the hopper, the second ending the span. */
    Outcome completableFuture() throws Exception {
        Truth truth = new Truth();
        Span span = tracer.spanBuilder("completable-future").startSpan();
        Context context = Context.current().with(span);
        CompletableFuture.runAsync(context.wrap(() -> truth.burn(Duration.ofMillis(20))), hopper)
                .thenRunAsync(context.wrap(() -> {
                    truth.burn(Duration.ofMillis(20));
                    span.end();
                }), hopper)
                .get(60, TimeUnit.SECONDS);
        return outcome(span, truth);
    }

    /** Started on the calling thread, which does 10 ms in it; 30 ms on the hopper, which ends it in its scope. */
    Outcome endedOnAnotherThread() throws Exception {
        Truth truth = new Truth();
        Span span = tracer.spanBuilder("ended-elsewhere").startSpan();
        try (Scope ignored = span.makeCurrent()) {
            truth.burn(Duration.ofMillis(10));
        }
        hopper.submit(() -> {
            try (Scope ignored = span.makeCurrent()) {
                truth.burn(Duration.ofMillis(30));
                span.end();
            }
        }).get(60, TimeUnit.SECONDS);
        return outcome(span, truth);
    }

    /**
     * 20 ms on the calling thread, then 30 ms of computing on a virtual thread the context reaches
     * (JDK 21+): the truth is the part a thread clock can see, the calling thread's.
     */
    Outcome virtualThreadHop() throws Exception {
        Truth truth = new Truth();
        Span span = tracer.spanBuilder("virtual-thread-hop").startSpan();
        try (Scope ignored = span.makeCurrent()) {
            truth.burn(Duration.ofMillis(20));
            Context context = Context.current();
            VirtualThreadRunner.call(() -> {
                try (Scope inVirtual = context.makeCurrent()) {
                    busyFor(Duration.ofMillis(30));
                }
                return null;
            });
        } finally {
            span.end();
        }
        return outcome(span, truth);
    }

    /** Computes for {@code wall} of wall-clock time: work for a virtual thread, which has no CPU clock to stop by. */
    static void busyFor(Duration wall) {
        long until = System.nanoTime() + wall.toNanos();
        while (System.nanoTime() < until) {
            Work.compute(1);
        }
    }

    Outcome outcome(Span span, Truth truth) {
        String name = ((io.opentelemetry.sdk.trace.ReadableSpan) span).getName();
        for (SpanData data : exported.getFinishedSpanItems()) {
            if (data.getSpanContext().equals(span.getSpanContext())) {
                return new Outcome(name, truth.seconds(), data.getAttributes());
            }
        }
        throw new AssertionError(name + " was not exported: " + exported.getFinishedSpanItems());
    }

    @Override
    public void close() {
        hopper.shutdown();
        tracing.shutdown().join(10, TimeUnit.SECONDS);
    }

    /** Prints each kind's truth and what the processor on the class path recorded, five times each. */
    public static void main(String[] args) throws Exception {
        try (SpanScenarios scenarios = new SpanScenarios()) {
            for (int round = 0; round < 5; round++) {
                System.out.println(scenarios.sameThread());
                System.out.println(scenarios.executorHop());
                System.out.println(scenarios.completableFuture());
                System.out.println(scenarios.endedOnAnotherThread());
                if (VirtualThreadRunner.available()) {
                    System.out.println(scenarios.virtualThreadHop());
                }
            }
        }
    }
}
