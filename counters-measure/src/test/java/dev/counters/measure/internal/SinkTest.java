package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SinkTest {
    @Test
    void swallowsEveryKindOfValueWithoutEscaping() throws ReflectiveOperationException {
        Sink sink = new Sink();
        for (long v = -5; v < 5; v++) {
            sink.consume(v);
            sink.consume((int) v);
            sink.consume((double) v);
            sink.consume(v > 0);
        }
        sink.consume(1L);
        sink.consume(2L);
        sink.consume(1.0);
        sink.consume(2.0);
        assertNull(escaped(sink), "no value equals both sentinels");
        sink.consume("kept");
        assertTrue(sink.toString().contains("String"));
    }

    /** What the sink let escape: read from its field, since no main code needs to ask. */
    private static Object escaped(Sink sink) throws ReflectiveOperationException {
        java.lang.reflect.Field escaped = Sink.class.getDeclaredField("escaped");
        escaped.setAccessible(true);
        return escaped.get(sink);
    }
}
