package dev.counters.cli;

import dev.counters.CounterKind;
import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.Column;
import dev.counters.cli.report.HumanNumbers;
import dev.counters.cli.report.Report;
import dev.counters.cli.report.Table;
import dev.counters.measure.Measure;
import dev.counters.measure.PreparationStep;
import dev.counters.measure.Statistics;
import dev.counters.measure.MeasureResult;
import dev.counters.measure.Task;
import dev.counters.measure.TaskFailedException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code counters measure}: the benchmarking lesson that a timing needs preparation, shown on the
 * user's own task. It runs {@code --runs} times without any preparation, then again after a
 * warm-up with its thread pinned to one CPU at raised priority; the statistics of both, side by
 * side, show how much of a naive timing's spread is the measurement's fault rather than the code's.
 *
 * <p>The whole command is bounded by {@code --timeout}; a task that throws, overflows its stack or
 * calls {@code System.exit} is reported with the run it was in (exit code 2).
 */
@Command(name = "measure", description = {
    "A task timed unprepared, then prepared (warm-up, pinned, high priority), statistics side by side.",
    "Runs the task --runs times with no preparation, then warms it up for up to --warm-up, pins the thread "
            + "to one CPU at raised priority, and runs it --runs times again; wall time and thread CPU time of each "
            + "run, and their statistics side by side, show how much of a naive timing's spread the preparation "
            + "removes. The task is a built-in ~100 ms CPU-bound function, or your class: "
            + "--task com.example.MyTask (implementing dev.counters.measure.Task, with a public no-argument "
            + "constructor), found on the class path or in --class-path. A task that throws, overflows its stack or "
            + "calls System.exit ends the command with exit code 2 and the run it failed in. A task that calls "
            + "Runtime.halt ends the JVM at once with the status it gives, which no code in the JVM sees: the table "
            + "format prints its title and parameters before the task runs, so such a run shows them and nothing else.",
})
final class MeasureCommand extends Subcommand {
    /** How the statistics table's interval is bounded, for the notes. */
    static final String CI_NOTE = "95% CI: Student's t interval of the mean, cut at 0 where it would reach below "
            + "(a time cannot be negative), so a cut interval holds the mean at least as often.";

