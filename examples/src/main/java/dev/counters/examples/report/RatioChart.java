package dev.counters.examples.report;

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
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The ratio B/A of every pair of a comparison, in the order the pairs ran, one panel per clock,
 * with the median ratio (a solid line), its confidence interval (a shaded band) and 1, "no
 * difference" (a dashed line), so that a drift, an outlier or a verdict shows at a glance. Written
 * like {@link RunChart}: SVG through VectorGraphics2D, PNG through the JDK's encoder.
 */
public final class RatioChart {
    private final String title;
    private final List<Panel> panels = new ArrayList<>();

    private record Panel(String name, double[] ratios, double median, double low, double high) {}

    private RatioChart(String title) {
        this.title = requireNonNull(title, "title");
    }

    /** A chart titled {@code title}. */
    public static RatioChart of(String title) {
        return new RatioChart(title);
    }

    /** Adds a panel {@code name} (e.g. {@code "wall B/A"}) of per-pair ratios with their median and interval. */
    public RatioChart panel(String name, double[] ratios, double median, double low, double high) {
        checkArgument(ratios.length > 0, "panel %s has no pairs", name);
        checkArgument(low <= median && median <= high, "the median %s is outside its interval [%s, %s]", median, low, high);
        panels.add(new Panel(requireNonNull(name, "name"), ratios.clone(), median, low, high));
        return this;
    }

    /** Draws the chart into {@code file}; see {@link ChartFile#write}. */
    public void write(ChartFile file) throws IOException {
        JFreeChart chart = build();
        file.write(out -> {
            if (file.format() == ChartFile.Format.SVG) {
                RunChart.writeSvg(chart, out);
            } else {
                ChartUtils.writeChartAsPNG(out, chart, RunChart.WIDTH, RunChart.HEIGHT);
            }
        });
    }

    private JFreeChart build() {
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
        for (int i = 0; i < panel.ratios().length; i++) {
            points.add(i + 1, panel.ratios()[i]);
        }
        NumberAxis ratio = new NumberAxis(panel.name());
        ratio.setAutoRangeIncludesZero(false);
        ratio.setNumberFormatOverride(new DecimalFormat("0.000", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        ratio.setAutoRangeMinimumSize(0.01);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
        renderer.setSeriesPaint(0, new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 110));
        renderer.setSeriesShape(0, new Ellipse2D.Double(-2, -2, 4, 4));
        XYPlot plot = new XYPlot(new XYSeriesCollection(points), null, ratio, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        IntervalMarker band = new IntervalMarker(panel.low(), panel.high(), new Color(0xff, 0xb0, 0x00, 70));
        band.setLabel(String.format(Locale.ROOT, "interval %.4f to %.4f", panel.low(), panel.high()));
        band.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        band.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
        band.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        plot.addRangeMarker(band, Layer.BACKGROUND);
        ValueMarker median = new ValueMarker(panel.median(), Color.BLACK, new BasicStroke(2f));
        median.setLabel(String.format(Locale.ROOT, "median %.4f", panel.median()));
        median.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        median.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
        median.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
        plot.addRangeMarker(median, Layer.FOREGROUND);
        ValueMarker one = new ValueMarker(1, Color.GRAY, new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
                10f, new float[] {6f, 4f}, 0f));
        plot.addRangeMarker(one, Layer.FOREGROUND);
        return plot;
    }
}
