package dev.counters.measure.internal;

import dev.counters.measure.Compare;
import dev.counters.measure.Task;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * In which order a {@link Compare} runs its pairs until it stops: alternating blocks (A B B A, then
 * B A A B), a duet's blocks (A on worker 1, then on worker 2), or the naive sequential order. It
 * samples the noise probe between blocks, asks the {@link PairStoppingRule} from the fewest pairs on
 * (each time the pairs have grown by {@link #CHECK_GROWTH}), and ends before a block would overrun
 * the deadline or when the measuring thread is interrupted.
 */
public final class Schedule {
    /** The stopping rule is asked again once the pairs have grown by this share since the last time. */
    static final double CHECK_GROWTH = 0.05;

    private final Task a;
    private final Task b;
    private final Pairs pairs;
    private final NoiseProbe probe;
    private final PairStoppingRule rule;
    private final LongSupplier nanoClock;
    private final long deadline;
    private final int minPairs;

    public Schedule(Task a, Task b, Pairs pairs, NoiseProbe probe, PairStoppingRule rule, LongSupplier nanoClock, long deadline,
            int minPairs) {
        this.a = a;
        this.b = b;
        this.pairs = pairs;
        this.probe = probe;
        this.rule = rule;
        this.nanoClock = nanoClock;
        this.deadline = deadline;
        this.minPairs = minPairs;
    }

    /**
     * Blocks of two pairs until the verdict is decided, the target is met or the next block would
     * overrun the deadline. In turn ({@code mirrorEveryOtherBlock}), A B B A and then B A A B: the
     * run right after the noise probe and the stop check (which disturb the caches and the branch
     * predictors) is A's in one block and B's in the next, and each task follows itself, the other
     * and the probe equally often. In a duet, A on worker 1 and then on worker 2. The noise probe
     * samples once per block, between pairs.
     */
    public Compare.StopReason alternate(Pairing pairing, boolean mirrorEveryOtherBlock) {
        int nextCheck = minPairs;
        while (true) {
            long blockStart = nanoClock.getAsLong();
            boolean aFirst = !mirrorEveryOtherBlock || pairs.count() % 4 == 0;
            pairs.run(pairing, a, b, aFirst);
            pairs.run(pairing, a, b, !aFirst);
            probe.sample();
            if (pairs.count() >= nextCheck) {
                Compare.StopReason stop = rule.check(pairs);
                if (stop != null) {
                    return stop;
                }
                nextCheck = Math.max(pairs.count() + 2, (int) Math.ceil(pairs.count() * (1 + CHECK_GROWTH)));
            }
            long now = nanoClock.getAsLong();
            if (now + (now - blockStart) > deadline) {
                return Compare.StopReason.BUDGET;
            }
            if (Thread.currentThread().isInterrupted()) {
                return Compare.StopReason.INTERRUPTED;
            }
        }
    }

    /**
     * All of A for half the remaining budget, then as many runs of B as fit in the rest, the naive
     * way: the i-th run of B is paired with the i-th run of A through the same {@link Pairing} and
     * {@link Pairs} as the other orders, A's figures replayed from the first half.
     */
    public Compare.StopReason sequence(Pass pass) {
        long begin = nanoClock.getAsLong();
        long halfway = begin + (deadline - begin) / 2;
        double[] aWall = new double[16];
        double[] aCpu = new double[16];
        int n = 0;
        long now = begin;
        do {
            long runStart = now;
            if (n == aWall.length) {
                aWall = Arrays.copyOf(aWall, 2 * n);
                aCpu = Arrays.copyOf(aCpu, 2 * n);
            }
            double[] figures = pass.once(a, "run of A", n);
            aWall[n] = figures[Pass.WALL];
            aCpu[n] = figures[Pass.CPU];
            n++;
            if (n % 2 == 0) {
                probe.sample();
            }
            now = nanoClock.getAsLong();
            if (now + (now - runStart) > halfway) {
                break;
            }
            if (Thread.currentThread().isInterrupted()) {
                return Compare.StopReason.INTERRUPTED;
            }
        } while (true);
        Pairing replayingA = replayingFirst(pass, aWall, aCpu);
        for (int i = 0; i < n; i++) {
            long runStart = nanoClock.getAsLong();
            pairs.run(replayingA, a, b, true);
            if (i % 2 == 1) {
                probe.sample();
            }
            now = nanoClock.getAsLong();
            if (now + (now - runStart) > deadline) {
                break;
            }
            if (Thread.currentThread().isInterrupted()) {
                return Compare.StopReason.INTERRUPTED;
            }
        }
        return Compare.StopReason.BUDGET;
    }

    /** A pairing whose first run is not run again but read from the figures of the first half. */
    private static Pairing replayingFirst(Pass pass, double[] firstWall, double[] firstCpu) {
        return (first, firstPhase, second, secondPhase, index, into) -> {
            into[Pairing.FIRST_WALL] = firstWall[index];
            into[Pairing.FIRST_CPU] = firstCpu[index];
            into[Pairing.FIRST_PROCESS] = Double.NaN;
            double[] figures = pass.once(second, secondPhase, index);
            into[Pairing.SECOND_WALL] = figures[Pass.WALL];
            into[Pairing.SECOND_CPU] = figures[Pass.CPU];
            into[Pairing.SECOND_PROCESS] = Double.NaN;
        };
    }
}
