package dev.counters.measure.internal;

import dev.counters.measure.Task;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import dev.counters.measure.CompareTerms;

/**
 * In which order a {@code Compare} runs its pairs until it stops: rounds of two alternating blocks
 * (A B B A and B A A B, in a random order), a duet's blocks (A on each worker once, in a random order), or
 * the naive sequential order. It samples the noise probe between blocks, asks the
 * {@link PairStoppingRule} from the fewest pairs on (between rounds, each time the pairs have grown
 * by {@link #CHECK_GROWTH}), and ends before a round would overrun the deadline or when the
 * measuring thread is interrupted.
 */
public final class Schedule {
    /** The stopping rule is asked again once the pairs have grown by this share since the last time. */
    static final double CHECK_GROWTH = 0.05;
    /** The pairs of one round of {@link #alternate}: an A B B A and a B A A B block. */
    public static final int PAIRS_PER_ROUND = 4;

    private final Task a;
    private final Task b;
    private final Runnable newRound;
    private final Pairs pairs;
    private final NoiseProbe probe;
    private final PairStoppingRule rule;
    private final LongSupplier nanoClock;
    private final long deadline;
    private final int minPairs;
    private final SplittableRandom random;
    private BooleanSupplier stopAsked = () -> false;

    /**
     * @param a A as timed (batched)
     * @param b B as timed
     * @param newRound called before each round (the placements' turn to the next instances)
     */
    public Schedule(Task a, Task b, Runnable newRound, Pairs pairs, NoiseProbe probe, PairStoppingRule rule,
            LongSupplier nanoClock, long deadline, int minPairs, SplittableRandom random) {
        this.a = a;
        this.b = b;
        this.newRound = newRound;
        this.pairs = pairs;
        this.probe = probe;
        this.rule = rule;
        this.nanoClock = nanoClock;
        this.deadline = deadline;
        this.minPairs = minPairs;
        this.random = random;
    }

    /**
     * Also ends the pairs, as an interrupt does, between rounds once {@code stopAsked} says so: a fork
     * its parent asks to stop, which must not interrupt the thread a task may be sleeping on.
     */
    public Schedule stoppingWhen(BooleanSupplier stopAsked) {
        this.stopAsked = stopAsked;
        return this;
    }

    /**
     * Rounds of two blocks of two pairs until the verdict is decided, the target is met or the next
     * round would overrun the deadline. Each round is A B B A and B A A B in an order drawn at
     * random (in a duet, "first" is worker 1: A on worker 1 then on worker 2, and the other way): the run right after the noise probe (sampled after every block) is
     * A's in one block of every round and B's in the other, exactly, and the stopping rule, asked
     * only between rounds, is followed by A or by B at random. (Mirroring every other block instead
     * put the stop checks, once the pairs grew by 5% at a time, always after an A B B A block, so B
     * always ran first after the check. A duet that always began each block with A on worker 1 had
     * that pair follow the probe every time: A against A, 2 of 12 processes decided, at 0.9975 and
     * 1.0016.) A round always holds each order once, so the pairs of a stopped comparison are
     * balanced, and each block is a couple of pairs that swap sides.
     */
    public CompareTerms.StopReason alternate(Pairing pairing) {
        int nextCheck = minPairs;
        while (true) {
            long roundStart = nanoClock.getAsLong();
            boolean aFirst = random.nextBoolean();
            newRound.run();
            block(pairing, aFirst);
            block(pairing, !aFirst);
            if (pairs.count() >= nextCheck) {
                CompareTerms.StopReason stop = rule.check(pairs);
                if (stop != null) {
                    return stop;
                }
                nextCheck = Math.max(pairs.count() + PAIRS_PER_ROUND, (int) Math.ceil(pairs.count() * (1 + CHECK_GROWTH)));
            }
            long now = nanoClock.getAsLong();
            if (now + (now - roundStart) > deadline) {
                return CompareTerms.StopReason.BUDGET;
            }
            if (Thread.currentThread().isInterrupted() || stopAsked.getAsBoolean()) {
                return CompareTerms.StopReason.INTERRUPTED;
            }
        }
    }

    /** A B B A (or B A A B), then the noise probe. */
    private void block(Pairing pairing, boolean aFirst) {
        pairs.run(pairing, a, b, aFirst);
        pairs.run(pairing, a, b, !aFirst);
        probe.sample();
    }

    /**
     * All of A for half the remaining budget, then as many runs of B as fit in the rest, the naive
     * way: the i-th run of B is paired with the i-th run of A through the same {@link Pairing} and
     * {@link Pairs} as the other orders, A's figures replayed from the first half.
     */
    public CompareTerms.StopReason sequence(Pass pass) {
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
            if (Thread.currentThread().isInterrupted() || stopAsked.getAsBoolean()) {
                return CompareTerms.StopReason.INTERRUPTED;
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
            if (Thread.currentThread().isInterrupted() || stopAsked.getAsBoolean()) {
                return CompareTerms.StopReason.INTERRUPTED;
            }
        }
        return CompareTerms.StopReason.BUDGET;
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
            into[Pairing.FIRST_GC] = Double.NaN;
            into[Pairing.SECOND_GC] = Double.NaN;
        };
    }
}
