package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.CompareTerms;
import dev.counters.measure.Task;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmUpOrderTest {
    private static final CompareSettings SETTINGS = new CompareSettings(Duration.ofMillis(600), 0.01, 0.95, 0.02, 8,
            Duration.ofMillis(50), CompareTerms.Order.ALTERNATING, CompareTerms.JudgedBy.AUTO);

    @Test
    void aWarmsUpFirstInTheOddForksAndBInTheEvenOnes() {
        assertFalse(WarmUpOrder.bFirst(1));
        assertTrue(WarmUpOrder.bFirst(2));
        assertFalse(WarmUpOrder.bFirst(3));
        assertTrue(WarmUpOrder.bFirst(4));
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> WarmUpOrder.bFirst(0));
        assertTrue(none.getMessage().contains("from 1"), none.getMessage());
    }

    @Test
    void aForkWarmsUpTheTaskItIsToldToFirst() {
        assertEquals("B", firstToRun(true));
        assertEquals("A", firstToRun(false));
    }

    private static String firstToRun(boolean bFirst) {
        List<String> runs = new ArrayList<>();
        Task a = () -> runs.add("A");
        Task b = () -> runs.add("B");
        InJvmCompare.asFork(SETTINGS, Instruments.real(), bFirst, () -> false).run(a, b);
        return runs.get(0);
    }
}
