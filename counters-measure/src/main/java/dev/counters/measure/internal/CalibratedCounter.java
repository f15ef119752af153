package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.internal.ForwardingCounter;

/**
 * A counter whose readings have its own start/stop cost subtracted (never below zero), so that
 * an empty region reads about zero instead of the counter's overhead. Everything else (kind,
 * frequency, info) is the wrapped counter's; {@link #rawPeriodCount()} and
 * {@link #subtractedPeriodCount()} say what was read and what was taken off.
 *
 * <pre>{@code
 * CalibratedCounter counter = CalibratedCounter.of(Counters.performance());
 * counter.start(); lookUp(key); counter.stop();
 * System.out.println(counter.getNanoseconds() + " ns (" + counter.subtractedPeriodCount() + " ticks of overhead removed)");
 * }</pre>
 */
public final class CalibratedCounter extends ForwardingCounter {
    private final Calibration calibration;

    private CalibratedCounter(Counter counter, Calibration calibration) {
        super(counter);
        this.calibration = requireNonNull(calibration, "calibration");
    }

    /** Calibrates {@code counter} ({@link Calibration#of(Counter)}, a fraction of a second) and wraps it. */
    public static CalibratedCounter of(Counter counter) {
        return of(counter, Calibration.of(counter));
    }

    /** A view of {@code counter} whose readings have {@code calibration}'s overhead subtracted; {@code counter} should be the one calibrated. */
    public static CalibratedCounter of(Counter counter, Calibration calibration) {
        return new CalibratedCounter(counter, calibration);
    }


    /** The interval less the calibrated overhead, never below zero. */
    @Override
    public long getPeriodCount() {
        return calibration.subtractFrom(delegate().getPeriodCount());
    }

    /** The interval as read, overhead included. */
    public long rawPeriodCount() {
        return delegate().getPeriodCount();
    }

    /** How many ticks were taken off this reading (less than the overhead when the reading was smaller). */
    public long subtractedPeriodCount() {
        return rawPeriodCount() - getPeriodCount();
    }

    /** The calibration applied. */
    public Calibration calibration() {
        return calibration;
    }

    @Override
    public String toString() {
        return "calibrated " + delegate() + ", " + calibration;
    }
}
