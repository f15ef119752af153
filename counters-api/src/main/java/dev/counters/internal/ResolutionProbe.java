package dev.counters.internal;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.counters.Resolution;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * Measures a clock's resolution the only way that cannot lie: read it in a tight loop and record
 * every step by which it changes. The smallest step is the finest distinction the clock (plus the
 * cost of reading it) can make; the median step is what a reading typically moves by.
 */
public final class ResolutionProbe {
    /** Steps recorded before the probe stops. */
    public static final int STEPS = 64;
    /** The longest the probe spins: enough to see a few steps of a 15.6 ms Windows tick. */
    public static final Duration BUDGET = Duration.ofMillis(250);
    /** The longest the probe first runs its loop unrecorded, so that the JIT has compiled it. */
    public static final Duration WARM_UP = Duration.ofMillis(40);
    /** Reads between two looks at the deadline; a power of two. */
    private static final int DEADLINE_CHECK_INTERVAL = 16;

    private ResolutionProbe() {}

    /** Probes {@code source}, whose ticks run at {@code frequency} per second, within {@link #BUDGET}. */
    public static Resolution measure(TickSource source, long frequency) {
        return measure(source, frequency, STEPS, BUDGET);
    }

    /**
     * Probes {@code source} until {@code steps} changes were seen or {@code budget} ran out.
     * A clock that never changed within the budget reports the budget as its resolution and
     * {@code stepsSeen() == 0}. Asked for on a virtual thread, the probe runs on a platform thread
     * of its own ({@link VirtualThreads#onPlatformThread}), so that a thread CPU clock is probed on
     * a thread that has one.
     */
    public static Resolution measure(TickSource source, long frequency, int steps, Duration budget) {
        requireNonNull(source, "source");
        checkArgument(frequency > 0, "frequency must be positive, was %s", frequency);
        checkArgument(steps > 0, "steps must be positive, was %s", steps);
        checkBudget(budget);
        return VirtualThreads.onPlatformThread(() -> probe(source, frequency, steps, budget));
    }

    /**
     * Throws unless {@code budget} is positive: a probe given no time sees no step, and would
     * report the budget itself as the resolution.
     */
    public static void checkBudget(Duration budget) {
        requireNonNull(budget, "budget");
        checkArgument(!budget.isNegative() && !budget.isZero(),
                "the probe's budget must be positive, was %s; pass e.g. ResolutionProbe.BUDGET (%s)", budget, BUDGET);
    }

    private static Resolution probe(TickSource source, long frequency, int steps, Duration budget) {
        long[] seen = new long[steps];
        // A cold loop runs interpreted and would report the cost of an interpreted read as the
        // clock's step: run the same loop first so the JIT compiles it and the source's read path.
        long warmUp = Math.min(budget.toNanos() / 5, WARM_UP.toNanos());
        long warmUpEnd = System.nanoTime() + warmUp;
        do {
            record(source, seen, warmUp);
        } while (System.nanoTime() - warmUpEnd < 0);
        int count = record(source, seen, budget.toNanos());
        if (count == 0) {
            return new Resolution(budget, budget, 0, Optional.empty());
        }
        long[] observed = Arrays.copyOf(seen, count);
        Arrays.sort(observed);
        return new Resolution(
                Periods.toDuration(observed[0], frequency),
                Periods.toDuration(observed[count / 2], frequency),
                count,
                Optional.empty());
    }

    /** Reads {@code source} until {@code seen} is full of steps or {@code budgetNanos} ran out; returns the steps recorded. */
    private static int record(TickSource source, long[] seen, long budgetNanos) {
        long deadline = System.nanoTime() + budgetNanos;
        int count = 0;
        long previous = source.read();
        int reads = 0;
        // Looking at the deadline on every read would put a System.nanoTime() call between consecutive
        // reads and inflate the smallest step of a fast clock by its cost.
        while (count < seen.length
                && ((++reads & (DEADLINE_CHECK_INTERVAL - 1)) != 0 || System.nanoTime() - deadline < 0)) {
            long current = source.read();
            if (current != previous) {
                seen[count++] = Math.abs(current - previous);
                previous = current;
            }
        }
        return count;
    }

    /** Probes the total of a CPU-times source. */
    public static Resolution measure(CpuTimesSource source, long frequency) {
        long[] sample = new long[CpuTimesSource.SAMPLE_LENGTH];
        return measure(() -> {
            source.sample(sample);
            return sample[CpuTimesSource.TOTAL];
        }, frequency);
    }
}
