package dev.counters.measure.internal;

import dev.counters.measure.Overhead;
import dev.counters.measure.Task;
import dev.counters.measure.internal.stats.VerdictRule;
import java.util.Arrays;

/**
 * The figures of every pair of a {@code Compare} so far, per clock and per task: each run's wall
 * and thread CPU time, the clocks' reading cost taken out and divided by the invocations a timed
 * run holds ({@link Batching}), which task ran first, and this JVM's process CPU time summed per
 * task (to see work on other threads).
 */
public final class Pairs {
    /** {@link #otherThreadShare(int)} of A. */
    public static final int A = 0;
    /** {@link #otherThreadShare(int)} of B. */
    public static final int B = 2;
    /** The phases a failed run of a pair is named with: "run of A in pair 7". */
    private static final String A_IN_PAIR = "run of A in pair";
    private static final String B_IN_PAIR = "run of B in pair";

    private final Overhead overhead;
    private final int invocationsA;
    private final int invocationsB;
    private double[] aWall = new double[64];
    private double[] bWall = new double[64];
    private double[] aCpu = new double[64];
    private double[] bCpu = new double[64];
    private boolean[] aFirst = new boolean[64];
    private final double[] figures = new double[Pairing.FIGURES];
    private int count;
    /** Process and thread CPU nanoseconds over the runs whose process time was read: A process, A thread, B process, B thread. */
    private final double[] cpuSums = new double[4];
    /** Runs that paid for at least one garbage collection: A's at {@link #A}, B's at {@link #B}; -1 while none was read. */
    private final int[] collectedRuns = {-1, 0, -1};

    private final boolean coupled;

    /**
     * @param coupled whether the pairs come in couples that swap sides (a duet's A once on each
     *     worker), to be judged a couple at a time ({@link PairJudgement})
     */
    public Pairs(Overhead overhead, int invocationsA, int invocationsB, boolean coupled) {
        this.overhead = overhead;
        this.invocationsA = invocationsA;
        this.invocationsB = invocationsB;
        this.coupled = coupled;
    }

    /** Whether pairs 2k and 2k + 1 are a couple that swapped sides, judged as one. */
    boolean coupled() {
        return coupled;
    }

    /** Runs {@code a} and {@code b} as a pair with {@code pairing}, A first (or on worker 1) if {@code aIsFirst}, and records them. */
    void run(Pairing pairing, Task a, Task b, boolean aIsFirst) {
        pairing.run(aIsFirst ? a : b, aIsFirst ? A_IN_PAIR : B_IN_PAIR, aIsFirst ? b : a, aIsFirst ? B_IN_PAIR : A_IN_PAIR,
                count, figures);
        double firstWall = figures[Pairing.FIRST_WALL];
        double firstCpu = figures[Pairing.FIRST_CPU];
        double secondWall = figures[Pairing.SECOND_WALL];
        double secondCpu = figures[Pairing.SECOND_CPU];
        if (aIsFirst) {
            add(firstWall, secondWall, firstCpu, secondCpu, true);
        } else {
            add(secondWall, firstWall, secondCpu, firstCpu, false);
        }
        double firstProcess = figures[Pairing.FIRST_PROCESS];
        double secondProcess = figures[Pairing.SECOND_PROCESS];
        if (Double.isFinite(firstProcess) && Double.isFinite(secondProcess)) {
            int first = aIsFirst ? A : B;
            int second = aIsFirst ? B : A;
            cpuSums[first] += firstProcess;
            cpuSums[first + 1] += firstCpu;
            cpuSums[second] += secondProcess;
            cpuSums[second + 1] += secondCpu;
        }
        countCollected(aIsFirst ? A : B, figures[Pairing.FIRST_GC]);
        countCollected(aIsFirst ? B : A, figures[Pairing.SECOND_GC]);
    }

    private void countCollected(int task, double collections) {
        if (!Double.isNaN(collections)) {
            collectedRuns[task] = Math.max(0, collectedRuns[task]) + (collections > 0 ? 1 : 0);
        }
    }

    /**
     * How many timed runs of {@link #A} or {@link #B} paid for at least one garbage collection, -1
     * where not read (a duet): they stay in the figures, since a collection is part of what a task costs.
     */
    public int collectedRuns(int task) {
        return collectedRuns[task];
    }

    /** Records a pair, the clocks' reading cost taken out of each run, per invocation. */
    private void add(double aWallNanos, double bWallNanos, double aCpuNanos, double bCpuNanos, boolean aRanFirst) {
        if (count == aWall.length) {
            aWall = Arrays.copyOf(aWall, 2 * count);
            bWall = Arrays.copyOf(bWall, 2 * count);
            aCpu = Arrays.copyOf(aCpu, 2 * count);
            bCpu = Arrays.copyOf(bCpu, 2 * count);
            aFirst = Arrays.copyOf(aFirst, 2 * count);
        }
        aWall[count] = Math.max(0, aWallNanos - overhead.wallNanos()) / invocationsA;
        bWall[count] = Math.max(0, bWallNanos - overhead.wallNanos()) / invocationsB;
        aCpu[count] = Math.max(0, aCpuNanos - overhead.threadCpuNanos()) / invocationsA;
        bCpu[count] = Math.max(0, bCpuNanos - overhead.threadCpuNanos()) / invocationsB;
        aFirst[count] = aRanFirst;
        count++;
    }

    public int count() {
        return count;
    }

    double[] aWall() {
        return Arrays.copyOf(aWall, count);
    }

    double[] bWall() {
        return Arrays.copyOf(bWall, count);
    }

    double[] aCpu() {
        return Arrays.copyOf(aCpu, count);
    }

    double[] bCpu() {
        return Arrays.copyOf(bCpu, count);
    }

    public boolean[] aFirst() {
        return Arrays.copyOf(aFirst, count);
    }

    /** The share of this JVM's CPU time that other threads spent while {@link #A} or {@link #B} ran: NaN where not read. */
    public double otherThreadShare(int task) {
        double process = cpuSums[task];
        return process > 0 ? Math.max(0, 1 - cpuSums[task + 1] / process) : Double.NaN;
    }

    /**
     * How much more of its CPU time one task spent on other threads than the other did, 0 where not
     * read: this JVM's own compiler and GC threads run beside both tasks alike (the runs interleave),
     * so only a difference is the task's own pool.
     */
    public double otherThreadShare() {
        return VerdictRule.otherThreads(otherThreadShare(A), otherThreadShare(B));
    }
}
