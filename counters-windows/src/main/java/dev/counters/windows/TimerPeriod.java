package dev.counters.windows;

import com.google.common.collect.Range;
import dev.counters.windows.internal.WinmmTimer;
import java.lang.ref.Cleaner;
import java.util.function.BiFunction;

/**
 * A raised resolution of the Windows timer, held from {@link #request} until {@link #close()}:
 * {@code timeBeginPeriod} when requested, the matching {@code timeEndPeriod} exactly once when
 * closed. While it is held, {@code timeGetTime} (the MULTIMEDIA counter), {@code Sleep} and the
 * scheduler's timers tick at the requested period instead of the default (commonly 15.6 ms).
 *
 * <pre>{@code
 * try (TimerPeriod period = TimerPeriod.request(1)) {
 *     Counter counter = Counters.multimedia();
 *     ...                          // timeGetTime now advances every millisecond
 * }                                // timeEndPeriod(1)
 * }</pre>
 *
 * <p>Windows counts requests per process and keeps the finest period any of them asks for, which
 * costs power machine-wide, and each {@code timeBeginPeriod} must be matched by a
 * {@code timeEndPeriod} with the same value. So close it as soon as the timing is done, in a
 * try-with-resources block. A period that is never closed is ended by a {@link Cleaner} once it
 * becomes unreachable, with a warning logged, so a forgotten one cannot outlive its holder by
 * long; do not rely on that. {@link MultimediaCounter#withTimerPeriod} ties one to a counter.
 */
public final class TimerPeriod implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();

    private final int milliseconds;
    private final End end;
    private final Cleaner.Cleanable cleanable;

    private TimerPeriod(WinmmTimer timer, int milliseconds, BiFunction<Object, Runnable, Cleaner.Cleanable> cleaner) {
        this.milliseconds = milliseconds;
        this.end = new End(timer, milliseconds);
        this.cleanable = cleaner.apply(this, end);
    }

    /**
     * Raises the timer resolution to {@code milliseconds} until {@link #close()}.
     *
     * @throws IllegalArgumentException if {@code milliseconds} is outside {@link #supportedPeriods()}
     * @throws UnsupportedOperationException if this is not Windows or winmm is missing
     * @throws dev.counters.CounterException if {@code timeBeginPeriod} fails
     */
    public static TimerPeriod request(int milliseconds) {
        return request(WinmmTimer.system(), milliseconds);
    }

    /**
     * The periods this system's timer accepts, in milliseconds, from {@code timeGetDevCaps}.
     *
     * @throws UnsupportedOperationException if this is not Windows or winmm is missing
     * @throws dev.counters.CounterException if {@code timeGetDevCaps} fails
     */
    public static Range<Integer> supportedPeriods() {
        return WinmmTimer.system().supportedPeriods();
    }

    static TimerPeriod request(WinmmTimer timer, int milliseconds) {
        return request(timer, milliseconds, CLEANER::register);
    }

    /** As {@link #request(WinmmTimer, int)}, with the action that ends a forgotten period registered through {@code cleaner}. */
    static TimerPeriod request(WinmmTimer timer, int milliseconds, BiFunction<Object, Runnable, Cleaner.Cleanable> cleaner) {
        timer.beginPeriod(milliseconds);
        return new TimerPeriod(timer, milliseconds, cleaner);
    }

    /** The period this holds, in milliseconds. */
    public int milliseconds() {
        return milliseconds;
    }

    /** Whether the period is still held, that is, {@link #close()} has not ended it yet. */
    public boolean isActive() {
        return !end.ran;
    }

    /**
     * Ends the period with {@code timeEndPeriod}; later calls do nothing.
     *
     * @throws dev.counters.CounterException if {@code timeEndPeriod} fails
     */
    @Override
    public void close() {
        if (end.ran) {
            return;
        }
        end.closed = true;
        cleanable.clean();
        if (end.result != WinmmTimer.NO_ERROR) {
            throw WinmmTimer.endFailure(milliseconds, end.result);
        }
    }

    @Override
    public String toString() {
        return "TimerPeriod(" + milliseconds + " ms, " + (isActive() ? "active" : "ended") + ")";
    }

    /** The {@code timeEndPeriod} call; it must not refer to the {@link TimerPeriod}, or the Cleaner could never run it. */
    private static final class End implements Runnable {
        private final WinmmTimer timer;
        private final int milliseconds;
        private volatile boolean closed;
        private volatile boolean ran;
        private volatile int result = WinmmTimer.NO_ERROR;

        End(WinmmTimer timer, int milliseconds) {
            this.timer = timer;
            this.milliseconds = milliseconds;
        }

        @Override
        public void run() {
            ran = true;
            result = timer.endPeriod(milliseconds);
            if (!closed) {
                System.getLogger(TimerPeriod.class.getName()).log(System.Logger.Level.WARNING,
                        "A {0} ms TimerPeriod was never closed; the Cleaner ended it (timeEndPeriod returned {1})."
                                + " Close it in a try-with-resources block.",
                        milliseconds, result);
            }
        }
    }
}
