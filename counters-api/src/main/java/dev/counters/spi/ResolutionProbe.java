package dev.counters.spi;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.counters.Periods;
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
     * {@code stepsSeen() == 0}.
     */
    public static Resolution measure(TickSource source, long frequency, int steps, Duration budget) {
        requireNonNull(source, "source");
        checkArgument(frequency > 0, "frequency must be positive, was %s", frequency);
        checkArgument(steps > 0, "steps must be positive, was %s", steps);
        long deadline = System.nanoTime() + budget.toNanos();
        long[] seen = new long[steps];
        int count = 0;
        long previous = source.read();
        int reads = 0;
        // The deadline is checked every DEADLINE_CHECK_INTERVAL reads only: checking it on every read would put a
        // System.nanoTime() call between consecutive reads and inflate the smallest step of a fast clock by its cost.
        while (count < steps && ((++reads & (DEADLINE_CHECK_INTERVAL - 1)) != 0 || System.nanoTime() - deadline < 0)) {
            long current = source.read();
            if (current != previous) {
                seen[count++] = Math.abs(current - previous);
                previous = current;
            }
        }
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

    /** Probes the total of a CPU-times source. */
    public static Resolution measure(CpuTimesSource source, long frequency) {
        long[] sample = new long[CpuTimesSource.SAMPLE_LENGTH];
        return measure(() -> {
            source.sample(sample);
            return sample[CpuTimesSource.TOTAL];
        }, frequency);
    }
}
