package dev.counters.cli;

import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.Column;
import dev.counters.cli.report.Report;
import dev.counters.cli.report.Table;
import dev.counters.measure.Conclusion;
import dev.counters.measure.CompareResult;
import java.util.Locale;

/**
 * The report of a {@code counters compare} across fresh JVMs: the verdict over the JVMs, and each
 * JVM's own figures below it.
 */
final class ForkedCompareReport {
    private ForkedCompareReport() {}

    static Report of(CompareResult result, CompareReports.Asked asked) {
        CellFormat ratio = CellFormat.decimal(4);
        Conclusion conclusion = result.conclusion();
        Report.Builder report = CompareReports.parameters(asked);
        report.headline("Verdict: " + result.verdict().label().toUpperCase(Locale.ROOT) + ". " + conclusion.reason()
                        + ". Machine: " + result.machine() + ".",
                CompareReports.verdictTable("The overall verdict, over fresh JVMs")
                        .column(Column.number("forks", "JVMs", CellFormat.INTEGER))
                        .column(Column.number("confidence", "confidence", CellFormat.percent(3)))
                        .column(Column.text("stopped_by", "stopped by"))
                        .row(result.verdict().label(), conclusion.ratio(), conclusion.low(), conclusion.high(),
                                conclusion.clock(), conclusion.reason(), result.machine(), "any JVM", (long) result.jvms(),
                                conclusion.confidence(), result.stoppedBy().label())
                        .build());
        Table.Builder perFork = Table.builder("jvms", "Each JVM's median ratios and its own verdict (never final alone)")
                .column(Column.number("fork", "JVM", CellFormat.INTEGER))
                .column(Column.number("wall_ratio", "wall B/A", ratio))
                .column(Column.number("cpu_ratio", "thread CPU B/A", ratio))
                .column(Column.text("verdict", "its own verdict"));
        double[] wall = result.jvmWallRatios();
        double[] cpu = result.jvmThreadCpuRatios();
        for (int i = 0; i < wall.length; i++) {
            perFork.row((long) i + 1, wall[i], cpu[i], result.jvmVerdicts().get(i).label());
        }
        report.table(perFork.build());
        report.note("The interval is Student's t over the logarithms of the forks' median ratios (each fork one sample, "
                + "as Kalibera and Jones advise), read at the confidence each look of the stopping rule uses: the asked "
                + String.format(Locale.ROOT, "%.0f%%", 100 * asked.confidence()) + "'s miss rate spent over the planned "
                + "looks, 80% of it by the first, so that stopping early keeps it. A JVM that said too_few had too few pairs "
                + "for the confidence and is not counted.");
        return report.build();
    }
}
