package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SinkTest {
    @Test
    void swallowsEveryKindOfValueWithoutEscaping() {
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
        assertFalse(sink.hasEscaped(), "no value equals both sentinels");
        sink.consume("kept");
        assertTrue(sink.toString().contains("String"));
    }
}
