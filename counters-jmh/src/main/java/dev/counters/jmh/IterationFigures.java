package dev.counters.jmh;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.ScalarResult;

/**
 * The secondary results of one iteration: CPU time per operation, normalised by the iteration's
 * operation count as JMH's {@code -prof gc} normalises {@code gc.alloc.rate.norm} (NaN when the
 * iteration counted no operation), and the workers' CPU utilisation. Every result is averaged over
 * iterations and forks ({@link AggregationPolicy#AVG}), as JMH's own per-operation figures are.
 * The process's kernel and user parts are never below its workers' ({@link CpuShare#containing}).
 */
final class IterationFigures {
    static final String WORKER = "cpu.worker.norm";
    static final String WORKER_KERNEL = "cpu.worker.kernel.norm";
    static final String WORKER_USER = "cpu.worker.user.norm";
    static final String PROCESS = "cpu.process.norm";
    static final String PROCESS_KERNEL = "cpu.process.kernel.norm";
    static final String PROCESS_USER = "cpu.process.user.norm";
    static final String UTILISATION = "cpu.worker.utilisation";
    /** The utilisation's unit: CPU seconds per wall-clock second per worker. */
    static final String UTILISATION_UNIT = "cpu/wall";

    private IterationFigures() {}

    /**
     * @param workers the CPU time of the benchmark's worker threads over the iteration
     * @param process the whole process's, or {@code null} when not reported
     * @param processSplit whether {@code process}'s kernel part is known (the JDK floor has no split)
     * @param wallNanos the iteration's wall-clock time, as the profiler timed it
     * @param threads the benchmark's worker threads
     * @param operations the iteration's operation count
     */
    static List<ScalarResult> of(ProfilerOptions options, CpuShare workers, CpuShare process, boolean processSplit,
            long wallNanos, int threads, long operations) {
        requireNonNull(options, "options");
        requireNonNull(workers, "workers");
        checkArgument(threads > 0, "a benchmark runs on at least one thread, not %s", threads);
        List<ScalarResult> results = new ArrayList<>();
        String unit = options.unitSymbol() + "/op";
        double nanosPerUnit = options.unit().toNanos(1);
        results.add(perOp(WORKER, workers.totalNanos(), operations, nanosPerUnit, unit));
        results.add(perOp(WORKER_KERNEL, workers.kernelNanos(), operations, nanosPerUnit, unit));
        results.add(perOp(WORKER_USER, workers.userNanos(), operations, nanosPerUnit, unit));
        if (process != null) {
            results.add(perOp(PROCESS, process.totalNanos(), operations, nanosPerUnit, unit));
            if (processSplit) {
                CpuShare consistent = process.containing(workers);
                results.add(perOp(PROCESS_KERNEL, consistent.kernelNanos(), operations, nanosPerUnit, unit));
                results.add(perOp(PROCESS_USER, consistent.userNanos(), operations, nanosPerUnit, unit));
            }
        }
        double utilisation = wallNanos > 0 ? workers.totalNanos() / ((double) wallNanos * threads) : Double.NaN;
        results.add(new ScalarResult(UTILISATION, utilisation, UTILISATION_UNIT, AggregationPolicy.AVG));
        return results;
    }

    private static ScalarResult perOp(String label, long nanos, long operations, double nanosPerUnit, String unit) {
        double value = operations > 0 ? nanos / nanosPerUnit / operations : Double.NaN;
        return new ScalarResult(label, value, unit, AggregationPolicy.AVG);
    }
}
