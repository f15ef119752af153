package dev.counters.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * JSON and CSV carry every cell so that an independent reader (Jackson's databind and CSV
 * mapper) reads back exactly what the report held: any text, any whole number, any finite
 * fraction in plain decimals, and nothing for a number without a decimal form.
 */
class MachineFormatsTest {
    /** Reads fractions as BigDecimal, so that a number is compared as written, not as the nearest double. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private static Report oneCell(Column column, Object cell) {
        return Report.builder("test", "one cell")
                .parameter("p", cell == null ? "none" : cell instanceof List ? "list" : cell)
                .table(Table.builder("rows", "rows").column(column).row(cell).build())
                .note(String.valueOf(cell))
                .build();
    }

    private static String write(OutputFormat format, Report report) {
        StringWriter text = new StringWriter();
        format.write(report, new PrintWriter(text));
        return text.toString();
    }

    private static JsonNode json(Column column, Object cell) throws Exception {
        return JSON.readTree(write(OutputFormat.JSON, oneCell(column, cell)));
    }

    private static Map<String, String> csvRow(Column column, Object cell) throws Exception {
        String text = write(OutputFormat.CSV, oneCell(column, cell));
        try (MappingIterator<Map<String, String>> rows = new CsvMapper().readerFor(Map.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(text)) {
            List<Map<String, String>> all = rows.readAll();
            assertEquals(1, all.size(), text);
            return all.get(0);
        }
    }

    @Property(tries = 300)
    void anyTextSurvivesBothFormats(@ForAll String text) throws Exception {
        Column column = Column.text("text", "text");
        JsonNode parsed = json(column, text);
        assertEquals(text, parsed.get("rows").get(0).get("text").asText());
        assertEquals(text, parsed.get("parameters").get("p").asText());
        assertEquals(text, parsed.get("notes").get(0).asText());
        assertEquals(text, csvRow(column, text).get("text"));
    }

    @Property(tries = 300)
    void anyWholeNumberIsReadBackExactly(@ForAll long number) throws Exception {
        Column column = Column.number("n", "n", CellFormat.INTEGER);
        assertEquals(number, json(column, number).get("rows").get(0).get("n").longValue());
        assertEquals(number, json(column, number).get("parameters").get("p").longValue());
        assertEquals(Long.toString(number), csvRow(column, number).get("n"));
    }

    @Test
    void numbersWithoutADecimalFormAreNullInJsonAndEmptyInCsv() throws Exception {
        Column column = Column.number("x", "x", CellFormat.NANOS);
        for (double number : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            assertTrue(json(column, number).get("rows").get(0).get("x").isNull(), "" + number);
            assertEquals("", csvRow(column, number).get("x"), "" + number);
        }
        assertTrue(json(column, null).get("rows").get(0).get("x").isNull());
        assertEquals("", csvRow(column, null).get("x"));
    }

    @Test
    void listsAreArraysInJsonAndJoinedWithSemicolonsInCsv() throws Exception {
        Column column = Column.text("kinds", "kinds");
        List<Object> kinds = Arrays.asList("TICK", 2L, true);
        JsonNode list = json(column, kinds).get("rows").get(0).get("kinds");
        assertEquals(3, list.size());
        assertEquals("TICK", list.get(0).asText());
        assertEquals(2, list.get(1).asLong());
        assertTrue(list.get(2).asBoolean());
        assertEquals("TICK;2;true", csvRow(column, kinds).get("kinds"));
    }

    @Test
    void aReportWithoutRowsStillHasItsCsvHeader() {
        Report empty = Report.builder("test", "empty")
                .table(Table.builder("rows", "rows").column(Column.text("a", "a")).column(Column.text("b", "b")).build())
                .build();
        assertEquals("section,a,b\n", write(OutputFormat.CSV, empty));
    }

    @Test
    void jsonIsIndentedTwoSpacesWithOneMemberALine() {
        String text = write(OutputFormat.JSON, oneCell(Column.text("t", "t"), "x"));
        assertTrue(text.startsWith("{\n  \"command\": \"test\",\n  \"title\": \"one cell\",\n"), text);
        assertTrue(text.contains("\n  \"rows\": [\n    {\n      \"t\": \"x\"\n    }\n  ],\n"), text);
        assertTrue(text.endsWith("}\n") || text.endsWith("}" + System.lineSeparator()), text);
    }

    @Test
    void everyFormatGivesAFigureToTheSamePrecision() throws Exception {
        // Issue 23, item 15: cost's CSV printed 99.67338743301544 where its table showed 99.7.
        Column cost = Column.number("cost_ns", "ns/pair", CellFormat.decimal(1));
        double measured = 99.67338743301544;
        assertEquals(new BigDecimal("99.7"), json(cost, measured).get("rows").get(0).get("cost_ns").decimalValue());
        assertEquals("99.7", csvRow(cost, measured).get("cost_ns"));
        assertTrue(write(OutputFormat.TABLE, oneCell(cost, measured)).contains(" 99.7\n"));
    }

    @Property(tries = 300)
    void aFractionKeepsItsColumnsDecimalsInBothFormats(@ForAll double number) throws Exception {
        if (!Double.isFinite(number)) {
            return;
        }
        for (CellFormat format : List.of(CellFormat.NANOS, CellFormat.percent(4), CellFormat.decimal(3), CellFormat.INTEGER)) {
            Column column = Column.number("x", "x", format);
            BigDecimal expected = new BigDecimal(Double.toString(number)).setScale(format.decimals(), RoundingMode.HALF_UP);
            BigDecimal jsonValue = json(column, number).get("rows").get(0).get("x").decimalValue();
            String csvText = csvRow(column, number).get("x");
            assertEquals(0, jsonValue.compareTo(new BigDecimal(csvText)), jsonValue + " in JSON, " + csvText + " in CSV");
            assertEquals(-1, csvText.toUpperCase(java.util.Locale.ROOT).indexOf('E'), "no exponent: " + csvText);
            assertEquals(0, expected.compareTo(new BigDecimal(csvText)), number + " as " + csvText);
        }
    }

    @Property(tries = 300)
    void aParameterKeepsEveryDigit(@ForAll double number) throws Exception {
        if (!Double.isFinite(number)) {
            return;
        }
        JsonNode parsed = json(Column.text("t", "t"), number);
        assertEquals(number, parsed.get("parameters").get("p").doubleValue());
        assertEquals(number, parsed.get("rows").get(0).get("t").doubleValue(), "a number in a text column is exact");
    }
}
