package dev.counters.cli.report;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import dev.counters.TimeUnits;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.io.OutputStream;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Per-run times as lines over the run number: one panel per measure (wall time, thread CPU time),
 * one series per way of measuring (unprepared and prepared, alone and under load), so that a spread
 * or a drift shows at a glance. Series differ in colour, line pattern and marker shape, so that two
 * that coincide still both show; the panels share the run axis and one legend.
 *
 * <p>Drawn with JFreeChart. SVG is written with VectorGraphics2D, which keeps every label as a
 * real {@code <text>} element that can be searched and copied; PNG with the JDK's image encoder.
 */
public final class RunChart {
    static final int WIDTH = 960;
    static final int HEIGHT = 640;
    static final Paint[] COLOURS = {
        new Color(0x1f, 0x77, 0xb4), new Color(0xd6, 0x27, 0x28), new Color(0x2c, 0xa0, 0x2c), new Color(0x94, 0x67, 0xbd),
    };
    private static final Stroke[] LINES = {
        new BasicStroke(3.5f),
        new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 5f}, 0f),
        new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {2f, 4f}, 0f),
        new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {10f, 4f, 2f, 4f}, 0f),
    };
    private static final Shape[] MARKERS = {
        new Ellipse2D.Double(-4.5, -4.5, 9, 9), new Rectangle2D.Double(-5, -5, 10, 10), triangle(), diamond(),
    };

    private final String title;
    private final TimeUnit unit;
    private final Map<String, Map<String, double[]>> panels = new LinkedHashMap<>();
    private boolean zoomed;

    private RunChart(String title, TimeUnit unit) {
        this.title = requireNonNull(title, "title");
        this.unit = requireNonNull(unit, "unit");
    }

    /** A chart titled {@code title} whose y axes show times in {@code unit}. */
    public static RunChart of(String title, TimeUnit unit) {
        return new RunChart(title, unit);
    }

    /**
     * Lets each panel's time axis span only its data instead of starting at 0, so that a spread of
     * a few per cent fills the panel; the axis label says so.
     */
    public RunChart zoomed() {
        zoomed = true;
        return this;
    }

    /** Starts a panel for {@code measure}, e.g. {@code "wall time"}; the series that follow go into it. */
    public RunChart panel(String measure) {
        checkArgument(!panels.containsKey(measure), "panel %s is there already", measure);
        panels.put(measure, new LinkedHashMap<>());
        return this;
    }

    /** Adds a series to the last panel: the time of run 1, 2, ... in nanoseconds. */
    public RunChart series(String name, long[] nanosPerRun) {
        return series(name, Arrays.stream(nanosPerRun).asDoubleStream().toArray());
    }

    /** Adds a series to the last panel: the time of run 1, 2, ... in nanoseconds. */
    public RunChart series(String name, double[] nanosPerRun) {
        checkState(!panels.isEmpty(), "start a panel before adding series");
        checkArgument(nanosPerRun.length > 0, "series %s has no runs", name);
        List<Map<String, double[]>> all = new ArrayList<>(panels.values());
        Map<String, double[]> last = all.get(all.size() - 1);
        checkArgument(last.size() < MARKERS.length, "a panel holds at most %s series", MARKERS.length);
        last.put(name, nanosPerRun.clone());
        return this;
    }

    /**
     * Draws the chart into {@code file}, which replaces an earlier chart only once it is complete
     * (see {@link ChartFile#write}); its folder must exist.
     *
     * @throws IOException if the file cannot be written
     * @throws IllegalStateException if the panels do not all hold the same series, in one order
     */
    public void write(ChartFile file) throws IOException {
        FontCache.keepOutOfHome();
        JFreeChart chart = build();
        file.write(out -> {
            if (file.format() == ChartFile.Format.SVG) {
                writeSvg(chart, out);
            } else {
                ChartUtils.writeChartAsPNG(out, chart, WIDTH, HEIGHT);
            }
        });
    }

    static void writeSvg(JFreeChart chart, OutputStream out) throws IOException {
        VectorGraphics2D graphics = new VectorGraphics2D();
        chart.draw(graphics, new Rectangle(WIDTH, HEIGHT));
        new SVGProcessor().getDocument(graphics.getCommands(), new PageSize(0, 0, WIDTH, HEIGHT)).writeTo(out);
    }

    private JFreeChart build() {
        checkState(!panels.isEmpty(), "a chart needs a panel");
        // Rotated labels (the time axes) as text too, not as glyph outlines.
        TextUtils.setUseDrawRotatedStringWorkaround(false);
        List<String> names = List.copyOf(panels.values().iterator().next().keySet());
        NumberAxis runs = new NumberAxis("run");
        runs.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        runs.setAutoRangeIncludesZero(false);
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(runs);
        plot.setGap(12);
        for (Map.Entry<String, Map<String, double[]>> panel : panels.entrySet()) {
            checkState(List.copyOf(panel.getValue().keySet()).equals(names),
                    "panel %s has series %s; every panel needs %s, for one legend", panel.getKey(),
                    panel.getValue().keySet(), names);
            plot.add(panel(panel.getKey(), panel.getValue()));
        }
        plot.setFixedLegendItems(plot.getSubplots().get(0).getLegendItems());
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, false);
        LegendTitle legend = new LegendTitle(plot);
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setFrame(BlockBorder.NONE);
        legend.setItemFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        legend.setItemLabelPadding(new RectangleInsets(2, 4, 2, 18));
        chart.addLegend(legend);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setPadding(new RectangleInsets(8, 8, 4, 12));
        return chart;
    }

    private XYPlot panel(String measure, Map<String, double[]> series) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (Map.Entry<String, double[]> entry : series.entrySet()) {
            XYSeries line = new XYSeries(entry.getKey(), false, true);
            double[] nanos = entry.getValue();
            for (int run = 0; run < nanos.length; run++) {
                line.add(run + 1, HumanNumbers.inUnit(nanos[run], unit));
            }
            data.addSeries(line);
        }
        NumberAxis time = new NumberAxis(measure + " (" + TimeUnits.shortName(unit)
                + (zoomed ? ", zoomed: not from 0)" : ")"));
        time.setAutoRangeIncludesZero(!zoomed);
        time.setNumberFormatOverride(new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        // Runs that all took the same time still get an axis a person can read: at least 1% of the value.
        double largest = series.values().stream().flatMapToDouble(Arrays::stream).max().orElse(0);
        time.setAutoRangeMinimumSize(Math.max(1e-9, 0.01 * HumanNumbers.inUnit(largest, unit)));
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < series.size(); i++) {
            renderer.setSeriesPaint(i, COLOURS[i]);
            renderer.setSeriesStroke(i, LINES[i]);
            renderer.setSeriesShape(i, MARKERS[i]);
            renderer.setSeriesShapesFilled(i, i % 2 == 0);
        }
        renderer.setUseOutlinePaint(false);
        renderer.setDrawOutlines(true);
        XYPlot plot = new XYPlot(data, null, time, renderer);
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD); // thin patterned lines over the thick first one
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return plot;
    }

    private static Shape triangle() {
        Path2D.Double triangle = new Path2D.Double();
        triangle.moveTo(0, -5);
        triangle.lineTo(5, 4);
        triangle.lineTo(-5, 4);
        triangle.closePath();
        return triangle;
    }

    private static Shape diamond() {
        Path2D.Double diamond = new Path2D.Double();
        diamond.moveTo(0, -5);
        diamond.lineTo(5, 0);
        diamond.lineTo(0, 5);
        diamond.lineTo(-5, 0);
        diamond.closePath();
        return diamond;
    }
}
