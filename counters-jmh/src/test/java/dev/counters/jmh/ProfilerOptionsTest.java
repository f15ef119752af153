package dev.counters.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.profile.ProfilerException;

class ProfilerOptionsTest {

    @Test
    void noOptionsMeansNanosecondsWithTheProcess() throws ProfilerException {
        assertEquals(ProfilerOptions.DEFAULTS, ProfilerOptions.parse(""));
        assertEquals(ProfilerOptions.DEFAULTS, ProfilerOptions.parse(null));
        assertEquals(new ProfilerOptions(TimeUnit.NANOSECONDS, true), ProfilerOptions.DEFAULTS);
        assertEquals("ns", ProfilerOptions.DEFAULTS.unitSymbol());
    }

    @Test
    void readsJmhsNameValuePairsSeparatedBySemicolons() throws ProfilerException {
        assertEquals(new ProfilerOptions(TimeUnit.MICROSECONDS, false), ProfilerOptions.parse("unit=us;process=false"));
        assertEquals(new ProfilerOptions(TimeUnit.MILLISECONDS, true), ProfilerOptions.parse("process=true;unit=ms"));
        assertEquals(new ProfilerOptions(TimeUnit.MICROSECONDS, true), ProfilerOptions.parse("unit=µs;"));
        assertEquals("us", ProfilerOptions.parse("unit=us").unitSymbol());
        assertEquals("ms", ProfilerOptions.parse("unit=ms").unitSymbol());
    }

    @Test
    void helpGivesTheUsage() {
        ProfilerException help = assertThrows(ProfilerException.class, () -> ProfilerOptions.parse("help"));
        assertTrue(help.getMessage().contains("unit") && help.getMessage().contains("process"), help.getMessage());
        assertTrue(help.getMessage().contains("-prof dev.counters.jmh.CpuTimeProfiler:unit=us;process=false"), help.getMessage());
    }

    @Test
    void badInputSaysWhatWasWrongAndWhatToPass() {
        assertMessage("unit=s", "too coarse", "pass unit=ns, us or ms");
        assertMessage("unit=fortnights", "unit=fortnights", "pass unit=ns, us or ms");
        assertMessage("process=maybe", "maybe");
        assertMessage("colour=red", "colour");
        assertMessage("unit=ns;;process=false extra", "process");
    }

    @Test
    void theConstructorsUseTheOptions() throws ProfilerException {
        assertThrows(ProfilerException.class, () -> new CpuTimeProfiler("unit=h"));
        assertTrue(new CpuTimeProfiler().getDescription().contains("kernel and user"));
    }

    private static void assertMessage(String initLine, String... parts) {
        ProfilerException bad = assertThrows(ProfilerException.class, () -> ProfilerOptions.parse(initLine));
        for (String part : parts) {
            assertTrue(bad.getMessage().contains(part), () -> "'" + part + "' missing from: " + bad.getMessage());
        }
    }
}
