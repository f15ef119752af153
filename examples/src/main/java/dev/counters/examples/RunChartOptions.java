package dev.counters.examples;

import dev.counters.examples.report.ChartFile;
import dev.counters.examples.report.RunChart;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Option;

/** The options of the subcommands that time runs: the unit of their figures, and an optional per-run chart. */
final class RunChartOptions {
    @Option(names = "--unit", paramLabel = "UNIT", defaultValue = "ms",
            converter = OptionConverters.UnitConverter.class,
            description = "Unit of the table and chart: s, ms, us, ns (default: ${DEFAULT-VALUE}). "
                    + "CSV and JSON always carry nanoseconds.")
    TimeUnit unit;

    @Option(names = "--chart", paramLabel = "FILE", converter = OptionConverters.ChartFileConverter.class,
            description = "Also draw the per-run times into FILE (.svg or .png).")
    ChartFile chart;

    /** Draws the runs {@code series} adds into the {@code --chart} file, if one was asked for. */
    void drawIfAsked(String title, Progress progress, UnaryOperator<RunChart> series) {
        if (chart == null) {
            return;
        }
        try {
            series.apply(RunChart.of(title, unit)).write(chart);
        } catch (IOException e) {
            throw new UserInputException("cannot write the chart to " + chart + ": " + e, e);
        }
        progress.step("chart written to " + chart);
    }
}
