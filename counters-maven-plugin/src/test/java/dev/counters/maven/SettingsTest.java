package dev.counters.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The margin and budgets as people write them in a pom, against their values in shares and milliseconds. */
class SettingsTest {
    @Test
    void aMarginIsAPercentageOrAShare() {
        assertEquals(0.02, Settings.margin("2%"));
        assertEquals(0.025, Settings.margin(" 2.5 % "));
        assertEquals(0.02, Settings.margin("0.02"));
        assertEquals(0.0, Settings.margin("0%"));
        IllegalArgumentException share = assertThrows(IllegalArgumentException.class, () -> Settings.margin("2"));
        assertTrue(share.getMessage().contains("did you mean 2% (0.02)?"), share.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Settings.margin("100%"));
        assertThrows(IllegalArgumentException.class, () -> Settings.margin("-1%"));
        assertThrows(IllegalArgumentException.class, () -> Settings.margin("two"));
    }

    @Test
    void aBudgetIsMillisecondsSecondsMinutesOrIso() {
        assertEquals(Duration.ofSeconds(10), Settings.duration("10s", "the budget"));
        assertEquals(Duration.ofMillis(1500), Settings.duration("1500ms", "the budget"));
        assertEquals(Duration.ofMillis(2500), Settings.duration("2.5s", "the budget"));
        assertEquals(Duration.ofMinutes(2), Settings.duration("2m", "the budget"));
        assertEquals(Duration.ofMinutes(2), Settings.duration("2 min", "the budget"));
        assertEquals(Duration.ofSeconds(45), Settings.duration("PT45S", "the budget"));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> Settings.duration("10 sec", "the budget"));
        assertTrue(bad.getMessage().startsWith("the budget '10 sec' is not a duration"), bad.getMessage());
    }
}
