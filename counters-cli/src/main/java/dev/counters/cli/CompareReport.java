package dev.counters.cli;

import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.Column;
import dev.counters.cli.report.Report;
import dev.counters.cli.report.Table;
import dev.counters.measure.Compare;
import dev.counters.measure.ClockComparison;
import dev.counters.measure.Conclusion;
import dev.counters.measure.CompareResult;
import java.util.Locale;

/**
 * The report of a {@code counters compare} in this JVM ({@code --forks 0}): the verdict, B/A per
 * clock, how the comparison ran and stopped, the machine's noise, and with {@code --every-pair}
 * every pair.
 */
final class CompareReport {
    static final String CI_NOTE = "The interval is the distribution-free confidence interval of the median ratio from "
            + "order statistics (the binomial distribution of how many ratios fall below the true median): exact for "
            + "independent pairs, no resampling, and one preempted run moves it by at most one rank.";

    private CompareReport() {}

    static Report of(CompareResult result, CompareReports.Asked asked) {
        Report.Builder report = CompareReports.parameters(asked);
        Conclusion conclusion = result.conclusion();
        CellFormat ratio = CellFormat.decimal(4);
        report.headline(result.summary(), CompareReports.answer(CompareReports.verdictTable("The overall verdict"), result)
                .row(conclusion.verdict().label(), conclusion.ratio(), conclusion.low(), conclusion.high(),
                        conclusion.decidedBy().clock(), conclusion.reason(), result.noise().machine(), "this JVM",
                        result.summary(), result.nanosPerRunA(), result.nanosPerRunB(), result.differenceRuledOut(),
                        CompareReports.budgetToDecideMillis(result))
                .build());
        CompareReports.leads(report, result, "median of this JVM's runs", result.noise().summary());
        CellFormat time = asked.time();
        Table.Builder clocks = Table.builder("clocks", "B/A per clock: median ratio of the pairs and its confidence interval")
                .column(Column.text("clock", "clock"))
                .column(Column.number("ratio", "B/A", ratio))
                .column(Column.number("ratio_low", "low", ratio))
                .column(Column.number("ratio_high", "high", ratio))
                .column(Column.text("verdict", "verdict"))
                .column(Column.number("pairs", "pairs", CellFormat.INTEGER))
                .column(Column.number("pairs_set_aside", "preempted, set aside", CellFormat.INTEGER))
                .column(Column.number("confidence_achieved", "confidence", CellFormat.percent(2)))
                .column(Column.number("half_width", "± of median", CellFormat.percent(2)))
                .column(Column.number("a_median_ns", "A median", time))
                .column(Column.number("b_median_ns", "B median", time));
        for (ClockComparison clock : result.clocks()) {
            clocks.row(clock.clock(), clock.ratio(), clock.interval().low(), clock.interval().high(), clock.verdict().label(),
                    (long) clock.pairs(), (long) clock.pairsSetAside(), clock.interval().achievedConfidence(),
                    clock.interval().relativeHalfWidth(), clock.medianA(), clock.medianB());
        }
        report.table(clocks.build());
        report.table(Table.builder("run", "How the comparison ran")
                .column(Column.text("order", "order"))
                .column(Column.text("stopped_by", "stopped by"))
                .column(Column.number("pairs", "pairs", CellFormat.INTEGER))
                .column(Column.number("invocations_per_run", "invocations per run", CellFormat.INTEGER))
                .column(Column.number("other_threads_a", "A's CPU on other threads", CellFormat.percent(1)))
                .column(Column.number("other_threads_b", "B's CPU on other threads", CellFormat.percent(1)))
                .column(Column.number("collected_runs_a", "A's runs with a GC (kept)", CellFormat.INTEGER))
                .column(Column.number("collected_runs_b", "B's runs with a GC (kept)", CellFormat.INTEGER))
                .column(Column.number("elapsed_ns", "elapsed", CellFormat.NANOS))
                .column(Column.number("overhead_wall_ns", "wall reading cost", CellFormat.NANOS))
                .column(Column.number("overhead_cpu_ns", "CPU reading cost", CellFormat.NANOS))
                .column(Column.footnote("warm_up_a", "warm-up of A"))
                .column(Column.footnote("warm_up_b", "warm-up of B"))
                .row(result.order().name().toLowerCase(Locale.ROOT), result.stoppedBy().label(), (long) result.pairs(),
                        (long) result.invocationsPerRun(), result.otherThreadShareA(), result.otherThreadShareB(),
                        (long) result.collectedRunsA(), (long) result.collectedRunsB(), (double) result.elapsed().toNanos(), result.overhead().wallNanos(), result.overhead().threadCpuNanos(),
                        result.warmUpA().toString(), result.warmUpB().toString())
                .build());
        Table.Builder noise = NoiseTables.builder(asked.unit());
        NoiseTables.row(noise, "pairs", result.noise());
        report.table(noise.build());
        if (!result.preparation().isEmpty()) {
            report.table(MeasureCommand.preparationRows(MeasureCommand.preparationTable("How the duet's two workers were "
                    + "prepared"), result.preparation()).build());
        }
        if (asked.everyPair()) {
            report.table(pairs(result, time));
        }
        for (String warning : result.warnings()) {
            report.note("Warning: " + warning + ".");
        }
        for (ClockComparison clock : result.clocks()) {
            report.note(sentence(clock));
        }
        report.note(switch (result.stoppedBy()) {
            case DECIDED -> String.format(Locale.ROOT, "Stopped when decided: after %d pairs the %.1f%% interval (stricter than "
                    + "the %.0f%% one reported, because it was looked at many times) already decided the verdict.",
                    result.pairs(), 100 * (1 - (1 - asked.confidence()) / 10), 100 * asked.confidence());
            case TARGET -> String.format(Locale.ROOT, "Stopped by the target: the interval the verdict rests on was within "
                    + "±%.2f%% after %d pairs.", 100 * asked.target(), result.pairs());
            case BUDGET -> String.format(Locale.ROOT, "Stopped by the budget (%d ms) after %d pairs, undecided and before the "
                    + "interval was within ±%.2f%%.", asked.budget().toMillis(), result.pairs(), 100 * asked.target());
            case INTERRUPTED -> "Stopped by an interrupt after " + result.pairs() + " pairs.";
            case FORKS -> throw new IllegalStateException("a comparison in this JVM has no forks to run out of");
        });
        report.note("Overhead: " + result.overhead() + "; each run's times are net of it.");
        report.note("Noise: " + result.noise().summary());
        if (asked.order() == Compare.Order.SEQUENTIAL) {
            report.note("Sequential order: all runs of A, then all runs of B; a drift of the machine between the two halves "
                    + "lands on one side only, and the interval does not know it.");
        }
        if (asked.order() == Compare.Order.DUET) {
            report.note("Duet order: in each pair A and B ran at the same time on two worker threads, A on each worker "
                    + "once in every two pairs, which were judged as a couple (the geometric mean of their ratios, in which a "
                    + "difference between the workers' CPUs cancels); --every-pair lists the couples. On a machine without "
                    + "two idle CPUs the "
                    + "workers wait for each other's CPU, and memory-bound tasks slow each other down. The noise report counts "
                    + "the second worker as another runnable thread and its preemptions: with only two CPUs it reads 'loaded' "
                    + "even on an idle machine.");
        }
        report.note(CI_NOTE);
        return report.build();
    }

