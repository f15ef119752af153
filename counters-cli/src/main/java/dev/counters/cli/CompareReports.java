package dev.counters.cli;

import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.Column;
import dev.counters.cli.report.HumanNumbers;
import dev.counters.cli.report.Report;
import dev.counters.cli.report.Table;
import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult;
import dev.counters.measure.CompareTerms;
import dev.counters.measure.Verdict;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
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

    /**
     * Adds the answer's figures to the verdict table, after its other columns: the sentence,
     * the time per run of A and of B, the largest difference the interval rules out, the budget
     * that would decide.
     */
    static Table.Builder answer(Table.Builder verdict, CompareResult result) {
        return verdict.column(Column.text("summary", "summary"))
                .column(Column.number("a_ns_per_run", "A per run", CellFormat.NANOS))
                .column(Column.number("b_ns_per_run", "B per run", CellFormat.NANOS))
                .column(Column.number("difference_ruled_out", "no difference above", CellFormat.decimal(4)))
                .column(Column.number("budget_to_decide_ms", "budget that would decide", CellFormat.INTEGER));
    }

    /** The budget that would decide, in milliseconds, or null when decided or when no budget would. */
    static Long budgetToDecideMillis(CompareResult result) {
        return result.budgetToDecide().map(Duration::toMillis).orElse(null);
    }

    /**
     * The lines a person reads after the verdict's sentence: the time per run of A and of B, the
     * largest difference the interval rules out (for every verdict that is not slower or faster),
     * the machine's state, and the budget that would decide.
     *
     * @param over how the times were taken, e.g. {@code "median over the 5 JVMs counted"}
     */
    static void leads(Report.Builder report, CompareResult result, String over, String machine) {
        double a = result.nanosPerRunA();
        double b = result.nanosPerRunB();
        report.lead(Double.isFinite(a) && Double.isFinite(b)
                ? "Time per run: A " + HumanNumbers.nanos(a) + ", B " + HumanNumbers.nanos(b) + " (" + over
                        + ", on the clock the verdict rests on)."
                : "Time per run: not measured.");
        boolean decisive = result.verdict() == Verdict.SLOWER || result.verdict() == Verdict.FASTER;
        double ruledOut = result.differenceRuledOut();
        if (!decisive && Double.isFinite(ruledOut)
                && !result.summary().toLowerCase(Locale.ROOT).contains("no difference above")) {
            report.lead(String.format(Locale.ROOT, "No difference above %s%% either way.", percent(ruledOut)));
        }
        // The noise report's first clause says why a machine is loaded; the notes hold the rest.
        int clause = machine.indexOf(';');
        report.lead("Machine: " + (clause < 0 ? machine : machine.substring(0, clause)).replaceAll("\\.$", "") + ".");
        if (result.stoppedBy() == CompareTerms.StopReason.INTERRUPTED) {
            report.lead("Ended early by --timeout or a signal, not by the budget: the figures are what was measured before.");
        } else {
            result.budgetToDecide().ifPresent(budget -> report.lead("To decide, run again with --budget "
                    + Math.max(1, (budget.toMillis() + 999) / 1000) + "s (from what was measured)."));
        }
    }

    /** {@code 2.6} for a share of 0.026: a percentage to two significant digits, at least one decimal below 10%. */
    private static String percent(double share) {
        return new BigDecimal(100 * share).round(new MathContext(2, RoundingMode.UP)).stripTrailingZeros().toPlainString();
    }
}
