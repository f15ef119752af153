package dev.counters.windows.internal;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.google.common.base.Suppliers;
import com.google.common.collect.Range;
import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.internal.SourceCounter;
import dev.counters.spi.KindSupport;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The multimedia timer's period, as {@link dev.counters.windows.TimerPeriod} and
 * {@link dev.counters.windows.MultimediaCounter} use it: the periods {@code timeGetDevCaps} offers,
 * {@code timeBeginPeriod} and {@code timeEndPeriod}, and a MULTIMEDIA counter whose notes say which
 * period it holds. Public only for those two, which live in the exported package; this package is
 * not exported and is no API.
 */
public final class WinmmTimer {
    /** What {@link #endPeriod} returns when {@code timeEndPeriod} succeeded ({@code TIMERR_NOERROR}). */
    public static final int NO_ERROR = WindowsCalls.TIMERR_NOERROR;

    private final WindowsKinds kinds;

    private WinmmTimer(WindowsKinds kinds) {
        this.kinds = kinds;
    }

    /**
     * This process's timer.
     *
     * @throws UnsupportedOperationException saying why, if this is not Windows or kernel32 could not be bound
     */
    public static WinmmTimer system() {
        return WindowsSystem.kinds().map(WinmmTimer::new)
                .orElseThrow(() -> new UnsupportedOperationException(WindowsSystem.unavailableReason()));
    }

    /** The timer of {@code api}: a fake, or a layer that records the calls, in tests. */
    public static WinmmTimer over(WindowsCalls api) {
        return new WinmmTimer(new WindowsKinds(requireNonNull(api, "api")));
    }

    /**
     * The periods this system's timer accepts, in milliseconds, from {@code timeGetDevCaps}.
     *
     * @throws UnsupportedOperationException if winmm is missing
     * @throws CounterException if {@code timeGetDevCaps} fails
     */
    public Range<Integer> supportedPeriods() {
        WindowsCalls api = api();
        api.winmmMissing().ifPresent(reason -> {
            throw new UnsupportedOperationException(reason);
        });
        int[] caps = new int[2];
        int result = api.timeGetDevCaps(caps);
        if (result != WindowsCalls.TIMERR_NOERROR) {
            throw WindowsErrors.mmResult("timeGetDevCaps", result);
        }
        return Range.closed(caps[0], caps[1]);
    }

    /**
     * {@code timeBeginPeriod(milliseconds)}, once {@code milliseconds} is known to be one of {@link #supportedPeriods()}.
     *
     * @throws IllegalArgumentException if it is not
     * @throws CounterException if {@code timeBeginPeriod} fails
     */
    public void beginPeriod(int milliseconds) {
        Range<Integer> supported = supportedPeriods();
        checkArgument(supported.contains(milliseconds),
                "A timer period of %s ms is outside what this system's timer supports (%s to %s ms, from timeGetDevCaps);"
                        + " request a period in that range",
                milliseconds, supported.lowerEndpoint(), supported.upperEndpoint());
        int result = api().timeBeginPeriod(milliseconds);
        if (result != WindowsCalls.TIMERR_NOERROR) {
            throw WindowsErrors.mmResult("timeBeginPeriod(" + milliseconds + ")", result);
        }
    }

    /** {@code timeEndPeriod(milliseconds)}; returns its {@code MMRESULT}, {@link #NO_ERROR} when it succeeded. Never throws: a Cleaner may call it. */
    public int endPeriod(int milliseconds) {
        return api().timeEndPeriod(milliseconds);
    }

    /** The exception for a {@code timeEndPeriod(milliseconds)} that returned {@code result}. */
    public static CounterException endFailure(int milliseconds, int result) {
        return WindowsErrors.mmResult("timeEndPeriod(" + milliseconds + ")", result);
    }

    /**
     * A new MULTIMEDIA counter whose notes say that it holds a timer period of {@code heldMilliseconds}.
     *
     * @throws UnsupportedOperationException if MULTIMEDIA is not served here (winmm is missing), saying why
     */
    public Counter multimediaCounter(int heldMilliseconds) {
        KindSupport support = kinds.support(CounterKind.MULTIMEDIA);
        if (!support.isSupported()) {
            throw new UnsupportedOperationException("MULTIMEDIA is not available here: " + support.reason());
        }
        Supplier<CounterInfo> info = Suppliers.memoize(() -> kinds.describeMultimedia(
                "; this counter holds a timer period of " + heldMilliseconds + " ms until closed"));
        return new SourceCounter(CounterKind.MULTIMEDIA, kinds.sources().multimediaTime(), WindowsSources.MILLISECONDS, info);
    }

    /** The periods {@code api}'s timer accepts, or empty when winmm is missing or {@code timeGetDevCaps} fails: for descriptions. */
    static Optional<Range<Integer>> offeredPeriods(WindowsCalls api) {
        if (api.winmmMissing().isPresent()) {
            return Optional.empty();
        }
        int[] caps = new int[2];
        return api.timeGetDevCaps(caps) == WindowsCalls.TIMERR_NOERROR
                ? Optional.of(Range.closed(caps[0], caps[1]))
                : Optional.empty();
    }

    private WindowsCalls api() {
        return kinds.sources().api();
    }
}
