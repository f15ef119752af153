package dev.counters.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OutputFormatTest {
    private static final String AWKWARD = "a \"quoted\", comma\nand line";

    private static Report sample() {
        Table costs = Table.builder("costs", "Costs")
                .column(Column.text("kind", "kind"))
                .column(Column.number("cost_ns", "ns/pair", CellFormat.decimal(1)))
                .column(Column.number("frequency_hz", "frequency", CellFormat.HERTZ))
                .column(Column.text("kinds", "kinds"))
                .column(Column.footnote("notes", "notes"))
                .row("TICK", 23.25, 1_000_000_000L, List.of("A", "B"), AWKWARD)
                .row("THREAD_TIMES", null, 1_000L, List.of(), "")
                .build();
        Table second = Table.builder("second", "Second")
                .column(Column.text("name", "name"))
                .row("x")
                .build();
        return Report.builder("cost", "Title")
                .parameter("batches", 5L)
                .table(costs)
                .table(second)
                .note("a note")
                .build();
    }

    private static String write(OutputFormat format) {
        StringWriter text = new StringWriter();
        format.write(sample(), new PrintWriter(text));
        return text.toString();
    }

    @Test
    void jsonHoldsEveryTableAsRowObjectsKeyedByColumnId() throws Exception {
        JsonNode json = new ObjectMapper().readTree(write(OutputFormat.JSON));
        assertEquals("cost", json.get("command").asText());
        assertEquals(5, json.get("parameters").get("batches").asLong());
        JsonNode first = json.get("costs").get(0);
        assertEquals("TICK", first.get("kind").asText());
        assertEquals(23.3, first.get("cost_ns").asDouble(), "to the column's one decimal, as the table shows it");
        assertEquals(1_000_000_000L, first.get("frequency_hz").asLong());
        assertEquals("B", first.get("kinds").get(1).asText());
        assertEquals(AWKWARD, first.get("notes").asText());
        assertTrue(json.get("costs").get(1).get("cost_ns").isNull());
        assertEquals("x", json.get("second").get(0).get("name").asText());
        assertEquals("a note", json.get("notes").get(0).asText());
    }

    @Test
    void csvIsOneRectangularTableWhoseSectionColumnNamesEachRowsTable() throws Exception {
        String text = write(OutputFormat.CSV);
        assertEquals("section,kind,cost_ns,frequency_hz,kinds,notes,name", text.lines().findFirst().orElseThrow());
        List<Map<String, String>> all = csv(text);
        assertEquals(3, all.size());
        List<Map<String, String>> rows = all.subList(0, 2);
        assertTrue(rows.stream().allMatch(row -> row.get("section").equals("costs") && row.get("name").isEmpty()));
        assertEquals("TICK", rows.get(0).get("kind"));
        assertEquals("23.3", rows.get(0).get("cost_ns"), "to the column's one decimal, as the table shows it");
        assertEquals("1000000000", rows.get(0).get("frequency_hz"));
        assertEquals("A;B", rows.get(0).get("kinds"));
        assertEquals(AWKWARD, rows.get(0).get("notes"));
        assertEquals("", rows.get(1).get("cost_ns"));
        assertEquals("second", all.get(2).get("section"));
        assertEquals("x", all.get(2).get("name"));
        assertEquals("", all.get(2).get("kind"));
    }

    @Test
    void tableAlignsColumnsAndListsFootnotesUnderTheTable() {
        String text = write(OutputFormat.TABLE);
        assertTrue(text.startsWith("Title\nbatches 5\n"), text);
        List<String> lines = text.lines().toList();
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("kind")).findFirst().orElseThrow());
        String tick = lines.get(header + 1);
        String thread = lines.get(header + 2);
        assertTrue(tick.startsWith("TICK          "), tick);
        assertTrue(tick.contains("23.3") && tick.contains("1 GHz") && tick.contains("A, B"), tick);
        // Right-aligned numbers end in the same column.
        assertEquals(lines.get(header).indexOf("ns/pair") + "ns/pair".length(), tick.indexOf("23.3") + 4);
        assertTrue(thread.contains(" - "), thread);
        assertTrue(text.contains("notes:\n  TICK: a \"quoted\", comma\\nand line"), "one line, its break shown: " + text);
        assertTrue(text.contains("* a note"), text);
    }

    /**
     * Issue #32 item 12: a task's class name may hold terminal escapes and line breaks; the text table
     * shows them escaped, one row per row, while JSON and CSV keep the name exactly.
     */
    @Test
    void controlCharactersInTheTextTableAreShownEscapedAndKeptExactlyInJsonAndCsv() throws Exception {
        String hostile = "Task\u001b[2J\u001b[31m\r\nname\u202e";
        Report report = Report.builder("measure", "Runs of " + hostile)
                .parameter("task", hostile)
                .table(Table.builder("runs", "Runs of " + hostile)
                        .column(Column.text("task", "task"))
                        .column(Column.number("runs", "runs", CellFormat.INTEGER))
                        .row(hostile, 3L)
                        .build())
                .note("measured " + hostile)
                .build();
        StringWriter table = new StringWriter();
        OutputFormat.TABLE.write(report, new PrintWriter(table));
        String text = table.toString();
        for (char c : text.toCharArray()) {
            assertTrue(c == '\n' || !Character.isISOControl(c) && c != '\u202e', "a raw control character U+"
                    + Integer.toHexString(c) + " in:\n" + text);
        }
        String escaped = "Task\\u001b[2J\\u001b[31m\\r\\nname\\u202e";
        assertTrue(text.lines().anyMatch(line -> line.startsWith(escaped) && line.endsWith("3")), "one row: " + text);
        assertTrue(text.contains("* measured " + escaped), text);

        StringWriter json = new StringWriter();
        OutputFormat.JSON.write(report, new PrintWriter(json));
        assertEquals(hostile, new ObjectMapper().readTree(json.toString()).get("runs").get(0).get("task").asText());
        StringWriter csv = new StringWriter();
        OutputFormat.CSV.write(report, new PrintWriter(csv));
        assertTrue(csv.toString().contains(hostile), csv.toString());
    }

    @Test
    void formatNamesParseIgnoringCaseAndUnknownNamesListTheChoices() {
        assertEquals(OutputFormat.JSON, OutputFormat.parse(" Json "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OutputFormat.parse("xml"));
        assertTrue(e.getMessage().contains("table, csv, markdown, json"), e.getMessage());
    }

    @Test
    void reportRefusesAColumnNamedLikeTheCsvSectionColumn() {
        Table clash = Table.builder("t", "t").column(Column.text("section", "section")).build();
        assertThrows(IllegalArgumentException.class, () -> Report.builder("c", "t").table(clash));
    }

    @Test
    void reportRefusesTableIdsThatWouldCollideInJson() {
        Table notes = Table.builder("notes", "x").column(Column.text("a", "a")).build();
        assertThrows(IllegalArgumentException.class, () -> Report.builder("c", "t").table(notes));
    }

    @Test
    void rowsMustMatchTheColumns() {
        Table.Builder table = Table.builder("t", "t").column(Column.text("a", "a"));
        assertThrows(IllegalArgumentException.class, () -> table.row("x", "y"));
        assertThrows(IllegalArgumentException.class, () -> table.row(new Object()));
    }

    private static List<Map<String, String>> csv(String block) throws Exception {
        try (MappingIterator<Map<String, String>> rows = new CsvMapper().readerFor(Map.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(block.strip() + "\n")) {
            return rows.readAll();
        }
    }
}
