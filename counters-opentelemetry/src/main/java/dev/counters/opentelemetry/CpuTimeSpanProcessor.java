package dev.counters.opentelemetry;

import dev.counters.Counters;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.internal.ExtendedSpanProcessor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Adds to each span the CPU time spent while its context was current, on every thread it reached,
 * split into user and system (kernel) time: what a span's duration cannot tell, because it counts
 * waiting too, and what a clock started and stopped on one thread gets wrong once the work hops
 * threads.
 *
 * <pre>{@code
 * SdkTracerProvider tracing = SdkTracerProvider.builder()
 *         .addSpanProcessor(new CpuTimeSpanProcessor())
 *         .addSpanProcessor(BatchSpanProcessor.builder(exporter).build())
 *         .build();
 * }</pre>
 *
 * <p>A span's CPU time is the sum, over threads, of the CPU each thread used from the moment the
 * span's context (or a descendant's) became current there ({@code span.makeCurrent()}, a task
 * wrapped with {@code Context.wrap} or the SDK's task wrapping, the Java agent's instrumentation)
 * until OpenTelemetry held another context current there (a scope closed in order; one closed out
 * of order or twice changes nothing, in OpenTelemetry as here) or the span ended. A thread that runs
 * another span's work in between never adds to this one; a parent's figure includes its children's.
 * Spans ended on another thread are measured like any other. A span never made current, started and
 * ended on one thread where the current span stayed the same in between ({@code startSpan()} ...
 * {@code end()} around a block), gets that thread's CPU from its start to its end.
 *
 * <p>Attributes, set while the span ends and before any exporter sees it: {@value #TOTAL},
 * {@value #USER} and {@value #SYSTEM} in seconds (user plus system equals the total to the
 * nanosecond; only the total where no platform module serves the split); {@value #COVERED}, the share
 * of the span's wall time during which a measured stretch was open; and {@value #UNMEASURED}, the
 * reasons, comma-separated, for what was not measured: {@code virtual-thread} (current on a virtual
 * thread, which has no CPU clock of its own), {@code clock-failed}, {@code current-at-end} (still
 * current on another thread when it ended), {@code never-current} (never made current, and
 * ended on another thread than its own or with the current span there changed in between) and
 * {@code no-context-hook} (see below). Nothing is guessed: where a stretch
 * could not be measured, its time is simply not in the figure, and the coverage says how much is.
 *
 * <p>The scopes are seen through a wrapper of OpenTelemetry's context storage, added with
 * {@code ContextStorage.addWrapper} when the first processor is made. OpenTelemetry applies wrappers
 * only before the context is first used, so make the processor (or the SDK, or start the agent)
 * before the application's first {@code makeCurrent()}; otherwise spans get
 * {@code no-context-hook}, and the first of them logs a warning saying so. The autoconfiguration and the Java agent extension do this for you.
 *
 * <p>The figures are set through the SDK's {@code ExtendedSpanProcessor.onEnding} (an SDK-internal
 * interface, present since SDK 1.37).
 */
public final class CpuTimeSpanProcessor implements ExtendedSpanProcessor {
    /** The attribute with the span's CPU time on all threads, user plus system, in seconds. */
    public static final String TOTAL = "dev.counters.cpu.total";
    /** The attribute with the span's CPU time in user mode, in seconds ({@code cpu.mode=user}). */
    public static final String USER = "dev.counters.cpu.user";
    /** The attribute with the span's CPU time in the kernel, in seconds ({@code cpu.mode=system}). */
    public static final String SYSTEM = "dev.counters.cpu.system";
    /** The attribute with the share (0 to 1) of the span's wall time that measured stretches covered. */
    public static final String COVERED = "dev.counters.cpu.covered";
    /** The attribute saying why part or all of a span's CPU time was not measured. */
    public static final String UNMEASURED = "dev.counters.cpu.unmeasured";

    private static final AttributeKey<Double> TOTAL_KEY = AttributeKey.doubleKey(TOTAL);
    private static final AttributeKey<Double> USER_KEY = AttributeKey.doubleKey(USER);
    private static final AttributeKey<Double> SYSTEM_KEY = AttributeKey.doubleKey(SYSTEM);
    private static final AttributeKey<Double> COVERED_KEY = AttributeKey.doubleKey(COVERED);
    private static final AttributeKey<String> UNMEASURED_KEY = AttributeKey.stringKey(UNMEASURED);
    private static final double NANOS_PER_SECOND = TimeUnit.SECONDS.toNanos(1);
    private static final System.Logger LOG = System.getLogger(CpuTimeSpanProcessor.class.getName());
    /** Logged once, at the first span that the missing wrapper left unmeasured. */
    static final String UNHOOKED = "counters: OpenTelemetry's context storage was in use before the first "
            + "CpuTimeSpanProcessor was made, so the processor cannot see which span is current on which thread: "
            + "spans get no CPU time (" + UNMEASURED + "=no-context-hook). Make the processor (or the SDK) before "
            + "the application's first Context.makeCurrent() or Span.makeCurrent(), e.g. in the main class's "
            + "static initializer";
    private static final AtomicBoolean UNHOOKED_WARNED = new AtomicBoolean();

    private final boolean kernelUserSplit;

    /**
     * A processor reading each thread's THREAD_TIMES counter ({@code Counters.threadTimes()}).
     * Makes one at once, so that a platform without thread CPU clocks fails here.
     */
    public CpuTimeSpanProcessor() {
        CpuContextStorage.install();
        this.kernelUserSplit = Counters.threadTimes().getInfo().hasKernelUserSplit();
    }

    @Override
    public void onStart(Context parentContext, ReadWriteSpan span) {
        CpuContextStorage.track(span, parentContext);
    }

    @Override
    public boolean isStartRequired() {
        return true;
    }

    @Override
    public void onEnding(ReadWriteSpan span) {
        SpanCpu books = CpuContextStorage.untrack(span);
        if (books == null) {
            return;
        }
        if (books.measured()) {
            long total = books.totalNanos();
            span.setAttribute(TOTAL_KEY, total / NANOS_PER_SECOND);
            if (kernelUserSplit) {
                long system = books.kernelNanos();
                span.setAttribute(SYSTEM_KEY, system / NANOS_PER_SECOND);
                span.setAttribute(USER_KEY, (total - system) / NANOS_PER_SECOND);
            }
        }
        span.setAttribute(COVERED_KEY, books.covered());
        String reasons = books.reasons();
        if (reasons != null) {
            span.setAttribute(UNMEASURED_KEY, reasons);
            if (books.unhooked() && UNHOOKED_WARNED.compareAndSet(false, true)) {
                LOG.log(System.Logger.Level.WARNING, UNHOOKED);
            }
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
