package dev.counters.cli;

import dev.counters.TimeUnits;
import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.ChartFile;
import dev.counters.cli.report.RunChart;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options of the subcommands that time runs: the unit of their figures, and an optional
 * chart of the runs. The chart's path is checked before anything is measured ({@link #checkChart}) and
 * drawn after the report is printed ({@link #drawIfAsked}), so a chart that cannot be written
 * never costs the measurement.
 */
final class RunChartOptions {
    @Option(names = "--unit", paramLabel = "UNIT", defaultValue = "ms",
            converter = OptionConverters.UnitConverter.class,
            description = "Unit of the table and chart: s, ms, us, ns (default: ${DEFAULT-VALUE}). "
                    + "CSV and JSON always carry nanoseconds.")
    TimeUnit unit;

    @Option(names = "--chart", paramLabel = "FILE", converter = OptionConverters.ChartFileConverter.class,
            description = "Also draw the runs into FILE (.svg or .png), in an existing folder: each run's time "
                    + "(compare: each pair's ratio B/A); "
                    + "it is checked before measuring and written after the report.")
    ChartFile chart;

    /** The cells of a time in nanoseconds, shown in {@code --unit}. */
    CellFormat timeFormat() {
        return CellFormat.nanosIn(unit);
    }

    /** {@code --unit}'s short name, for table titles: {@code "ms"}. */
    String unitName() {
        return TimeUnits.shortName(unit);
    }

    /**
     * Checks that the {@code --chart} file, if any, can be written.
     *
     * @throws ParameterException if the path is wrong (a missing folder, a folder): exit 2
     * @throws UncheckedIOException if the folder refuses a file: exit 1
     */
    void checkChart(CommandSpec spec) {
        if (chart == null) {
            return;
        }
        try {
            chart.checkWritable();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--chart: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("--chart " + chart + " cannot be written, so nothing was measured", e);
        }
    }

    /**
     * Draws the runs {@code series} adds into the {@code --chart} file, if one was asked for.
     *
     * @throws UncheckedIOException if the chart could not be written (exit 1); the report is already out
     */
    void drawIfAsked(String title, Progress progress, UnaryOperator<RunChart> series) {
        if (chart == null) {
            return;
        }
        try {
            series.apply(RunChart.of(title, unit)).write(chart);
        } catch (IOException e) {
            throw new UncheckedIOException("the report is complete, but the chart could not be written to " + chart, e);
        }
        progress.step("chart written to " + chart);
    }
}
