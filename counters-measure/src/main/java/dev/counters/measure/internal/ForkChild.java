package dev.counters.measure.internal;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult.ClockComparison;
import dev.counters.measure.CompareResult;
import dev.counters.measure.Task;
import java.time.Duration;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The {@code main} of one fork of a {@link ForkedCompare}: a fresh JVM that loads the two task
 * classes, makes {@link Placements#INSTANCES} instances of each ({@link Placements#MORE_INSTANCES} in a
 * long share of the budget) in a random order (a fresh draw of
 * where their data lies, see {@link Placements}), runs an in-process {@link Compare} of them within
 * its share of the budget, the instances taking turns round by round, and prints its estimate
 * ({@link Placements#estimate}: the instances' median ratios, their geometric mean and the spread
 * they imply) in one line that the parent reads ({@link #RESULT}, then {@code key=value} fields).
 * Whatever else a task prints goes before it and is ignored; a failure ends the JVM with exit code 1
 * and the reason on standard error.
 */
public final class ForkChild {
    /** The first word of the result line. */
    static final String RESULT = "counters-fork-result";

    /** Whether this JVM is a fork, started to run one comparison: set once, by {@link #main}, before it runs. */
    private static volatile boolean fork;

    private ForkChild() {}

    /** {@code CLASS_A CLASS_B BUDGET_MS CONFIDENCE MARGIN TARGET BY ORDER MIN_PAIRS WARM_UP_NANOS} (0: no warm-up). */
    public static void main(String[] args) throws ReflectiveOperationException {
        if (args.length != 10) {
            System.err.println("usage: ForkChild CLASS_A CLASS_B BUDGET_MS CONFIDENCE MARGIN TARGET BY ORDER MIN_PAIRS "
                    + "WARM_UP_NANOS (started by ForkedCompare)");
            System.exit(2);
        }
        fork = true;
        long seed = System.nanoTime();
        Duration share = Duration.ofMillis(Long.parseLong(args[2]));
        int instances = Placements.instancesFor(share);
        Placements tasks = Placements.of(taskClass(args[0]), taskClass(args[1]), instances, new SplittableRandom(seed));
        Compare comparison = Compare.of(tasks.a(), tasks.b())
                .budget(share)
                .confidence(Double.parseDouble(args[3]))
                .margin(Double.parseDouble(args[4]))
                .target(Double.parseDouble(args[5]))
                .by(Compare.JudgedBy.valueOf(args[6]))
                .order(Compare.Order.valueOf(args[7]))
                .minPairs(Integer.parseInt(args[8]));
        long warmUpNanos = Long.parseLong(args[9]);
        CompareResult result = (warmUpNanos == 0 ? comparison.noWarmUp() : comparison.warmUp(Duration.ofNanos(warmUpNanos)))
                .run();
        System.out.println(line(result, seed, instances));
    }

    /**
     * Whether this JVM is a fork of a {@link ForkedCompare}: its {@link Compare} then stops at its
     * target or share of the budget only, never because this one JVM decided
     * ({@link PairStoppingRule#forFork}).
     */
    public static boolean isFork() {
        return fork;
    }

    /** The result line; {@code seed} drew the order the {@code instances} of each task were made in. */
    static String line(CompareResult result, long seed, int instances) {
        ClockComparison wall = result.wall();
        ClockComparison cpu = result.threadCpu();
        double[] wallEstimate = Placements.estimate(wall.ratios(), wall.setAside(), instances);
        double[] cpuEstimate = Placements.estimate(cpu.ratios(), null, instances);
        return String.format(Locale.ROOT, "%s wall=%s cpu=%s wallFloor=%s cpuFloor=%s aWall=%s bWall=%s aCpu=%s bCpu=%s "
                        + "otherThreads=%s pairs=%d verdict=%s machine=%s gcA=%d gcB=%d elapsedNanos=%d seed=%d instances=%d",
                RESULT, wallEstimate[0], cpuEstimate[0], wallEstimate[1], cpuEstimate[1], wall.medianA(), wall.medianB(),
                cpu.medianA(), cpu.medianB(),
                VerdictRule.otherThreads(result.otherThreadShareA(), result.otherThreadShareB()), result.pairs(),
                result.verdict().name(), result.noise().machine(), result.collectedRunsA(), result.collectedRunsB(),
                result.elapsed().toNanos(), seed, instances);
    }

    private static Class<? extends Task> taskClass(String className) throws ClassNotFoundException {
        return Class.forName(className).asSubclass(Task.class);
    }
}