    private static String sentence(ClockComparison clock) {
        double ratio = clock.ratio();
        String how = switch (clock.verdict()) {
            case SLOWER -> String.format(Locale.ROOT, "B is slower: it takes %.2f%% longer than A", 100 * (ratio - 1));
            case FASTER -> String.format(Locale.ROOT, "B is faster: it takes %.2f%% less time than A", 100 * (1 - ratio));
            case INDISTINGUISHABLE -> "A and B cannot be told apart";
            case TOO_NOISY -> "too noisy to tell";
            case CLOCKS_DISAGREE -> "the clocks disagree";
            case TOO_FEW -> "too few pairs to tell at the confidence asked";
        };
        return String.format(Locale.ROOT, "%s: %s (B/A %.4f, %.2f%% interval %.4f to %.4f, %d pairs%s).", clock.clock(), how,
                ratio, 100 * clock.interval().achievedConfidence(), clock.interval().low(), clock.interval().high(),
                clock.pairs(), clock.pairsSetAside() == 0 ? "" : ", " + clock.pairsSetAside() + " preempted pairs set aside");
    }

    private static Table pairs(CompareResult result, CellFormat time) {
        boolean duet = result.order() == Compare.Order.DUET;
        Table.Builder pairs = duet
                ? Table.builder("pairs", "Every couple of pairs (A on each worker once; each figure the geometric mean "
                        + "of the two), in order").column(Column.number("couple", "couple", CellFormat.INTEGER))
                : Table.builder("pairs", "Every pair, in order").column(Column.number("pair", "pair", CellFormat.INTEGER))
                        .column(Column.text("first", "first"));
        pairs.column(Column.number("a_wall_ns", "A wall", time))
                .column(Column.number("b_wall_ns", "B wall", time))
                .column(Column.number("wall_ratio", "wall B/A", CellFormat.decimal(4)))
                .column(Column.number("a_cpu_ns", "A CPU", time))
                .column(Column.number("b_cpu_ns", "B CPU", time))
                .column(Column.number("cpu_ratio", "CPU B/A", CellFormat.decimal(4)));
        double[] aWall = result.wall().timesA();
        double[] bWall = result.wall().timesB();
        double[] wallRatios = result.wall().ratios();
        double[] aCpu = result.threadCpu().timesA();
        double[] bCpu = result.threadCpu().timesB();
        double[] cpuRatios = result.threadCpu().ratios();
        boolean[] aFirst = result.aRanFirst();
        for (int i = 0; i < wallRatios.length; i++) {
            if (duet) {
                pairs.row((long) i + 1, aWall[i], bWall[i], wallRatios[i], aCpu[i], bCpu[i], cpuRatios[i]);
            } else {
                pairs.row((long) i + 1, aFirst[i] ? "A" : "B", aWall[i], bWall[i], wallRatios[i], aCpu[i], bCpu[i], cpuRatios[i]);
            }
        }
        return pairs.build();
    }
}
