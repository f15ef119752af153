package dev.counters.windows.internal;

import dev.counters.Resolution;
import dev.counters.testing.Bracket;
import java.time.Duration;

/**
 * How far a Windows counter's interval may lie outside a {@link Bracket}: two of the counter's
 * steps (its probed step, or a coarser one it may take later) and a margin for JNA calls and Wine's
 * clock reads between the paired readings.
 */
public final class Slack {
    private static final Duration MARGIN = Duration.ofMillis(5);
    /**
     * The default system timer tick (64 Hz), the step GetTickCount64 and timeGetTime move in
     * unless some process raised the timer period. Any process may raise or restore it at any
     * time, and under Wine the tick count moves only when the wineserver updates it (often while
     * busy, every 16 ms when idle), so a step probed a moment earlier may be 1 ms where the
     * interval then sees this one.
     */
    public static final Duration SYSTEM_TIMER_TICK = Duration.ofNanos(15_625_000);

    private Slack() {}

    /** Two steps of {@code resolution}, and the margin. */
    static Duration of(Resolution resolution) {
        return of(resolution, Duration.ZERO);
    }

    /**
     * As {@link #of(Resolution)}, for a clock whose step may grow to {@code coarsestStep} after its
     * resolution was probed: a step is the larger of the two.
     */
    public static Duration of(Resolution resolution, Duration coarsestStep) {
        Duration probed = resolution.typical().compareTo(resolution.smallest()) > 0 ? resolution.typical() : resolution.smallest();
        Duration step = probed.compareTo(coarsestStep) >= 0 ? probed : coarsestStep;
        return step.multipliedBy(2).plus(MARGIN);
    }
}
