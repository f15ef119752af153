package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every command's {@code --format csv} is one rectangular table that an independent CSV reader
 * (Jackson's) parses: one header, every row as long, a {@code section} column naming each row's table.
 */
class CsvOutputTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "cost --batches 1 --pairs 1000 --budget 10ms --kind HIGH_PERFORMANCE,THREAD_TIMES | costs",
        "list | kinds providers unserved",
        "isolation --threads 1 --runs 2 --iterations 1000 | summary runs",
        "measure --runs 3 --trim 0 --warm-up 10ms --iterations 1000 | statistics runs noise preparation",
        "frequency --interval 5ms --repeats 3 | estimate samples",
    })
    void everyCommandWritesOneTableWithASectionPerReportTable(String command, String sections) {
        String[] args = (command + " --format csv -q").split(" ");
        Cli.Result result = Cli.run(args);
        assertEquals(0, result.exitCode(), result.toString());
        Map<String, List<Map<String, String>>> parsed = result.csvSections();
        assertEquals(List.of(sections.split(" ")), List.copyOf(parsed.keySet()), result.out());
        parsed.values().forEach(rows -> assertFalse(rows.isEmpty(), result.out()));
        assertEquals(result.out().lines().count(), 1 + parsed.values().stream().mapToInt(List::size).sum(),
                "no blank lines or second headers:\n" + result.out());
    }
}
