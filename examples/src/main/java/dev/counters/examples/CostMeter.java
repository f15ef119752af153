package dev.counters.examples;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.counters.Counter;
import java.time.Duration;
import dev.counters.measure.Statistics;

/**
 * Measures what one {@code start()}/{@code stop()} pair of a counter costs, as seed 001's
 * {@code counter_cost} does, but honestly: several batches of pairs, each timed by a reference
 * clock, and the median per-pair cost over the batches, with their minimum and maximum.
 *
 * <p>Small pilot batches, run for a tenth of the budget (and at least {@value #PILOTS} of them),
 * let the JIT compile the loop for this counter and estimate its cost; a counter so dear that
 * {@code batches} full batches would overrun the budget runs smaller batches, so that the whole
 * {@code counters cost} run stays short on any machine.
 */
final class CostMeter {
    /** Pairs in a pilot batch, and the fewest pairs a batch may have. */
    static final int PILOT_PAIRS = 1_000;
    /** The fewest pilot batches; the cheapest is the estimate. */
    static final int PILOTS = 3;
    /** The share of the budget the pilots may use to let the JIT compile the loop for this counter. */
    static final int PILOT_BUDGET_DIVISOR = 10;

    private final Counter clock;
    private final int batches;
    private final int maxPairs;
    private final long budgetNanos;

    /**
     * @param clock the reference clock timing each batch (the best wall-clock counter)
     * @param batches batches whose median is reported
     * @param maxPairs pairs per batch when the budget allows
     * @param budget the time all batches of one counter may take
     */
    CostMeter(Counter clock, int batches, int maxPairs, Duration budget) {
        checkArgument(batches > 0, "batches must be positive, was %s", batches);
        checkArgument(maxPairs > 0, "pairs must be positive, was %s", maxPairs);
        checkArgument(!budget.isNegative() && !budget.isZero(), "budget must be positive, was %s", budget);
        this.clock = requireNonNull(clock, "clock");
        this.batches = batches;
        this.maxPairs = maxPairs;
        this.budgetNanos = budget.toNanos();
    }

    /** Times {@code batches} batches of pairs of {@code counter}. */
    Cost measure(Counter counter) {
        int pilotPairs = Math.min(PILOT_PAIRS, maxPairs);
        long cheapestPilot = Long.MAX_VALUE;
        long pilotNanos = 0;
        for (int pilot = 0; pilot < PILOTS || pilotNanos < budgetNanos / PILOT_BUDGET_DIVISOR; pilot++) {
            long elapsed = timeBatch(counter, pilotPairs);
            cheapestPilot = Math.min(cheapestPilot, elapsed);
            pilotNanos += elapsed;
        }
        double pilotCost = Math.max(1, cheapestPilot) / (double) pilotPairs;
        long affordable = (long) (budgetNanos / (double) batches / pilotCost);
        int pairs = (int) Math.max(pilotPairs, Math.min(maxPairs, affordable));
        double[] nanosPerPair = new double[batches];
        for (int batch = 0; batch < batches; batch++) {
            nanosPerPair[batch] = timeBatch(counter, pairs) / (double) pairs;
        }
        return new Cost(pairs, nanosPerPair);
    }

    private long timeBatch(Counter counter, int pairs) {
        clock.start();
        startStopPairs(counter, pairs);
        clock.stop();
        return clock.getNanoseconds();
    }

    private static void startStopPairs(Counter counter, int pairs) {
        for (int i = 0; i < pairs; i++) {
            counter.start();
            counter.stop();
        }
    }

    /** The per-pair cost of each batch, in nanoseconds, and the pairs each batch ran. */
    static final class Cost {
        private final int pairsPerBatch;
        private final Statistics batches;

        Cost(int pairsPerBatch, double[] nanosPerPair) {
            this.pairsPerBatch = pairsPerBatch;
            this.batches = Statistics.of(nanosPerPair, 0);
        }

        int pairsPerBatch() {
            return pairsPerBatch;
        }

        int batches() {
            return batches.count();
        }

        /** The median batch's cost per pair (the mean of the two middle batches for an even count). */
        double medianNanos() {
            return batches.median();
        }

        double minNanos() {
            return batches.min();
        }

        double maxNanos() {
            return batches.max();
        }
    }
}
