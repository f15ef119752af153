package dev.counters.posix;

import dev.counters.CloseableCounter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.internal.ForwardingCounter;
import dev.counters.internal.LazyFrequency;
import dev.counters.internal.SourceCounter;
import java.lang.ref.Cleaner;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A Linux {@link CounterKind#THREAD_CYCLES} counter over its own {@code perf_event} descriptor,
 * opened at creation and closed by {@link #close()}, or by a {@link Cleaner} once the counter is
 * unreachable if it never was. After {@code close()}, {@code start()} and {@code stop()} throw
 * rather than read a descriptor number the process may have reused.
 */
final class ThreadCyclesCounter extends ForwardingCounter implements CloseableCounter {
    private static final Cleaner CLEANER = Cleaner.create();

    private final PerfEventSource event;
    private final Cleaner.Cleanable descriptor;
    private boolean closed;

    ThreadCyclesCounter(PerfEventSource event, LazyFrequency frequency, Supplier<CounterInfo> info) {
        super(new SourceCounter(CounterKind.THREAD_CYCLES, event, frequency, info));
        this.event = event;
        this.descriptor = CLEANER.register(this, new CloseDescriptor(event.calls(), event.fd()));
    }

    @Override
    public void start() {
        checkOpen();
        super.start();
    }

    @Override
    public void stop() {
        checkOpen();
        super.stop();
    }

    @Override
    public void restartFromStop() {
        checkOpen();
        super.restartFromStop();
    }

    /** Closes the {@code perf_event} descriptor; readings taken before stay readable. */
    @Override
    public void close() {
        closed = true;
        descriptor.clean();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This THREAD_CYCLES counter is closed (its perf_event descriptor is released):"
                    + " create a new counter to measure again");
        }
    }

    @Override
    public String toString() {
        return super.toString() + (closed ? " closed" : "") + (event.lastReadingScaled()
                ? String.format(Locale.ROOT, "; last reading scaled: the event counted %.1f%% of the time",
                        100 * event.lastRunningShare())
                : "");
    }

    /** Closes one descriptor once; holds no reference to the counter, so the counter can become unreachable. */
    private static final class CloseDescriptor implements Runnable {
        private final PosixCalls calls;
        private final int fd;

        CloseDescriptor(PosixCalls calls, int fd) {
            this.calls = calls;
            this.fd = fd;
        }

        @Override
        public void run() {
            calls.close(fd);
        }
    }
}
