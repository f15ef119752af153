package dev.counters.cli;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.Column;
import dev.counters.cli.report.Report;
import dev.counters.cli.report.Table;
import dev.counters.measure.Statistics;
import dev.counters.measure.Task;
import dev.counters.measure.internal.Pass;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code counters isolation}: after STLSoft's {@code counter_isolation} program. A fixed CPU-bound task is
 * timed on the wall clock and in thread CPU time, first alone, then while other threads (or
 * another process) load every CPU. The wall time inflates by the share of the CPUs the task
 * lost; its thread CPU time stays put, because it counts only what the thread itself ran.
 */
@Command(name = "isolation", description = {
    "Wall time inflates under load; thread CPU time stays put.",
    "Times a fixed CPU-bound task on the wall clock and in thread CPU time, first alone, then while other threads "
            + "(or, with --process, another process) load every CPU, as STLSoft's counter_isolation program does.",
})
final class IsolationCommand extends Subcommand {
    private static final int WARM_UP_RUNS = 3;
    private static final Duration LOAD_SETTLE = Duration.ofMillis(200);

    @Option(names = "--threads", paramLabel = "N",
            description = "Load threads (default: twice the number of CPUs, so that every CPU is shared).")
    Integer threads;

    @Option(names = "--process",
            description = "Load the CPUs from another process (a child JVM) instead of threads of this one.")
    boolean process;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "10",
            description = "Runs alone and runs under load (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--iterations", paramLabel = "N", defaultValue = "25000000",
            description = "Size of the task in xorshift steps (default: ${DEFAULT-VALUE}, about 50 ms; "
                    + "at most 10,000,000,000).")
    long iterations;

    @Mixin
    TimeLimit limit;

    @Mixin
    RunChartOptions charting;

    /** What the command is doing, for a --timeout message. */
    private volatile String doing = "the start";

    @Mixin
    OutputOptions output;

    @Override
    public void run() {
        int loadThreads = threads == null ? 2 * Runtime.getRuntime().availableProcessors() : threads;
        checkOptions(loadThreads);
        charting.checkChart(spec);
        Phases phases = new Phases();
        TimeLimit.bindOnThisThread(registry(), CounterKind.PERFORMANCE, CounterKind.THREAD_TIMES);
        try {
            limit.call("counters isolation", () -> isolate(loadThreads, phases), () -> doing);
        } catch (TimeLimit.Reached reached) {
            output.print(spec, report(phases, loadThreads));
            throw reached;
        }
        output.print(spec, report(phases, loadThreads));
        charting.drawIfAsked("A fixed task alone and under load: wall time inflates, thread CPU time stays put",
                output.progress(spec),
                chart -> chart.panel("wall time")
                        .series("alone", phases.alone.wall)
                        .series("under load", phases.loaded.wall)
                        .panel("thread CPU time")
                        .series("alone", phases.alone.cpu)
                        .series("under load", phases.loaded.cpu));
    }

    private Phases isolate(int loadThreads, Phases phases) {
        Counter wall = wallClock();
        CpuTimesCounter cpu = threadCpuClock();
        Progress progress = output.progress(spec);

        progress.step("warming up (" + WARM_UP_RUNS + " runs)");
        doing = "the warm-up";
        timeRuns(wall, cpu, WARM_UP_RUNS);
        progress.step(runs + " runs alone");
        doing = "the runs alone";
        phases.alone = timeRuns(wall, cpu, runs);
        if (Thread.currentThread().isInterrupted()) {
            return phases; // --timeout passed: start no load that nobody will measure
        }
        try (CpuLoad load = startLoad(loadThreads)) {
            phases.loadDescription = load.describe();
            progress.step(runs + " runs under load from " + phases.loadDescription);
            doing = "the runs under load";
            sleep(LOAD_SETTLE);
            phases.loaded = timeRuns(wall, cpu, runs);
        }
        return phases;
    }

    private void checkOptions(int loadThreads) {
        OptionChecks.requireBetween(spec, "--threads", loadThreads, 1, 1_024);
        OptionChecks.requireBetween(spec, "--runs", runs, 1, OptionChecks.MAX_COUNT);
        OptionChecks.requireBetween(spec, "--iterations", iterations, 1, SpinTask.MAX_ITERATIONS);
    }

    private CpuLoad startLoad(int loadThreads) {
        if (!process) {
            return CpuLoad.threads(loadThreads);
        }
        try {
            Duration generousLimit = Duration.ofMinutes(10);
            return CpuLoad.process(loadThreads, generousLimit);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the load process: " + e.getMessage(), e);
        }
    }

    private Runs timeRuns(Counter wall, CpuTimesCounter cpu, int count) {
        Runs runs = new Runs(count);
        Pass pass = Pass.of(wall, cpu);
        Task spin = new SpinTask(iterations);
        for (int run = 0; run < count; run++) {
            double[] figures = pass.once(spin, "run", run); // whole nanoseconds, exact in a double below 104 days
            runs.wall[run] = (long) figures[Pass.WALL];
            runs.cpu[run] = (long) figures[Pass.CPU];
            runs.user[run] = (long) figures[Pass.USER];
            runs.kernel[run] = (long) figures[Pass.KERNEL];
        }
        return runs;
    }

    private Report report(Phases phases, int loadThreads) {
        Report.Builder report = Report.builder("isolation",
                        "A fixed task alone and under load, on " + Platform.describe())
                .parameter("runs", (long) runs)
                .parameter("iterations", iterations)
                .parameter("load_threads", (long) loadThreads)
                .parameter("load", process ? "process" : "threads");
        if (phases.alone == null) {
            return report.note("The runs alone were not complete, so nothing was measured.").build();
        }
        if (phases.loaded == null) {
            Table.Builder perRun = perRunTable();
            phases.alone.addRows(perRun, "alone");
            return report.table(perRun.build())
                    .note("Only the runs alone were complete; the runs under load are missing.").build();
        }
        return report(report, phases.alone, phases.loaded, phases.loadDescription);
    }

    private Table.Builder perRunTable() {
        CellFormat time = charting.timeFormat();
        return Table.builder("runs", "Every run (" + charting.unitName() + ")")
                .column(Column.text("phase", "phase"))
                .column(Column.number("run", "run", CellFormat.INTEGER))
                .column(Column.number("wall_ns", "wall", time))
                .column(Column.number("thread_cpu_ns", "thread CPU", time))
                .column(Column.number("user_ns", "user", time))
                .column(Column.number("kernel_ns", "kernel", time))
                .column(Column.number("cpu_share", "CPU/wall", CellFormat.PERCENT));
    }

    private Report report(Report.Builder report, Runs alone, Runs loaded, String loadDescription) {
        CellFormat time = charting.timeFormat();
        String unitName = charting.unitName();
        double aloneWall = Statistics.of(alone.wall, 0).median();
        double loadedWall = Statistics.of(loaded.wall, 0).median();
        double aloneCpu = Statistics.of(alone.cpu, 0).median();
        double loadedCpu = Statistics.of(loaded.cpu, 0).median();
        double wallFactor = aloneWall == 0 ? Double.NaN : loadedWall / aloneWall;
        double cpuFactor = aloneCpu == 0 ? Double.NaN : loadedCpu / aloneCpu;

        Table summary = Table.builder("summary", "Median per run (" + unitName + ")")
                .column(Column.text("measure", "measure"))
                .column(Column.number("alone_ns", "alone", time))
                .column(Column.number("loaded_ns", "under load", time))
                .column(Column.number("factor", "loaded/alone", CellFormat.FACTOR))
                .row("wall time", aloneWall, loadedWall, Double.isNaN(wallFactor) ? null : wallFactor)
                .row("thread CPU time", aloneCpu, loadedCpu, Double.isNaN(cpuFactor) ? null : cpuFactor)
                .build();

        Table.Builder perRun = perRunTable();
        alone.addRows(perRun, "alone");
        loaded.addRows(perRun, "loaded");
        report.table(summary).table(perRun.build());
        report.note(String.format(Locale.ROOT,
                "Under load from %s, the task's wall time changed x%.2f while its thread CPU time changed x%.2f.",
                loadDescription, wallFactor, cpuFactor));
        report.note("Thread CPU time counts only the time the thread itself ran, so threads and processes that "
                + "take the CPUs from it do not inflate it; wall time counts the waiting too.");
        if (wallFactor < 1.2) {
            report.note("The load hardly slowed the task: this machine may have idle CPUs to spare. "
                    + "Try more --threads.");
        }
        return report.build();
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The runs of each phase, kept as the phase completes so that a --timeout can still print them. */
    private static final class Phases {
        volatile Runs alone;
        volatile Runs loaded;
        volatile String loadDescription;
    }

    /** The times of a series of runs, in nanoseconds. */
    private static final class Runs {
        final long[] wall;
        final long[] cpu;
        final long[] user;
        final long[] kernel;

        Runs(int count) {
            wall = new long[count];
            cpu = new long[count];
            user = new long[count];
            kernel = new long[count];
        }

        void addRows(Table.Builder table, String phase) {
            for (int run = 0; run < wall.length; run++) {
                table.row(phase, (long) run + 1, wall[run], cpu[run], user[run], kernel[run],
                        wall[run] == 0 ? null : cpu[run] / (double) wall[run]);
            }
        }
    }
}
