package dev.counters.examples.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class JsonWriterTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Property(tries = 300)
    void anyStringSurvivesARoundTripThroughAnIndependentParser(@ForAll String text) throws Exception {
        String written = write(json -> json.beginObject().name(text).value(text).endObject());
        JsonNode parsed = JSON.readTree(written);
        assertEquals(text, parsed.get(text).asText());
    }

    @Property(tries = 300)
    void anyFiniteDoubleIsReadBackExactly(@ForAll double number) throws Exception {
        if (!Double.isFinite(number)) {
            return;
        }
        JsonNode parsed = JSON.readTree(write(json -> json.beginArray().value(number).endArray()));
        assertEquals(number, parsed.get(0).doubleValue());
    }

    @Property(tries = 300)
    void anyLongIsReadBackExactly(@ForAll long number) throws Exception {
        JsonNode parsed = JSON.readTree(write(json -> json.beginArray().value(number).endArray()));
        assertEquals(number, parsed.get(0).longValue());
    }

    @Test
    void numbersWithoutJsonFormAreNull() throws Exception {
        JsonNode parsed = JSON.readTree(write(json -> json.beginArray()
                .value(Double.NaN).value(Double.POSITIVE_INFINITY).value((Object) null).endArray()));
        assertTrue(parsed.get(0).isNull());
        assertTrue(parsed.get(1).isNull());
        assertTrue(parsed.get(2).isNull());
    }

    @Test
    void nestedContainersAndTypedValues() throws Exception {
        JsonNode parsed = JSON.readTree(write(json -> json.beginObject()
                .name("empty").beginObject().endObject()
                .name("list").value(List.of("a", 1L, 2.5, true))
                .name("flag").value(false)
                .endObject()));
        assertEquals(0, parsed.get("empty").size());
        assertEquals("a", parsed.get("list").get(0).asText());
        assertEquals(1, parsed.get("list").get(1).asLong());
        assertEquals(2.5, parsed.get("list").get(2).asDouble());
        assertTrue(parsed.get("list").get(3).asBoolean());
        assertTrue(parsed.get("flag").isBoolean());
    }

    @Test
    void unbalancedDocumentsAreRefused() {
        StringWriter text = new StringWriter();
        JsonWriter json = new JsonWriter(new PrintWriter(text));
        json.beginObject();
        assertThrows(IllegalStateException.class, json::finish);
        assertThrows(IllegalStateException.class, () -> new JsonWriter(new PrintWriter(new StringWriter())).endArray());
    }

    private static String write(java.util.function.Consumer<JsonWriter> body) {
        StringWriter text = new StringWriter();
        JsonWriter json = new JsonWriter(new PrintWriter(text));
        body.accept(json);
        json.finish();
        return text.toString();
    }
}
