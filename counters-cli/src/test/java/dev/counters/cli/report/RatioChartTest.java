package dev.counters.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

class RatioChartTest {
    @Test
    void setAsidePairsAreASeriesOfTheirOwnAndNoLabelCoversTheData() {
        double[] ratios = {1.01, 1.40, 1.02, 1.00, 1.90};
        boolean[] setAside = {false, true, false, false, true};
        CombinedDomainXYPlot combined = (CombinedDomainXYPlot) RatioChart.of("B/A")
                .panel("wall B/A", ratios, setAside, 1.01, 1.00, 1.02).build().getPlot();
        XYPlot plot = (XYPlot) combined.getSubplots().get(0);
        XYSeriesCollection series = (XYSeriesCollection) plot.getDataset();
        assertEquals(2, series.getSeriesCount());
        assertEquals(3, series.getSeries(0).getItemCount(), "the pairs that count");
        assertEquals(2, series.getSeries(1).getItemCount(), "the preempted pairs, set aside");
        assertEquals(1.40, series.getSeries(1).getY(0).doubleValue());
        assertTrue(plot.getRangeAxis().getLabel().contains("median 1.0100, interval 1.0000-1.0200"),
                plot.getRangeAxis().getLabel());
        for (Layer layer : new Layer[] {Layer.FOREGROUND, Layer.BACKGROUND}) {
            Collection<?> markers = plot.getRangeMarkers(layer);
            for (Object marker : markers) {
                assertNull(((Marker) marker).getLabel(), "a label box over the data points");
            }
        }
    }
}
