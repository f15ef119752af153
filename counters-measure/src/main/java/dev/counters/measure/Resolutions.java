package dev.counters.measure;

import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.Resolution;
import dev.counters.spi.ResolutionProbe;
import dev.counters.spi.TickSource;
import java.time.Duration;

/**
 * The resolution of any {@link Counter}, measured through the counter itself rather than its
 * source: start it once, then stop it again and again (each stop measures from the same start)
 * until the reading has changed {@link ResolutionProbe#STEPS} times. The smallest step is the
 * finest distinction the counter, read through this library, can make; the typical (median)
 * step is what one reading usually moves by. Uses {@link ResolutionProbe}, so every counter is
 * probed the same way.
 *
 * <p>Works for counters from any provider, calibrated views and wrappers included; leaves the
 * counter stopped.
 */
public final class Resolutions {
    /** Steps of the discarded warm-up probe: enough for the JIT to compile the reading loop. */
    static final int WARM_UP_STEPS = 20_000;

    private Resolutions() {}

    /** Probes {@code counter} within {@link ResolutionProbe#BUDGET}. */
    public static Resolution probe(Counter counter) {
        return probe(counter, ResolutionProbe.STEPS, ResolutionProbe.BUDGET);
    }

    /**
     * Probes {@code counter} until {@code steps} changes were seen or {@code budget} ran out,
     * after a warm-up probe of up to {@link #WARM_UP_STEPS} steps (at most a quarter of the
     * budget) whose result is discarded: probed cold, a fast counter is read by the interpreter and
     * its steps look ten times coarser than they are.
     */
    public static Resolution probe(Counter counter, int steps, Duration budget) {
        requireNonNull(counter, "counter");
        requireNonNull(budget, "budget");
        long frequency = counter.getFrequency();
        counter.start();
        TickSource readings = () -> {
            counter.stop();
            return counter.getPeriodCount();
        };
        ResolutionProbe.measure(readings, frequency, WARM_UP_STEPS, budget.dividedBy(4));
        return ResolutionProbe.measure(readings, frequency, steps, budget);
    }
}
