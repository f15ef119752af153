package dev.counters.opentelemetry;

import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextStorage;
import io.opentelemetry.context.Scope;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The OpenTelemetry {@link ContextStorage} wrapped so that each thread's CPU time goes to the span
 * whose context is current there: every {@link #attach} that makes another tracked span current,
 * and every close of its scope, is a switch ({@link ThreadStretch#switchTo}). Added with
 * {@link ContextStorage#addWrapper}, which works only before the storage is first used; whether it
 * was in time is known by {@link #isHooked()}.
 *
 * <p>Spans are tracked from their start ({@link #track}) to their end ({@link #untrack}) by the
 * processor, in one table for the process; a span in a context that is not tracked (a remote parent,
 * a span started before the processor existed) takes no CPU time.
 */
final class CpuContextStorage implements ContextStorage {
    private static final ConcurrentHashMap<Span, SpanCpu> SPANS = new ConcurrentHashMap<>();
    private static final AtomicBoolean ADDED = new AtomicBoolean();
    private static volatile boolean hooked;
    private static volatile Supplier<? extends CpuTimesCounter> clocks = Counters::threadTimes;
    private static final ThreadLocal<ThreadStretch> THREADS = ThreadLocal.withInitial(() -> new ThreadStretch(clocks));

    private final ContextStorage delegate;

    private CpuContextStorage(ContextStorage delegate) {
        this.delegate = delegate;
        hooked = true;
    }

    /** Asks OpenTelemetry to wrap its context storage, once; effective only before the storage is first used. */
    static void install() {
        if (ADDED.compareAndSet(false, true)) {
            ContextStorage.addWrapper(CpuContextStorage::new);
        }
    }

    /**
     * Whether the context storage in use is wrapped. If nothing has used it yet, this sets it up
     * (with the wrapper, which {@link #install} added): false then means it was set up without us.
     */
    static boolean isHooked() {
        if (!hooked) {
            ContextStorage.get();
        }
        return hooked;
    }

    /** Where threads made from now on take their CPU clocks (tests pass failing ones). */
    static void useClocks(Supplier<? extends CpuTimesCounter> counters) {
        clocks = counters;
    }

    /** Starts the books of {@code span}, just started, linked to its parent's if the parent is tracked. */
    static void track(Span span, Context parent) {
        SPANS.put(span, new SpanCpu(lookup(parent), System.nanoTime()));
    }

    /** Ends the books of {@code span} and returns them, or null if it was not tracked. */
    static SpanCpu untrack(Span span) {
        SpanCpu books = SPANS.remove(span);
        if (books != null) {
            THREADS.get().endWithin(books);
        }
        return books;
    }

    /** How many spans are tracked now: started and not yet ended. */
    static int tracked() {
        return SPANS.size();
    }

    private static SpanCpu lookup(Context context) {
        Span span = context == null ? null : Span.fromContextOrNull(context);
        return span == null ? null : SPANS.get(span);
    }

    @Override
    public Scope attach(Context toAttach) {
        Scope scope = delegate.attach(toAttach);
        ThreadStretch thread = THREADS.get();
        SpanCpu previous = thread.current();
        SpanCpu next = lookup(toAttach);
        if (next == previous) {
            return scope;
        }
        thread.switchTo(next);
        return new Switched(scope, thread, previous);
    }

    @Override
    public Context current() {
        return delegate.current();
    }

    @Override
    public Context root() {
        return delegate.root();
    }

    /** A scope whose close gives this thread's CPU back to the span that was current before it. */
    private static final class Switched implements Scope {
        private final Scope scope;
        private final ThreadStretch thread;
        private final SpanCpu previous;

        Switched(Scope scope, ThreadStretch thread, SpanCpu previous) {
            this.scope = scope;
            this.thread = thread;
            this.previous = previous;
        }

        @Override
        public void close() {
            scope.close();
            if (thread.ownedByCurrentThread()) {   // closed on another thread: the storage ignores it, so do we
                thread.switchTo(previous);
            }
        }
    }
}
