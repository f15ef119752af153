package dev.counters.measure.internal;

import static java.util.Objects.requireNonNull;

import dev.counters.measure.MeasureResult.WarmUpReport;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * A {@link WarmUp} that does not stop while the JIT compiler is still at work: steady run times
 * can be a plateau between two compilations (the interpreter's, then C1's, before C2 has finished),
 * and a deoptimization sends the code back to the interpreter until it is compiled again. So the
 * warm-up runs in rounds, each until the runs agree, and another round follows as long as the
 * JVM's total compilation time ({@link CompilationMXBean#getTotalCompilationTime()}, in
 * milliseconds) grew during the last one, until the budget ends.
 *
 * <p>Why that clock and not JFR's {@code jdk.Compilation} and {@code jdk.Deoptimization} events:
 * it costs one call per round and no recording thread, exists on every HotSpot from JDK 17 on, and
 * sees deoptimizations too, through the recompilation each one is followed by. It cannot tell whose
 * code was compiled: the measuring code's own compilations keep a warm-up going a round longer,
 * which is harmless. Where the JVM does not report compilation time, one round is made, as before.
 */
public final class CompilingWarmUp {
    /** A round gets at least this share of the budget, so that a warm-up never ends on a sliver. */
    static final int MIN_ROUND_SHARE = 10;

    private CompilingWarmUp() {}

    /**
     * The warm-up of {@code run}, in rounds of {@link WarmUp#run} while {@code compilationMillis}
     * grows during a round, within {@code budget} in all.
     *
     * @param compilationMillis the JVM's total compilation time so far, or null where it is not reported
     */
    public static Result run(DoubleSupplier run, LongSupplier nanoClock, LongSupplier compilationMillis, Duration budget,
            int window, double threshold) {
        requireNonNull(nanoClock, "nanoClock");
        long start = nanoClock.getAsLong();
        WarmUpReport total = null;
        int rounds = 0;
        long compiledInRound;
        long left = budget.toNanos();
        do {
            long compiled = compilationMillis == null ? 0 : compilationMillis.getAsLong();
            WarmUpReport round = WarmUp.run(run, nanoClock, Duration.ofNanos(left), window, threshold);
            rounds++;
            compiledInRound = compilationMillis == null ? 0 : compilationMillis.getAsLong() - compiled;
            total = total == null ? round : new WarmUpReport(total.duration().plus(round.duration()), total.runs() + round.runs(),
                    round.converged(), round.finalCoefficientOfVariation(), budget, window, threshold);
            left = budget.toNanos() - (nanoClock.getAsLong() - start);
        } while (compiledInRound > 0 && left >= budget.toNanos() / MIN_ROUND_SHARE);
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
