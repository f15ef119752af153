package dev.counters.measure.internal;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import dev.counters.measure.Statistics;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Measures what one {@code start()}/{@code stop()} pair of a counter costs its caller, as STLSoft's
 * {@code counter_cost} does, but honestly: several batches of pairs, each timed by a reference
 * clock, and the median per-pair cost over the batches, with their minimum and maximum. Beside
 * {@link Calibration}, which reads the same empty pairs from inside (the ticks a pair reads, which
 * {@code Measure} subtracts), this times them from outside: the whole price of the two calls, the
 * figure to compare counters by.
 *
 * <pre>{@code
 * CostMeter meter = new CostMeter(Counters.performance(), 5, 1_000_000, Duration.ofSeconds(1));
 * CostMeter.Cost cost = meter.measure(Counters.threadTimes());
 * cost.medianNanos();   // ns per pair, median of 5 batches
 * }</pre>
 *
 * <p>Small pilot batches (at least {@value #PILOTS}, for a tenth of the budget up to
 * {@value #PILOT_LIMIT_MILLIS} ms) let the JIT compile the loop for this counter and estimate its
 * cost. Each batch then runs as many pairs as the remaining budget affords, up to the maximum,
 * re-estimating from the batch before: a dear counter, or one slowed by a busy machine, runs
 * smaller batches, so that the whole {@code counters cost} run stays short on any machine.
 */
public final class CostMeter {
    /** Pairs in a pilot batch, and the fewest pairs a batch may have. */
    public static final int PILOT_PAIRS = 1_000;
    /** The fewest pilot batches. */
    public static final int PILOTS = 3;
    /** The share of the budget the pilots may use. */
    static final int PILOT_BUDGET_DIVISOR = 10;
    /** The most the pilots run beyond their minimum count. */
    static final long PILOT_LIMIT_MILLIS = 100;

    private final Counter clock;
    private final int batches;
    private final int maxPairs;
    private final long budgetNanos;

    /**
     * @param clock the reference clock timing each batch (the best wall-clock counter)
     * @param batches batches whose median is reported
     * @param maxPairs pairs per batch when the budget allows
     * @param budget the time the pilots and batches of one counter may take
     * @throws IllegalArgumentException if a count or the budget is not positive
     */
    public CostMeter(Counter clock, int batches, int maxPairs, Duration budget) {
        checkArgument(batches > 0, "batches must be positive, was %s", batches);
        checkArgument(maxPairs > 0, "pairs must be positive, was %s", maxPairs);
        checkArgument(!budget.isNegative() && !budget.isZero(), "budget must be positive, was %s", budget);
        this.clock = requireNonNull(clock, "clock");
        this.batches = batches;
        this.maxPairs = maxPairs;
        this.budgetNanos = budget.toNanos();
    }

    /** Times the pilots, then {@code batches} batches of pairs of {@code counter}; leaves it stopped. */
    public Cost measure(Counter counter) {
        int pilotPairs = Math.min(PILOT_PAIRS, maxPairs);
        long pilotBudget = Math.min(budgetNanos / PILOT_BUDGET_DIVISOR, TimeUnit.MILLISECONDS.toNanos(PILOT_LIMIT_MILLIS));
        long spent = 0;
        long lastPilot = 0;
        for (int pilot = 0; pilot < PILOTS || spent < pilotBudget; pilot++) {
            lastPilot = timeBatch(counter, pilotPairs);
            spent += lastPilot;
        }
        double estimate = Math.max(1, lastPilot) / (double) pilotPairs;
        double[] nanosPerPair = new double[batches];
        long pairsTimed = 0;
        int smallestBatch = Integer.MAX_VALUE;
        for (int batch = 0; batch < batches; batch++) {
            long left = Math.max(0, budgetNanos - spent);
            long affordable = (long) (left / (double) (batches - batch) / estimate);
            int pairs = (int) Math.max(pilotPairs, Math.min(maxPairs, affordable));
            long elapsed = timeBatch(counter, pairs);
            spent += elapsed;
            nanosPerPair[batch] = elapsed / (double) pairs;
            estimate = Math.max(1, elapsed) / (double) pairs;
            pairsTimed += pairs;
            smallestBatch = Math.min(smallestBatch, pairs);
        }
        return new Cost(pairsTimed, smallestBatch, nanosPerPair);
    }

    private long timeBatch(Counter counter, int pairs) {
        clock.start();
        EmptyPairs.run(counter, pairs);
        clock.stop();
        return clock.getNanoseconds();
    }

    /** The per-pair cost of each batch, in nanoseconds, and how many pairs were timed. */
    public static final class Cost {
        private final long pairsTimed;
        private final int smallestBatch;
        private final Statistics batches;

        Cost(long pairsTimed, int smallestBatch, double[] nanosPerPair) {
            this.pairsTimed = pairsTimed;
            this.smallestBatch = smallestBatch;
            this.batches = Statistics.of(nanosPerPair, 0);
        }

        /** Pairs timed over all batches (pilots excluded). */
        public long pairsTimed() {
            return pairsTimed;
        }

        /** Pairs in the smallest batch. */
        public int smallestBatch() {
            return smallestBatch;
        }

        /** Batches timed (pilots excluded). */
        public int batches() {
            return batches.count();
        }

        /** The median batch's cost per pair (the mean of the two middle batches for an even count). */
        public double medianNanos() {
            return batches.median();
        }

        /** The cheapest batch's cost per pair. */
        public double minNanos() {
            return batches.min();
        }

        /** The dearest batch's cost per pair. */
        public double maxNanos() {
            return batches.max();
        }
    }
}
