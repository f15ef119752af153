package dev.counters.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HumanNumbersTest {
    @Test
    void nanosReadInTheUnitThatKeepsTheFigureSmall() {
        assertEquals("812 ns", HumanNumbers.nanos(812));
        assertEquals("23.4 ns", HumanNumbers.nanos(23.4));
        assertEquals("1.52 us", HumanNumbers.nanos(1_520));
        assertEquals("101 ms", HumanNumbers.nanos(101_234_000));
        assertEquals("2.5 s", HumanNumbers.nanos(2_500_000_000.0));
        assertEquals("-", HumanNumbers.nanos(Double.NaN));
    }

    @Test
    void hertzReadInTheUnitThatKeepsTheFigureSmall() {
        assertEquals("1 GHz", HumanNumbers.hertz(1e9));
        assertEquals("2.995 GHz", HumanNumbers.hertz(2_995_000_000L));
        assertEquals("10 MHz", HumanNumbers.hertz(1e7));
        assertEquals("1 kHz", HumanNumbers.hertz(1000));
        assertEquals("100 Hz", HumanNumbers.hertz(100));
    }

    @Test
    void nanosInAUnit() {
        assertEquals("101.234", HumanNumbers.nanosIn(101_234_000, TimeUnit.MILLISECONDS));
        assertEquals("1,500.000", HumanNumbers.nanosIn(1_500_000, TimeUnit.MICROSECONDS));
    }
}
