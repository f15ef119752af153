package dev.counters.cli.report;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The ratio B/A of every pair of a comparison, in the order the pairs ran, one panel per clock,
 * with the median ratio (a solid line), its confidence interval (a shaded band) and 1, "no
 * difference" (a dashed line), so that a drift, an outlier or a verdict shows at a glance. Pairs
 * set aside (preempted, left out of the median and interval) are grey crosses, apart from the
 * pairs that count. The median and interval are written in the panel's axis label, never in a box
 * over the data. Written like {@link RunChart}: SVG through VectorGraphics2D, PNG through the JDK's
 * encoder.
 */
public final class RatioChart {
    private final String title;
    private final List<Panel> panels = new ArrayList<>();

    private record Panel(String name, double[] ratios, boolean[] setAside, double median, double low, double high) {}

    private RatioChart(String title) {
        this.title = requireNonNull(title, "title");
    }

    /** A chart titled {@code title}. */
    public static RatioChart of(String title) {
        return new RatioChart(title);
    }

    /**
     * Adds a panel {@code name} (e.g. {@code "wall B/A"}) of per-pair ratios, of which those flagged
     * in {@code setAside} were left out of the {@code median} and its interval.
     */
    public RatioChart panel(String name, double[] ratios, boolean[] setAside, double median, double low, double high) {
        checkArgument(ratios.length > 0, "panel %s has no pairs", name);
        checkArgument(setAside.length == ratios.length, "panel %s has %s set-aside flags for %s pairs", name, setAside.length,
                ratios.length);
        checkArgument(low <= median && median <= high, "the median %s is outside its interval [%s, %s]", median, low, high);
        panels.add(new Panel(requireNonNull(name, "name"), ratios.clone(), setAside.clone(), median, low, high));
        return this;
    }

    /** Draws the chart into {@code file}; see {@link ChartFile#write}. */
    public void write(ChartFile file) throws IOException {
        FontCache.keepOutOfHome();
        JFreeChart chart = build();
        file.write(out -> {
            if (file.format() == ChartFile.Format.SVG) {
                RunChart.writeSvg(chart, out);
            } else {
                ChartUtils.writeChartAsPNG(out, chart, RunChart.WIDTH, RunChart.HEIGHT);
            }
        });
    }

    /** The chart as drawn (tests read its plots). */
    JFreeChart build() {
        checkState(!panels.isEmpty(), "a chart needs a panel");
        TextUtils.setUseDrawRotatedStringWorkaround(false);
        NumberAxis pairs = new NumberAxis("pair");
        pairs.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        pairs.setAutoRangeIncludesZero(false);
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(pairs);
        plot.setGap(12);
        for (int i = 0; i < panels.size(); i++) {
            plot.add(plot(panels.get(i), (Color) RunChart.COLOURS[i % RunChart.COLOURS.length]));
        }
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setPadding(new RectangleInsets(8, 8, 4, 12));
        return chart;
    }

    private static XYPlot plot(Panel panel, Color colour) {
        XYSeries points = new XYSeries(panel.name(), false, true);
        XYSeries setAside = new XYSeries(panel.name() + ", preempted, set aside", false, true);
        for (int i = 0; i < panel.ratios().length; i++) {
            (panel.setAside()[i] ? setAside : points).add(i + 1, panel.ratios()[i]);
        }
        NumberAxis ratio = new NumberAxis(String.format(Locale.ROOT, "%s: median %.4f, interval %.4f-%.4f", panel.name(),
                panel.median(), panel.low(), panel.high()));
        ratio.setAutoRangeIncludesZero(false);
        ratio.setNumberFormatOverride(new DecimalFormat("0.000", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        ratio.setAutoRangeMinimumSize(0.01);
        XYSeriesCollection series = new XYSeriesCollection(points);
        series.addSeries(setAside);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
        renderer.setSeriesPaint(0, new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 110));
        renderer.setSeriesShape(0, new Ellipse2D.Double(-2, -2, 4, 4));
        renderer.setSeriesPaint(1, new Color(0x80, 0x80, 0x80, 150));
        renderer.setSeriesShape(1, ShapeUtils.createDiagonalCross(2.5f, 0.4f));
        XYPlot plot = new XYPlot(series, null, ratio, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        IntervalMarker band = new IntervalMarker(panel.low(), panel.high(), new Color(0xff, 0xb0, 0x00, 70));
        plot.addRangeMarker(band, Layer.BACKGROUND);
        ValueMarker median = new ValueMarker(panel.median(), Color.BLACK, new BasicStroke(2f));
        plot.addRangeMarker(median, Layer.FOREGROUND);
        ValueMarker one = new ValueMarker(1, Color.GRAY, new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
                10f, new float[] {6f, 4f}, 0f));
        plot.addRangeMarker(one, Layer.FOREGROUND);
        return plot;
    }
}
