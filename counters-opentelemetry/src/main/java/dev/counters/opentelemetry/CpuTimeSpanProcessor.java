package dev.counters.opentelemetry;

import static java.util.Objects.requireNonNull;

import dev.counters.Counters;
import dev.counters.internal.VirtualThreads;
import dev.counters.CpuTimesCounter;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.internal.ExtendedSpanProcessor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Adds to each span the CPU time its thread spent between the span's start and its end, split into
 * user and system (kernel) time: what a span's duration cannot tell, because it counts waiting too.
 *
 * <pre>{@code
 * SdkTracerProvider tracing = SdkTracerProvider.builder()
 *         .addSpanProcessor(new CpuTimeSpanProcessor())
 *         .addSpanProcessor(BatchSpanProcessor.builder(exporter).build())
 *         .build();
 * }</pre>
 *
 * <p>An autoconfigured SDK, or the Java agent with this jar as an extension, adds it with no code
 * (through its {@code AutoConfigurationCustomizerProvider}, found by {@link java.util.ServiceLoader}). Each span ended on the thread that started it gets three
 * attributes, in seconds: {@value #TOTAL}, {@value #USER} and {@value #SYSTEM}; user plus system
 * equals the total to the nanosecond. Where no platform module (counters-posix, counters-windows)
 * is present the JDK serves the total alone, and only {@value #TOTAL} is set.
 *
 * <p>It never adds another thread's CPU time. A span ended on another thread than the one that
 * started it, or started or ended on a virtual thread (which has no CPU clock of its own: its
 * carriers change whenever it blocks), gets no figure but {@value #UNMEASURED} with the reason:
 * {@code other-thread}, {@code virtual-thread}, or {@code clock-failed} where the thread's clock
 * could not be read.
 *
 * <p>Nested spans on one thread each get their own figures. Each thread keeps a stack of started
 * clocks, one per nesting level, found by the span's identity, so once a thread has run a span its
 * spans allocate nothing here beyond the attribute values themselves.
 *
 * <p>The figures are set while the span is ending, before exporters see it, through the SDK's
 * {@code ExtendedSpanProcessor.onEnding} (an SDK-internal interface, present since SDK 1.37).
 */
public final class CpuTimeSpanProcessor implements ExtendedSpanProcessor {
    /** The attribute with the span's CPU time on its thread, user plus system, in seconds. */
    public static final String TOTAL = "dev.counters.cpu.total";
    /** The attribute with the span's CPU time in user mode, in seconds ({@code cpu.mode=user}). */
    public static final String USER = "dev.counters.cpu.user";
    /** The attribute with the span's CPU time in the kernel, in seconds ({@code cpu.mode=system}). */
    public static final String SYSTEM = "dev.counters.cpu.system";
    /** The attribute saying why a span has no CPU figure. */
    public static final String UNMEASURED = "dev.counters.cpu.unmeasured";

    private static final AttributeKey<Double> TOTAL_KEY = AttributeKey.doubleKey(TOTAL);
    private static final AttributeKey<Double> USER_KEY = AttributeKey.doubleKey(USER);
    private static final AttributeKey<Double> SYSTEM_KEY = AttributeKey.doubleKey(SYSTEM);
    private static final AttributeKey<String> UNMEASURED_KEY = AttributeKey.stringKey(UNMEASURED);
    private static final double NANOS_PER_SECOND = TimeUnit.SECONDS.toNanos(1);

    private final boolean kernelUserSplit;
    private final ThreadLocal<SpanClocks> clocks;

    /** A processor reading each thread's THREAD_TIMES counter ({@code Counters.threadTimes()}). */
    public CpuTimeSpanProcessor() {
        this(Counters::threadTimes);
    }

    /** A processor whose clocks read counters from {@code counters} (tests pass failing ones). */
    CpuTimeSpanProcessor(Supplier<? extends CpuTimesCounter> counters) {
        requireNonNull(counters, "counters");
        this.kernelUserSplit = counters.get().getInfo().hasKernelUserSplit();
        this.clocks = ThreadLocal.withInitial(() -> new SpanClocks(counters));
    }

    @Override
    public void onStart(Context parentContext, ReadWriteSpan span) {
        if (!VirtualThreads.isCurrentThreadVirtual()) {
            clocks.get().push(span);
        }
    }

    @Override
    public boolean isStartRequired() {
        return true;
    }

    @Override
    public void onEnding(ReadWriteSpan span) {
        if (VirtualThreads.isCurrentThreadVirtual()) {
            span.setAttribute(UNMEASURED_KEY, "virtual-thread");
            return;
        }
        SpanClocks stack = clocks.get();
        int frame = stack.pop(span);
        if (frame == SpanClocks.NOT_STARTED_HERE) {
            span.setAttribute(UNMEASURED_KEY, "other-thread");
        } else if (frame == SpanClocks.CLOCK_FAILED) {
            span.setAttribute(UNMEASURED_KEY, "clock-failed");
        } else {
            record(span, stack.clock(frame));
        }
    }

    private void record(ReadWriteSpan span, CpuTimesCounter clock) {
        long total = clock.getNanoseconds();
        span.setAttribute(TOTAL_KEY, total / NANOS_PER_SECOND);
        if (kernelUserSplit) {
            long system = clock.getKernelNanoseconds();
            span.setAttribute(SYSTEM_KEY, system / NANOS_PER_SECOND);
            span.setAttribute(USER_KEY, (total - system) / NANOS_PER_SECOND);
        }
    }

    @Override
    public boolean isOnEndingRequired() {
        return true;
    }

    @Override
    public void onEnd(ReadableSpan span) {}

    @Override
    public boolean isEndRequired() {
        return false;
    }
}
