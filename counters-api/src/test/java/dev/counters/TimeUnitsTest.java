package dev.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimeUnitsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "s|SECONDS", "S|SECONDS", "' s '|SECONDS", "ms|MILLISECONDS", "MS|MILLISECONDS", "' m s'|MILLISECONDS",
        "us|MICROSECONDS", "US|MICROSECONDS", "µs|MICROSECONDS", "µS|MICROSECONDS", "μs|MICROSECONDS",
        "ns|NANOSECONDS", "Ns|NANOSECONDS", "'\tns\n'|NANOSECONDS"})
    void parsesTheNamesPeopleType(String name, TimeUnit expected) {
        assertEquals(expected, TimeUnits.parse(name));
    }

    @Test
    void upperCasedMicroSignStillParses() {
        assertEquals(TimeUnit.MICROSECONDS, TimeUnits.parse("µs".toUpperCase(java.util.Locale.ROOT)));
    }

    @Test
    void unknownUnitListsTheAcceptedNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TimeUnits.parse("minutes"));
        assertTrue(e.getMessage().contains("'minutes'"), e.getMessage());
        assertTrue(e.getMessage().contains("s, ms, us (or µs), ns"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TimeUnits.parse(""));
    }

    @Test
    void nullSaysWhatToPass() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> TimeUnits.parse(null));
        assertTrue(e.getMessage().contains("s, ms"), e.getMessage());
    }

    @Test
    void nullUnitSaysWhatToPass() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> TimeUnits.shortName(null));
        assertEquals("unit is null; pass one of SECONDS, MILLISECONDS, MICROSECONDS, NANOSECONDS", e.getMessage());
    }

    @Test
    void shortNamesRoundTrip() {
        for (TimeUnit unit : new TimeUnit[] {TimeUnit.SECONDS, TimeUnit.MILLISECONDS, TimeUnit.MICROSECONDS, TimeUnit.NANOSECONDS}) {
            assertEquals(unit, TimeUnits.parse(TimeUnits.shortName(unit)));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TimeUnits.shortName(TimeUnit.HOURS));
        assertTrue(e.getMessage().contains("HOURS"), e.getMessage());
    }
}
