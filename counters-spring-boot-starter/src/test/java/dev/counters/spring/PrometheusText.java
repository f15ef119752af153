package dev.counters.spring;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Samples of Prometheus's text format, by series (name and labels as written), and sums over them. */
final class PrometheusText {
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\\{[^}]*\\})?) (\\S+)$");

    private PrometheusText() {}

    static Map<String, Double> parse(String text) {
        Map<String, Double> samples = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            Matcher sample = SAMPLE.matcher(line.trim());
            if (!line.startsWith("#") && sample.matches()) {
                samples.put(sample.group(1), Double.parseDouble(sample.group(2)));
            }
        }
        return samples;
    }

    /** The sum of every series of {@code name} whose labels contain each of {@code labels} (as {@code key="value"}). */
    static double sum(Map<String, Double> samples, String name, String... labels) {
        double sum = 0;
        for (Map.Entry<String, Double> sample : samples.entrySet()) {
            String series = sample.getKey();
            if (series.equals(name) || series.startsWith(name + "{")) {
                boolean all = true;
                for (String label : labels) {
                    all &= series.contains(label);
                }
                if (all) {
                    sum += sample.getValue();
                }
            }
        }
        return sum;
    }

    /** Whether any series of {@code name} exists. */
    static boolean has(Map<String, Double> samples, String name) {
        return samples.keySet().stream().anyMatch(series -> series.equals(name) || series.startsWith(name + "{"));
    }
}
