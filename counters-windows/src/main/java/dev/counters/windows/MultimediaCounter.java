package dev.counters.windows;

import dev.counters.Counter;
import dev.counters.internal.ForwardingCounter;
import dev.counters.windows.internal.WinmmTimer;

/**
 * A MULTIMEDIA counter ({@code timeGetTime}) that raises the Windows timer resolution for as long
 * as it lives: {@code timeBeginPeriod} when created, {@code timeEndPeriod} when closed. By default
 * {@code timeGetTime} advances once per system tick (commonly 15.6 ms); with a 1 ms period it
 * advances every millisecond, which is the reason this counter exists.
 *
 * <pre>{@code
 * try (MultimediaCounter counter = MultimediaCounter.withTimerPeriod(1)) {
 *     counter.start();
 *     work();
 *     counter.stop();
 *     System.out.println(counter.getMilliseconds() + " ms");
 * }                                      // timeEndPeriod(1)
 * }</pre>
 *
 * <p>Closing ends only the raised period: readings already taken stay readable, and the counter
 * still works afterwards, at the default resolution. The period is a {@link TimerPeriod}, so a
 * counter that is never closed has it ended by a Cleaner once unreachable; close it anyway. For
 * the plain counter, without touching the timer, use {@code Counters.multimedia()}.
 */
public final class MultimediaCounter extends ForwardingCounter implements AutoCloseable {
    private final TimerPeriod timerPeriod;

    private MultimediaCounter(Counter counter, TimerPeriod timerPeriod) {
        super(counter);
        this.timerPeriod = timerPeriod;
    }

    /**
     * A MULTIMEDIA counter holding a timer period of {@code milliseconds} until {@link #close()}.
     *
     * @throws IllegalArgumentException if the period is outside {@link TimerPeriod#supportedPeriods()}
     * @throws UnsupportedOperationException if this is not Windows or winmm is missing
     * @throws dev.counters.CounterException if {@code timeBeginPeriod} fails
     */
    public static MultimediaCounter withTimerPeriod(int milliseconds) {
        return withTimerPeriod(WinmmTimer.system(), milliseconds);
    }

    static MultimediaCounter withTimerPeriod(WinmmTimer timer, int milliseconds) {
        Counter counter = timer.multimediaCounter(milliseconds); // refuses before any period is begun
        return new MultimediaCounter(counter, TimerPeriod.request(timer, milliseconds));
    }

    /** The timer period this counter holds. */
    public TimerPeriod timerPeriod() {
        return timerPeriod;
    }

    /** Ends the raised timer period ({@code timeEndPeriod}); the counter stays readable. */
    @Override
    public void close() {
        timerPeriod.close();
    }

    @Override
    public String toString() {
        return delegate() + " with " + timerPeriod;
    }
}
