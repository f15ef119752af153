package dev.counters.measure;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.Resolution;
import dev.counters.internal.ResolutionProbe;
import dev.counters.internal.TickSource;
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
    /** Discarded probes before the real one: enough calls for the JIT to compile the probe loop fully. */
    static final int WARM_UP_PROBES = 1_000;
    private static final int WARM_UP_STEPS = 16;
    /** Probes taken after the warm-up; the finest is reported. */
    static final int FINAL_PROBES = 3;
    private static final Duration WARM_UP_PROBE_BUDGET = Duration.ofMillis(1);

    private Resolutions() {}

    /** Probes {@code counter} within {@link ResolutionProbe#BUDGET}. */
    public static Resolution probe(Counter counter) {
        return probe(counter, ResolutionProbe.STEPS, ResolutionProbe.BUDGET);
    }

    /**
     * Probes {@code counter} until {@code steps} changes were seen or {@code budget} ran out,
     * after up to {@link #WARM_UP_PROBES} short probes (at most a quarter of the budget) whose
     * results are discarded: probed cold, a fast counter is read by the interpreter and its steps
     * look several times coarser than they are; the JIT compiles the probe loop only once it has
     * been called a few hundred times. Then it takes {@link #FINAL_PROBES} probes, each with a
     * share of the budget, and reports the finest.
     *
     * @throws IllegalArgumentException if {@code steps} or {@code budget} is not positive
     */
    public static Resolution probe(Counter counter, int steps, Duration budget) {
        requireNonNull(counter, "counter");
        checkArgument(steps > 0, "steps must be positive, was %s", steps);
        ResolutionProbe.checkBudget(budget);
        long frequency = counter.getFrequency();
        counter.start();
        TickSource readings = () -> {
            counter.stop();
            return counter.getPeriodCount();
        };
        long warmUpEnd = System.nanoTime() + budget.toNanos() / 4;
        for (int i = 0; i < WARM_UP_PROBES && System.nanoTime() - warmUpEnd < 0; i++) {
            ResolutionProbe.measure(readings, frequency, WARM_UP_STEPS, WARM_UP_PROBE_BUDGET);
        }
        Resolution best = null;
        for (int i = 0; i < FINAL_PROBES; i++) {
            Resolution probed = ResolutionProbe.measure(readings, frequency, steps, budget.dividedBy(FINAL_PROBES));
            if (best == null || isFiner(probed, best)) {
                best = probed;
            }
        }
        return best;
    }

    /** Noise (a preemption, a JIT compilation) only ever makes steps look bigger, so the finer probe is the truer one. */
    private static boolean isFiner(Resolution candidate, Resolution best) {
        if (candidate.stepsSeen() == 0 || best.stepsSeen() == 0) {
            return candidate.stepsSeen() > best.stepsSeen();
        }
        int typical = candidate.typical().compareTo(best.typical());
        return typical < 0 || typical == 0 && candidate.smallest().compareTo(best.smallest()) < 0;
    }
}
