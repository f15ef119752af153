package dev.counters.measure;

import dev.counters.measure.internal.stats.VerdictRule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.MedianInterval;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VerdictTest {
    @ParameterizedTest
    @CsvSource({
        "1.01, 1.05, 0, 0.01, SLOWER",
        "1.0, 1.05, 0, 0.01, TOO_NOISY",
        "1.0, 1.05, 0, 0.05, INDISTINGUISHABLE",
        "0.95, 0.99, 0, 0.01, FASTER",
        "0.95, 1.0, 0, 0.01, TOO_NOISY",
        "0.991, 1.01, 0, 0.01, INDISTINGUISHABLE",
        "0.98, 1.01, 0, 0.01, TOO_NOISY",
        "1.005, 1.008, 0.01, 0.01, INDISTINGUISHABLE",
        "1.0101, 1.02, 0.01, 0.01, SLOWER",
        "1.01, 1.02, 0.01, 0.01, TOO_NOISY",
        "1.005, 1.02, 0.01, 0.01, TOO_NOISY",
        "0.98, 0.99, 0.01, 0.01, FASTER",
        "0.98, 0.991, 0.01, 0.01, TOO_NOISY",
        "0.992, 0.998, 0.01, 0.01, INDISTINGUISHABLE",
    })
    void theIntervalDecides(double low, double high, double margin, double equivalence, Verdict expected) {
        assertEquals(expected, VerdictRule.ofInterval(low, high, margin, equivalence));
    }

    @Test
    void theFasterBoundIsTheReciprocalOfTheSlowerOne() {
        double margin = 0.05;
        double justBelow = Math.nextDown(1 / (1 + margin));
        assertEquals(Verdict.FASTER, VerdictRule.ofInterval(0.5, justBelow, margin, margin));
        assertEquals(Verdict.TOO_NOISY, VerdictRule.ofInterval(0.5, 1 / (1 + margin), margin, margin));
        assertEquals(Verdict.INDISTINGUISHABLE, VerdictRule.ofInterval(1 / (1 + margin), 1 + margin, margin, margin));
        assertEquals(Verdict.SLOWER, VerdictRule.ofInterval(Math.nextUp(1 + margin), 2, margin, margin));
        assertEquals(Verdict.TOO_NOISY, VerdictRule.ofInterval(1 + margin, 2, margin, margin));
    }

    @Test
    void readsAMedianInterval() {
        assertEquals(Verdict.SLOWER, VerdictRule.ofInterval(1.1, 1.3, 0, 0.01));
    }

    @Test
    void onlySlowerAndFasterAreDecisive() {
        assertTrue(Verdict.SLOWER.isDecisive());
        assertTrue(Verdict.FASTER.isDecisive());
        assertFalse(Verdict.INDISTINGUISHABLE.isDecisive());
        assertFalse(Verdict.TOO_NOISY.isDecisive());
    }

    @Test
    void labelsAreTheWordsOfTheReports() {
        assertEquals("slower", Verdict.SLOWER.label());
        assertEquals("faster", Verdict.FASTER.toString());
        assertEquals("indistinguishable", Verdict.INDISTINGUISHABLE.label());
        assertEquals("too_noisy", Verdict.TOO_NOISY.label());
        assertEquals("clocks_disagree", Verdict.CLOCKS_DISAGREE.label());
    }

    @Test
    void badIntervalsMarginsAndBandsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> VerdictRule.ofInterval(1.1, 1.0, 0, 0.01));
        assertThrows(IllegalArgumentException.class, () -> VerdictRule.ofInterval(1.0, 1.1, -0.01, 0.01));
        assertThrows(IllegalArgumentException.class, () -> VerdictRule.ofInterval(1.0, 1.1, 1, 0.01));
        assertThrows(IllegalArgumentException.class, () -> VerdictRule.ofInterval(1.0, 1.1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> VerdictRule.ofInterval(1.0, 1.1, 0.02, 0.01));
        assertThrows(IllegalArgumentException.class, () -> VerdictRule.ofInterval(1.0, 1.1, 0, 1));
    }
}
