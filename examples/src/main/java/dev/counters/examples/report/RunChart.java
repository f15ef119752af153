package dev.counters.examples.report;

import static com.google.common.base.Preconditions.checkArgument;

import dev.counters.TimeUnits;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Per-run times as lines over the run number, the way the seeds list them run by run: one
 * series per way of measuring (unprepared and prepared, alone and under load), so a spread or a
 * drift shows at a glance. Drawn with XChart; written as SVG or PNG by {@link ChartFile}.
 */
public final class RunChart {
    private static final int WIDTH = 960;
    private static final int HEIGHT = 540;

    private final String title;
    private final TimeUnit unit;
    private final Map<String, double[]> series = new LinkedHashMap<>();

    private RunChart(String title, TimeUnit unit) {
        this.title = title;
        this.unit = unit;
    }

    /** A chart titled {@code title} whose y axis shows times in {@code unit}. */
    public static RunChart of(String title, TimeUnit unit) {
        return new RunChart(title, unit);
    }

    /** Adds a series: the time of run 1, 2, ... in nanoseconds. */
    public RunChart series(String name, long[] nanosPerRun) {
        return series(name, Arrays.stream(nanosPerRun).asDoubleStream().toArray());
    }

    /** Adds a series: the time of run 1, 2, ... in nanoseconds. */
    public RunChart series(String name, double[] nanosPerRun) {
        checkArgument(nanosPerRun.length > 0, "series %s has no runs", name);
        series.put(name, nanosPerRun.clone());
        return this;
    }

    /**
     * Draws the chart into {@code file}, which replaces an earlier chart only once it is complete
     * (see {@link ChartFile#write}); its folder must exist.
     *
     * @throws IOException if the file cannot be written
     */
    public void write(ChartFile file) throws IOException {
        XYChart chart = build();
        file.write(out -> {
            if (file.format() == ChartFile.Format.SVG) {
                VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            } else {
                BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
            }
        });
    }

    private XYChart build() {
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(title)
                .xAxisTitle("run")
                .yAxisTitle("time (" + TimeUnits.shortName(unit) + ")")
                .build();
        XYStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Horizontal);
        styler.setYAxisMin(0.0);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setMarkerSize(6);
        styler.setXAxisDecimalPattern("#");
        styler.setYAxisDecimalPattern("#,##0.###");
        for (Map.Entry<String, double[]> entry : series.entrySet()) {
            double[] nanos = entry.getValue();
            double[] runs = new double[nanos.length];
            double[] times = new double[nanos.length];
            for (int i = 0; i < nanos.length; i++) {
                runs[i] = i + 1;
                times[i] = HumanNumbers.inUnit(nanos[i], unit);
            }
            XYSeries line = chart.addSeries(entry.getKey(), runs, times);
            line.setMarker(SeriesMarkers.CIRCLE);
            line.setLineStyle(new BasicStroke(1.5f));
        }
        return chart;
    }
}
