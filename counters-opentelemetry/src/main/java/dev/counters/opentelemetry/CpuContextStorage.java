package dev.counters.opentelemetry;

import com.google.common.collect.MapMaker;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextStorage;
import io.opentelemetry.context.Scope;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The OpenTelemetry {@link ContextStorage} wrapped so that each thread's CPU time goes to the span
 * whose context is current there: every {@link #attach} that makes another span current, and every
 * close of its scope that leaves another span current, is a change ({@link ThreadStretch#follow}).
 * What is current after a close is what the storage below says ({@link ContextStorage#current}),
 * not what was current before the scope opened: OpenTelemetry ignores a scope closed out of order or
 * twice, and so does the accounting. Added with {@link ContextStorage#addWrapper}, which works only
 * before the storage is first used; whether it was in time is known by {@link #isHooked()}.
 *
 * <p>Spans are tracked from their start ({@link #track}) to their end ({@link #untrack}) by the
 * processor, in one table for the process whose keys are weak: a span dropped without an end leaves
 * the table when the garbage collector takes it. A span in a context that is not tracked (a remote
 * parent, a span started before the processor existed) takes no CPU time.
 */
final class CpuContextStorage implements ContextStorage {
    /**
     * Keys compared by identity and held weakly (an abandoned span is no one's to end); lookups wait
     * for no lock and allocate nothing; a start or an end locks one of 16 segments (uncontended: one
     * CAS), and sweeps out a few entries whose spans were collected.
     */
    private static final ConcurrentMap<Span, SpanCpu> SPANS = new MapMaker().weakKeys().concurrencyLevel(16).makeMap();
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

    /**
     * Starts the books of {@code span}, just started, linked to its parent's if the parent is tracked,
     * and marked with this thread's clock, should it end here without ever being current.
     */
    static void track(Span span, Context parent) {
        SpanCpu books = new SpanCpu(books(spanOf(parent)), System.nanoTime());
        if (hooked) {   // without the wrapper no change of the current span is seen: no span is measured whole
            THREADS.get().markStart(books);
        }
        SPANS.put(span, books);
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

    private static Span spanOf(Context context) {
        return context == null ? null : Span.fromContextOrNull(context);
    }

    private static SpanCpu books(Span span) {
        return span == null ? null : SPANS.get(span);
    }

    @Override
    public Scope attach(Context toAttach) {
        Scope scope = delegate.attach(toAttach);
        ThreadStretch thread = THREADS.get();
        Span span = spanOf(toAttach);
        if (span == thread.currentSpan()) {   // the same span (a context with baggage added, say): its close changes nothing either
            return scope;
        }
        thread.follow(span, books(span));
        return new Followed(scope, thread);
    }

    @Override
    public Context current() {
        return delegate.current();
    }

    @Override
    public Context root() {
        return delegate.root();
    }

    /**
     * A scope whose close gives the closing thread's CPU to the span the storage below holds current
     * after it: the one current before the scope opened when closed in order, the same as before when
     * the storage ignored the close (out of order, twice, on another thread).
     */
    private final class Followed implements Scope {
        private final Scope scope;
        private final ThreadStretch thread;

        Followed(Scope scope, ThreadStretch thread) {
            this.scope = scope;
            this.thread = thread;
        }

        @Override
        public void close() {
            scope.close();
            ThreadStretch closing = thread.ownedByCurrentThread() ? thread : THREADS.get();
            Span span = spanOf(delegate.current());
            if (span != closing.currentSpan()) {
                closing.follow(span, books(span));
            }
        }
    }
}
