package dev.counters.cli;

import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.Column;
import dev.counters.cli.report.Report;
import dev.counters.cli.report.Table;
import dev.counters.measure.Conclusion;
import dev.counters.measure.CompareResult;
import dev.counters.measure.ForkRun;
import java.util.Locale;

/**
 * The report of a {@code counters compare} across fresh JVMs. A person reads the answer in its
 * first lines (the verdict in one sentence, the time per run of A and of B, what the interval rules
 * out, the machine) and the details below: each JVM's ratios and times, the JVMs left out and why,
 * the options the forks ran with. A program reads the same figures whole in CSV or JSON.
 */
final class ForkedCompareReport {
    private ForkedCompareReport() {}

    static Report of(CompareResult result, CompareReports.Asked asked) {
        Conclusion conclusion = result.conclusion();
        Report.Builder report = CompareReports.parameters(asked);
        report.headline(result.summary(), CompareReports.answer(CompareReports.verdictTable("The overall verdict, over fresh JVMs")
                        .column(Column.number("forks", "JVMs", CellFormat.INTEGER))
                        .column(Column.number("confidence", "confidence", CellFormat.percent(3)))
                        .column(Column.text("stopped_by", "stopped by")), result)
                .column(Column.text("fork_jvm_options", "the forks' JVM options"))
                .row(result.verdict().label(), conclusion.ratio(), conclusion.low(), conclusion.high(), conclusion.clock(),
                        conclusion.reason(), result.machine(), "any JVM", (long) result.jvms(), conclusion.confidence(),
                        result.stoppedBy().label(), result.summary(), result.nanosPerRunA(), result.nanosPerRunB(),
                        result.differenceRuledOut(), CompareReports.budgetToDecideMillis(result),
                        result.forkJvmOptions())
                .build());
        CompareReports.leads(report, result, "median over the " + result.jvms() + " JVMs counted", result.machine());
        report.table(forks(result, asked.time()));
        report.note(switch (result.stoppedBy()) {
            case DECIDED -> "Stopped when decided, after " + result.forkRuns().size() + " JVMs.";
            case FORKS -> "Stopped after the last planned JVM (" + result.forkRuns().size() + ").";
            case BUDGET -> "Stopped by the budget (" + asked.budget().toMillis() + " ms) after " + result.forkRuns().size()
                    + " JVMs, undecided.";
            case TARGET -> "Stopped by the target after " + result.forkRuns().size() + " JVMs.";
            case INTERRUPTED -> "Stopped by an interrupt (--timeout, SIGINT or SIGTERM) after " + result.forkRuns().size()
                    + " JVMs: the running one was killed, and the figures are those of the JVMs that ended.";
        });
        long leftOut = result.forkRuns().stream().filter(fork -> !fork.counted()).count();
        if (leftOut > 0) {
            report.note(leftOut + " of the " + result.forkRuns().size() + " JVMs are left out of the verdict; why is listed "
                    + "under the JVMs.");
        }
        for (String warning : result.warnings()) {
            report.note("Warning: " + warning + ".");
        }
        report.note("The forks ran with these JVM options: " + (result.forkJvmOptions().isEmpty() ? "none"
                : String.join(" ", result.forkJvmOptions())) + " (--jvm-args replaces those inherited from this JVM, "
                + "--jvm-args-append adds to them).");
        report.note("The interval is Student's t over the logarithms of the forks' median ratios (each fork one sample, "
                + "as Kalibera and Jones advise), read at the confidence each look of the stopping rule uses: the asked "
                + String.format(Locale.ROOT, "%.0f%%", 100 * asked.confidence()) + "'s miss rate spent over the planned "
                + "looks, 80% of it by the first, so that stopping early keeps it.");
        return report.build();
    }

    /** One row per JVM that ran, counted or not: its ratios, its times per run, its own verdict, and why it was left out. */
    private static Table forks(CompareResult result, CellFormat time) {
        CellFormat ratio = CellFormat.decimal(4);
        Table.Builder perFork = Table.builder("jvms", "Each JVM's median ratios and times per run, and its own verdict "
                        + "(never final alone)")
                .column(Column.number("fork", "JVM", CellFormat.INTEGER))
                .column(Column.text("counted", "counted"))
                .column(Column.number("wall_ratio", "wall B/A", ratio))
                .column(Column.number("cpu_ratio", "thread CPU B/A", ratio))
                .column(Column.number("a_wall_ns", "A wall", time))
                .column(Column.number("b_wall_ns", "B wall", time))
                .column(Column.number("a_cpu_ns", "A CPU", time))
                .column(Column.number("b_cpu_ns", "B CPU", time))
                .column(Column.number("pairs", "pairs", CellFormat.INTEGER))
                .column(Column.text("verdict", "its own verdict"))
                .column(Column.text("machine", "machine"))
                .column(Column.number("elapsed_ns", "elapsed", CellFormat.NANOS))
                .column(Column.footnote("left_out_reason", "left out"));
        for (ForkRun fork : result.forkRuns()) {
            perFork.row((long) fork.number(), fork.counted(), fork.wallRatio(), fork.threadCpuRatio(), fork.wallNanosA(),
                    fork.wallNanosB(), fork.threadCpuNanosA(), fork.threadCpuNanosB(), (long) fork.pairs(),
                    fork.verdict().label(), fork.machine(), (double) fork.elapsed().toNanos(), fork.leftOutReason());
        }
        return perFork.build();
    }
}
