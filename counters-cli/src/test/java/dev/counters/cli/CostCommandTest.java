package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Counters;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CostCommandTest {
    private static final String[] FAST = {"--batches", "3", "--pairs", "2000", "--budget", "50ms"};

    private static String[] args(String... extra) {
        String[] all = new String[1 + FAST.length + extra.length];
        all[0] = "cost";
        System.arraycopy(FAST, 0, all, 1, FAST.length);
        System.arraycopy(extra, 0, all, 1 + FAST.length, extra.length);
        return all;
    }

    @Test
    void tableHasARowPerAvailableKindAndProgressGoesToStandardError() {
        Cli.Result result = Cli.run(args());
        assertEquals(0, result.exitCode(), result.toString());
        for (CounterInfo info : Counters.available()) {
            assertTrue(result.out().lines().anyMatch(l -> l.startsWith(info.kind().name() + " ")),
                    info.kind() + " missing:\n" + result.out());
            assertTrue(result.err().contains(info.kind().name()), result.err());
        }
        assertTrue(result.out().contains("ns/pair") && result.out().contains("resolution"), result.out());
        assertTrue(result.out().contains("Cheapest here:"), result.out());
    }

    @Test
    void printsOnlyWhatWasMeasuredHereAndPointsToThePerformancePageForTheRest() {
        // Issue 23, item 11: the notes carried one old JDK 17 run's JMH figures on every machine.
        Cli.Result result = Cli.run(args("--kind", "PERFORMANCE"));
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.out().contains("docs/PERFORMANCE.md"), result.out());
        assertTrue(result.out().lines().noneMatch(line -> line.contains("JMH") && line.matches(".*\\d+ ns.*")),
                "no figure that was not measured here:\n" + result.out());
        assertTrue(result.out().lines().filter(line -> line.startsWith("* ")).noneMatch(line -> line.contains("HIGH_PERFORMANCE")),
                "the notes name no kind that was not measured:\n" + result.out());
    }

    @Test
    void csvAndJsonGiveEachCostToTheTenthOfANanosecondAsTheTableDoes() {
        // Issue 23, item 15: the CSV printed 99.67338743301544 where the table showed 99.7.
        java.util.regex.Pattern tenth = java.util.regex.Pattern.compile("\\d+(\\.\\d)?");
        Cli.Result csv = Cli.run(args("--kind", "PERFORMANCE,TICK", "--format", "csv", "-q"));
        for (Map<String, String> row : Cli.csv(csv.out())) {
            for (String column : List.of("cost_ns", "min_ns", "max_ns")) {
                assertTrue(tenth.matcher(row.get(column)).matches(), column + " in " + row);
            }
        }
        Cli.Result json = Cli.run(args("--kind", "PERFORMANCE,TICK", "--format", "json", "-q"));
        for (JsonNode row : json.json().get("costs")) {
            for (String column : List.of("cost_ns", "min_ns", "max_ns")) {
                assertTrue(tenth.matcher(row.get(column).asText()).matches(), column + " in " + row);
            }
        }
    }

    @Test
    void csvRowsAreSortedByCostAndEachMedianLiesWithinItsBatches() {
        Cli.Result result = Cli.run(args("--format", "csv", "--quiet"));
        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("", result.err());
        List<Map<String, String>> rows = Cli.csv(result.out());
        assertEquals(Counters.available().size(), rows.size());
        double previous = 0;
        for (Map<String, String> row : rows) {
            double cost = Double.parseDouble(row.get("cost_ns"));
            double min = Double.parseDouble(row.get("min_ns"));
            double max = Double.parseDouble(row.get("max_ns"));
            assertTrue(min <= cost && cost <= max, row.toString());
            assertTrue(cost > 0, row.toString());
            assertTrue(cost >= previous, "sorted by cost: " + rows);
            previous = cost;
            long pairs = Long.parseLong(row.get("pairs"));
            assertTrue(pairs >= 3 * 1000 && pairs <= 3 * 2000, row.toString());
            CounterInfo info = Counters.create(CounterKind.valueOf(row.get("kind"))).getInfo();
            assertEquals(info.frequency(), Long.parseLong(row.get("frequency_hz")));
            assertEquals(info.source(), row.get("source"));
            assertEquals(info.provider(), row.get("provider"));
            assertEquals(info.measureResolution().smallest().toNanos(), Long.parseLong(row.get("resolution_ns")));
        }
    }

    @Test
    void jsonForChosenKindsOnly() {
        Cli.Result result = Cli.run(args("--kind", "high-performance,PERFORMANCE", "--format", "json", "-q"));
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode json = result.json();
        assertEquals(3, json.get("parameters").get("batches").asInt());
        JsonNode costs = json.get("costs");
        assertEquals(2, costs.size());
        assertTrue(List.of("HIGH_PERFORMANCE", "PERFORMANCE").contains(costs.get(0).get("kind").asText()));
        assertTrue(costs.get(0).get("cost_ns").isNumber());
    }
}
