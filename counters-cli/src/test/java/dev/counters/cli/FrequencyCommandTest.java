package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FrequencyCommandTest {

    @Test
    void jsonEstimateLiesAmongItsSamples() {
        Cli.Result result = Cli.run("frequency", "--interval", "5ms", "--repeats", "5", "--format", "json", "-q");
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        JsonNode estimate = json.get("estimate").get(0);
        JsonNode samples = json.get("samples");
        assertEquals(5, samples.size());
        assertEquals(5, estimate.get("samples").asInt());
        double min = Double.MAX_VALUE;
        double max = 0;
        for (JsonNode sample : samples) {
            min = Math.min(min, sample.get("hz").asDouble());
            max = Math.max(max, sample.get("hz").asDouble());
        }
        double hz = estimate.get("hz").asDouble();
        assertTrue(min > 0 && min <= hz && hz <= max, estimate.toString());
        assertEquals((max - min) / estimate.get("median_hz").asDouble(), estimate.get("spread").asDouble(), 0.0000006,
                "to the spread's six decimals (0.0001 %), the table's precision");
        assertEquals(5_000_000, estimate.get("interval_ns").asLong());
    }

    @Test
    void tableAndCsv() {
        Cli.Result table = Cli.run("frequency", "--interval", "5ms", "--repeats", "3");
        assertEquals(0, table.exitCode(), table.toString());
        assertTrue(table.out().contains("MHz") && table.out().contains("Every sample"), table.out());
        assertTrue(table.err().contains("sampling 3 intervals"), table.err());

        Cli.Result csv = Cli.run("frequency", "--interval", "5ms", "--repeats", "3", "--format", "csv", "-q");
        Map<String, List<Map<String, String>>> sections = csv.csvSections();
        assertEquals(List.of("estimate", "samples"), List.copyOf(sections.keySet()));
        assertTrue(Double.parseDouble(sections.get("estimate").get(0).get("hz")) > 0, csv.out());
        assertEquals(3, sections.get("samples").size());
    }
}
