package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.WarmUpReport;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * A {@link WarmUp} that does not stop while the JIT compiler is still at work: steady run times
 * can be a plateau between two compilations (the interpreter's, then C1's, before C2 has finished),
 * and a deoptimization sends the code back to the interpreter until it is compiled again. So the
 * warm-up runs in rounds, each until the runs agree (or, on a loaded machine, for a while: below),
 * and another round follows until the JVM's
 * total compilation time ({@link CompilationMXBean#getTotalCompilationTime()}, in milliseconds)
 * has not grown for a {@linkplain #QUIET quiet stretch}, or the budget ends.
 *
 * <p>Why a stretch and not one round: that clock grows only when a compilation ends. A round of a
 * short task converges in a few milliseconds, while C2 may still be compiling its loop in the
 * background; a round that saw no compilation end says nothing about the one under way. On JDK 17
 * a CRC32 task's warm-up "converged" after 135 ms, with the compiler threads still taking 45-75%
 * as much CPU as the task: its first pairs measured code half compiled.
 *
 * <p>Why a round is cut short: on a loaded machine a task's runs never agree within the threshold,
 * and a round that ran until they did took the whole budget whatever the JIT was doing. With one
 * of two cores busy, a fork of 2.5 s spent about 1.6 s of it warming up and timed 4 pairs; the JIT
 * had long been quiet. So a round that has made its window of batches ends after the quiet stretch
 * (or a tenth of the budget, if longer), the runs agreeing or not, and the JIT's silence ends the
 * warm-up: the same forks then time 20 pairs, and their interval is half as wide. On an idle
 * machine the rounds agree sooner; a long task's round still makes its window of runs.
 *
 * <p>Why that clock and not JFR's {@code jdk.Compilation} and {@code jdk.Deoptimization} events:
 * it costs one call per round and no recording thread, exists on every HotSpot from JDK 17 on, and
 * sees deoptimizations too, through the recompilation each one is followed by. It cannot tell whose
 * code was compiled: the measuring code's own compilations keep a warm-up going a round longer,
 * which is harmless. Where the JVM does not report compilation time, one round is made, as before.
 */
public final class CompilingWarmUp {
    /**
     * Another round starts only while at least this share of the budget is left: 1/10. A round that
     * has made its window of batches ends after the {@linkplain #QUIET quiet stretch}, or this share if longer.
     */
    static final int MIN_ROUND_SHARE = 10;
    /**
     * How long the JIT must have finished no compilation before the warm-up may end: 250 ms, at
     * most a quarter of the budget. C2 compiles a hot method in 1 to 100 ms; a longer silence means
     * it has nothing of the task's left to compile.
     */
    static final Duration QUIET = Duration.ofMillis(250);

    private CompilingWarmUp() {}

    /**
     * The warm-up of {@code run}, in rounds of {@link WarmUp#run} (each until its runs agree or, its
     * window made, the quiet stretch has passed) until {@code compilationMillis} has not grown for {@link #QUIET} (at most a
     * quarter of {@code budget}), within {@code budget} in all.
     *
     * @param compilationMillis the JVM's total compilation time so far, or null where it is not reported
     */
    public static Result run(DoubleSupplier run, LongSupplier nanoClock, LongSupplier compilationMillis, Duration budget,
            int window, double threshold) {
        requireNonNull(nanoClock, "nanoClock");
        long start = nanoClock.getAsLong();
        WarmUpReport total = null;
        int rounds = 0;
        long quiet = Math.min(QUIET.toNanos(), budget.toNanos() / 4);
        // Without the JIT's clock, its silence cannot end the warm-up: one round, until the runs agree.
        Duration patience = compilationMillis == null ? budget
                : Duration.ofNanos(Math.max(quiet, budget.toNanos() / MIN_ROUND_SHARE));
        long lastCompilation = start;
        long compiledInRound;
        long left = budget.toNanos();
        boolean jitQuiet;
        do {
            long compiled = compilationMillis == null ? 0 : compilationMillis.getAsLong();
            WarmUpReport round = WarmUp.run(run, nanoClock, Duration.ofNanos(left), window, threshold, patience);
            rounds++;
            compiledInRound = compilationMillis == null ? 0 : compilationMillis.getAsLong() - compiled;
            long now = nanoClock.getAsLong();
            if (compiledInRound > 0) {
                lastCompilation = now;
            }
            jitQuiet = compilationMillis == null || compiledInRound == 0 && now - lastCompilation >= quiet;
            total = total == null ? round : new WarmUpReport(total.duration().plus(round.duration()), total.runs() + round.runs(),
                    round.converged(), round.finalCoefficientOfVariation(), budget, window, threshold);
            left = budget.toNanos() - (now - start);
        } while (!jitQuiet && left > 0 && left >= budget.toNanos() / MIN_ROUND_SHARE);
        return new Result(total, rounds, compiledInRound);
    }

    /** The JVM's total compilation time in milliseconds, or null where this JVM does not report it. */
    public static LongSupplier compilationMillis() {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        return compiler != null && compiler.isCompilationTimeMonitoringSupported() ? compiler::getTotalCompilationTime : null;
    }

    /**
     * @param report the rounds together: their runs and time, the last round's convergence
     * @param rounds how many rounds ran
     * @param compiledInLastRound milliseconds the JIT compiled during the last round: above 0 means
     *     the budget ended while it was still compiling
     */
    public record Result(WarmUpReport report, int rounds, long compiledInLastRound) {
        /** Whether the budget ended while the JIT was still compiling. */
        public boolean stillCompiling() {
            return compiledInLastRound > 0;
        }
    }
}
