package dev.counters.cli;

import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.Column;
import dev.counters.cli.report.Report;
import dev.counters.cli.report.Table;
import dev.counters.measure.Compare;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What the two reports of {@code counters compare} share (in this JVM: {@link CompareReport};
 * across JVMs: {@link ForkedCompareReport}): what was asked, written as the parameters, and the
 * top of the report, the verdict, in the same members and order in both.
 */
final class CompareReports {
    private CompareReports() {}

    /**
     * What the user asked for, as the reports show it.
     *
     * @param time how times print in the table format
     * @param unit {@code --unit} if given, else null: each time then prints in the unit that suits it
     */
    record Asked(String nameA, String nameB, Compare.Order order, Compare.JudgedBy by, Duration budget, double target,
            double confidence, double margin, int minPairs, Duration warmUp, boolean everyPair, CellFormat time,
            TimeUnit unit) {}

    /** The report's title and parameters. */
    static Report.Builder parameters(Asked asked) {
        return Report.builder("compare", "B = " + asked.nameB() + " against A = " + asked.nameA() + ", on "
                        + Platform.describe())
                .parameter("task_a", asked.nameA())
                .parameter("task_b", asked.nameB())
                .parameter("order", asked.order().name().toLowerCase(Locale.ROOT))
                .parameter("by", asked.by().name().toLowerCase(Locale.ROOT))
                .parameter("budget_ms", asked.budget().toMillis())
                .parameter("target", asked.target())
                .parameter("confidence", asked.confidence())
                .parameter("margin", asked.margin())
                .parameter("min_pairs", (long) asked.minPairs())
                .parameter("warm_up_ms", asked.warmUp().toMillis());
    }

    /**
     * The top of every compare report, in JSON's order: {@code verdict}, {@code ratio},
     * {@code ratio_low}, {@code ratio_high}, {@code decided_by}, {@code reason}, {@code machine},
     * {@code scope} (which JVMs the answer speaks for).
     */
    static Table.Builder verdictTable(String title) {
        CellFormat ratio = CellFormat.decimal(4);
        return Table.builder("verdict", title)
                .column(Column.text("verdict", "verdict"))
                .column(Column.number("ratio", "B/A", ratio))
                .column(Column.number("ratio_low", "low", ratio))
                .column(Column.number("ratio_high", "high", ratio))
                .column(Column.text("decided_by", "decided by"))
                .column(Column.text("reason", "reason"))
                .column(Column.text("machine", "machine"))
                .column(Column.text("scope", "speaks for"));
    }
}