    @Option(names = "--task", paramLabel = "CLASS",
            description = "Fully qualified name of a class implementing dev.counters.measure.Task "
                    + "(default: the built-in workload).")
    String taskClass;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "20",
            description = "Runs unprepared and runs prepared (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warm-up", paramLabel = "TIME", defaultValue = "1200ms",
            converter = OptionConverters.DurationConverter.class,
            description = "Longest warm-up before the prepared runs; it ends early once runs agree "
                    + "(default: ${DEFAULT-VALUE}).")
    Duration warmUp;

    @Option(names = "--trim", paramLabel = "K", defaultValue = "1",
            description = "Highest and lowest runs the trimmed figures drop (default: ${DEFAULT-VALUE}).")
    int trim;

    @Option(names = "--iterations", paramLabel = "N", defaultValue = "50000000",
            description = "Size of the built-in workload in xorshift steps (default: ${DEFAULT-VALUE}, about 100 ms; "
                    + "at most 10,000,000,000).")
    long iterations;

    @Mixin
    TaskOptions tasks;

    @Mixin
    RunChartOptions charting;

    @Mixin
    OutputOptions output;

    @Override
    public void run() {
        checkOptions();
        charting.checkChart(spec);
        WatchedTask watched = tasks.task(taskClass, iterations);
        Results results = new Results();
        TimeLimit.bindOnThisThread(registry(), CounterKind.PERFORMANCE, CounterKind.THREAD_TIMES);
        try {
            tasks.run(spec, List.of(watched), List.of(), () -> measureBoth(watched, results));
        } catch (TimeLimit.Reached reached) {
            output.print(spec, report(results, watched.name()));
            throw reached;
        }
        output.print(spec, report(results, watched.name()));
        charting.drawIfAsked("Per-run times of " + watched.name() + ": unprepared vs prepared", output.progress(spec),
                chart -> chart.zoomed()
                        .panel("wall time")
                        .series("unprepared", results.unprepared.wall().samples())
                        .series("prepared", results.prepared.wall().samples())
                        .panel("thread CPU time")
                        .series("unprepared", results.unprepared.threadCpu().samples())
                        .series("prepared", results.prepared.threadCpu().samples()));
    }

    /** Runs both phases on the calling thread, keeping each result in {@code results} as it completes. */
    private Results measureBoth(WatchedTask task, Results results) {
        // After the task loaded: a class that is no task is a usage error with nothing on standard output.
        output.printHeading(spec, heading(task.name()).build());
        Progress progress = output.progress(spec);
        progress.step(runs + " unprepared runs of " + task.name());
        task.enter("the unprepared runs");
        results.unprepared = runPhase(task, "unprepared", measure(task).noWarmUp());
        progress.step("warm-up of up to " + warmUp.toMillis() + " ms, then " + runs + " prepared runs");
        task.enter("the warm-up and prepared runs (warm-up calls included)");
        results.prepared = runPhase(task, "prepared", measure(task).warmUp(warmUp).pinned().highPriority());
        return results;
    }

    private MeasureResult runPhase(WatchedTask task, String phase, Measure measure) {
        try {
            return measure.run();
        } catch (TaskFailedException e) {
            throw task.failure(phase, e, tasks.stackTrace);
        }
    }

    private void checkOptions() {
        OptionChecks.requireBetween(spec, "--runs", runs, 1, OptionChecks.MAX_COUNT);
        if (trim < 0 || runs <= 2 * trim) {
            throw new ParameterException(spec.commandLine(), "--trim " + trim + " must be at least 0 and leave runs: "
                    + "--runs (" + runs + ") must exceed twice --trim");
        }
        OptionChecks.requireBetween(spec, "--iterations", iterations, 1, SpinTask.MAX_ITERATIONS);
        tasks.checkClassPathHasUse(spec, taskClass != null, "--task");
    }

    private Measure measure(Task task) {
        return Measure.of(task)
                .repetitions(runs)
                .trim(trim)
                .wallCounter(this::wallClock)
                .threadCounter(this::threadCpuClock);
    }

    private Report report(Results results, String taskName) {
        MeasureResult unprepared = results.unprepared;
        MeasureResult prepared = results.prepared;
        CellFormat time = charting.timeFormat();
        String unitName = charting.unitName();
        Report.Builder report = heading(taskName);
        if (unprepared == null) {
            return report.note("No phase was complete, so nothing was measured.").build();
        }

        Table.Builder statistics = Table.builder("statistics", "Statistics side by side (" + unitName + ")")
                .column(Column.text("preparation", "preparation"))
                .column(Column.text("measure", "measure"))
                .column(Column.number("count", "n", CellFormat.INTEGER))
                .column(Column.number("median_ns", "median", time))
                .column(Column.number("mean_ns", "mean", time))
                .column(Column.number("ci95_low_ns", "95% CI low", time))
                .column(Column.number("ci95_high_ns", "95% CI high", time))
                .column(Column.number("trimmed_mean_ns", "trimmed mean", time))
                .column(Column.number("min_ns", "min", time))
                .column(Column.number("max_ns", "max", time))
                .column(Column.number("sd_ns", "sd", time))
                .column(Column.number("cv", "cv", CellFormat.PERCENT))
                .column(Column.number("spread", "spread", CellFormat.PERCENT))
                .column(Column.number("trimmed_spread", "trimmed spread", CellFormat.PERCENT));
        addStatistics(statistics, "unprepared", "wall", unprepared.wall());
        if (prepared != null) {
            addStatistics(statistics, "prepared", "wall", prepared.wall());
        }
        addStatistics(statistics, "unprepared", "thread CPU", unprepared.threadCpu());
        if (prepared != null) {
            addStatistics(statistics, "prepared", "thread CPU", prepared.threadCpu());
        }
        report.table(statistics.build()).table(perRun(unprepared, prepared, time, unitName));
        Table.Builder noise = NoiseTables.builder(charting.unit);
        NoiseTables.row(noise, "unprepared", unprepared.noise());
        if (prepared != null) {
            NoiseTables.row(noise, "prepared", prepared.noise());
        }
        report.table(noise.build());
        if (prepared == null) {
            return report.note("Only the unprepared runs were complete; the prepared runs are missing.").build();
        }

        Table.Builder preparation = preparationTable("Preparation of the prepared runs")
                .row("warm-up", prepared.warmUp().ran(), prepared.warmUp().toString());
        report.table(preparationRows(preparation, prepared.preparation()).build());
        report.note(String.format(Locale.ROOT,
                "Wall time spread (max - min) / median: %.1f %% unprepared, %.1f %% prepared (trimmed: %.1f %% and %.1f %%).",
                100 * unprepared.wall().spread(), 100 * prepared.wall().spread(),
                100 * unprepared.wall().trimmedSpread(), 100 * prepared.wall().trimmedSpread()));
        double bestUnprepared = unprepared.wall().min();
        double worstPrepared = prepared.wall().max();
        report.note(bestUnprepared >= worstPrepared
                ? "The best unprepared run (" + HumanNumbers.nanos(bestUnprepared)
                        + ") is no better than the worst prepared run (" + HumanNumbers.nanos(worstPrepared) + ")."
                : "Here the best unprepared run (" + HumanNumbers.nanos(bestUnprepared) + ") beat the worst prepared run ("
                        + HumanNumbers.nanos(worstPrepared) + "): this machine's noise hides the preparation's effect.");
        report.note("Unprepared runs include class loading and JIT compilation; the prepared ones start after the "
                + "warm-up, with the thread pinned and its priority raised where the platform allows (see Preparation).");
        report.note("Noise during the prepared runs: " + prepared.noise().summary());
        report.note(CI_NOTE);
        return report.build();
    }

    /** The title and parameters, which the table format prints before the task runs. */
    private Report.Builder heading(String taskName) {
        return Report.builder("measure", "Unprepared vs prepared runs of " + taskName + ", on " + Platform.describe())
                .parameter("task", taskName)
                .parameter("runs", (long) runs)
                .parameter("trim", (long) trim)
                .parameter("warm_up_ms", warmUp.toMillis());
    }

    private Table perRun(MeasureResult unprepared, MeasureResult prepared, CellFormat time, String unitName) {
        Table.Builder perRun = Table.builder("runs", "Every run (" + unitName + ")")
                .column(Column.number("run", "run", CellFormat.INTEGER))
                .column(Column.number("unprepared_wall_ns", "unprepared wall", time))
                .column(Column.number("prepared_wall_ns", "prepared wall", time))
                .column(Column.number("unprepared_cpu_ns", "unprepared CPU", time))
                .column(Column.number("prepared_cpu_ns", "prepared CPU", time));
        double[] unpreparedWall = unprepared.wall().samples();
        double[] unpreparedCpu = unprepared.threadCpu().samples();
        double[] preparedWall = prepared == null ? null : prepared.wall().samples();
        double[] preparedCpu = prepared == null ? null : prepared.threadCpu().samples();
        for (int run = 0; run < runs; run++) {
            perRun.row((long) run + 1, unpreparedWall[run], preparedWall == null ? null : preparedWall[run],
                    unpreparedCpu[run], preparedCpu == null ? null : preparedCpu[run]);
        }
        return perRun.build();
    }

    /** The table {@code preparation} (also {@code counters compare --order duet}'s): one row per step, applied or not and why. */
    static Table.Builder preparationTable(String title) {
        return Table.builder("preparation", title)
                .column(Column.text("step", "step"))
                .column(Column.text("applied", "applied"))
                .column(Column.text("description", "what happened"));
    }

    static Table.Builder preparationRows(Table.Builder table, List<PreparationStep> steps) {
        for (PreparationStep step : steps) {
            table.row(step.action(), step.applied(), step.description());
        }
        return table;
    }

    private static void addStatistics(Table.Builder table, String preparation, String measure, Statistics statistics) {
        table.row(preparation, measure, (long) statistics.count(), statistics.median(), statistics.mean(),
                statistics.confidenceInterval95().low(), statistics.confidenceInterval95().high(),
                statistics.trimmedMean(), statistics.min(), statistics.max(), statistics.standardDeviation(),
                statistics.coefficientOfVariation(), statistics.spread(), statistics.trimmedSpread());
    }

    /** What each phase measured, kept as it completes so that a --timeout can still print it. */
    private static final class Results {
        volatile MeasureResult unprepared;
        volatile MeasureResult prepared;
    }
}
