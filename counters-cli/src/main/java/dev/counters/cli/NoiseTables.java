package dev.counters.cli;

import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.Column;
import dev.counters.cli.report.Table;
import dev.counters.measure.NoiseReport;
import java.util.concurrent.TimeUnit;

/**
 * The {@code noise} table of {@code counters measure} and {@code counters compare}: one row per
 * measured phase with how much the machine itself drifted (the fixed reference loop's times, the
 * measuring thread's context switches, the machine's steal), and the one-line summary as a
 * footnote. A witness that could not be read is an empty cell, and the summary says why.
 */
final class NoiseTables {
    private NoiseTables() {}

    /**
     * Starts the table, the reference loop's times in {@code unit}, or each in the unit that suits
     * its size when {@code unit} is null; add a row per phase with {@link #row}.
     */
    static Table.Builder builder(TimeUnit unit) {
        CellFormat time = unit == null ? CellFormat.NANOS : CellFormat.nanosIn(unit);
        return Table.builder("noise", "How much the machine drifted meanwhile, quiet or loaded"
                        + (unit == null ? "" : " (reference loop in " + dev.counters.TimeUnits.shortName(unit) + ")"))
                .column(Column.text("phase", "phase"))
                .column(Column.text("machine", "machine"))
                .column(Column.number("drift", "CPU drift", CellFormat.PERCENT))
                .column(Column.number("wall_drift", "wall drift", CellFormat.PERCENT))
                .column(Column.number("reference_wall_min_ns", "ref wall min", time))
                .column(Column.number("reference_wall_median_ns", "ref wall median", time))
                .column(Column.number("reference_wall_max_ns", "ref wall max", time))
                .column(Column.number("reference_cpu_min_ns", "ref CPU min", time))
                .column(Column.number("reference_cpu_median_ns", "ref CPU median", time))
                .column(Column.number("reference_cpu_max_ns", "ref CPU max", time))
                .column(Column.number("reference_timings", "timings", CellFormat.INTEGER))
                .column(Column.number("voluntary_switches", "vol. switches", CellFormat.INTEGER))
                .column(Column.number("involuntary_switches", "invol. switches", CellFormat.INTEGER))
                .column(Column.number("steal_share", "steal", CellFormat.percent(2)))
                .column(Column.number("steal_ticks", "steal ticks", CellFormat.INTEGER))
                .column(Column.number("other_runnable", "other runnable", CellFormat.decimal(1)))
                .column(Column.number("other_cpu_share", "other CPU", CellFormat.percent(1)))
                .column(Column.number("involuntary_per_second", "invol./s", CellFormat.decimal(1)))
                .column(Column.number("preempted_runs", "preempted runs", CellFormat.INTEGER))
                .column(Column.number("runs", "runs", CellFormat.INTEGER))
                .column(Column.footnote("summary", "summary"));
    }

    /** Adds the row of {@code phase}. */
    static void row(Table.Builder table, String phase, NoiseReport noise) {
        table.row(phase, noise.machine(), noise.drift(), noise.wallDrift(),
                noise.referenceWall().min(), noise.referenceWall().median(), noise.referenceWall().max(),
                noise.referenceCpu().min(), noise.referenceCpu().median(), noise.referenceCpu().max(),
                (long) noise.referenceWall().count(),
                noise.voluntaryContextSwitches().isPresent() ? noise.voluntaryContextSwitches().getAsLong() : null,
                noise.involuntaryContextSwitches().isPresent() ? noise.involuntaryContextSwitches().getAsLong() : null,
                noise.stealShare().isPresent() ? noise.stealShare().getAsDouble() : null,
                noise.stealTicks().isPresent() ? noise.stealTicks().getAsLong() : null,
                noise.load().otherRunnableThreads().isPresent() ? noise.load().otherRunnableThreads().getAsDouble() : null,
                noise.load().otherProcessesCpuShare().isPresent() ? noise.load().otherProcessesCpuShare().getAsDouble() : null,
                noise.load().involuntarySwitchesPerSecond().isPresent()
                        ? noise.load().involuntarySwitchesPerSecond().getAsDouble() : null,
                (long) noise.load().preemptedRuns(), (long) noise.load().runs(),
                noise.summary());
    }
}
