package dev.counters;

import dev.counters.internal.Durations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.internal.ResolutionProbe;
import dev.counters.testing.FakeTickSource;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class CounterInfoTest {
    private static final Resolution RESOLUTION =
            new Resolution(Duration.ofNanos(20), Duration.ofNanos(25), 64, Optional.of(Duration.ofNanos(1)));

    private static CounterInfo.Builder complete() {
        return CounterInfo.builder(CounterKind.THREAD_TIMES)
                .provider("posix")
                .source("clock_gettime(CLOCK_THREAD_CPUTIME_ID)")
                .frequency(1_000_000_000L)
                .resolution(RESOLUTION)
                .monotonic(true)
                .kernelUserSplit(true)
                .notes("split from getrusage");
    }

    @Test
    void carriesEveryField() {
        CounterInfo info = complete().build();
        assertEquals(CounterKind.THREAD_TIMES, info.kind());
        assertEquals("posix", info.provider());
        assertEquals("clock_gettime(CLOCK_THREAD_CPUTIME_ID)", info.source());
        assertEquals(1_000_000_000L, info.frequency());
        assertEquals(RESOLUTION, info.measureResolution());
        assertTrue(info.isMonotonic());
        assertEquals(Measures.THREAD_CPU_TIME, info.measures());
        assertTrue(info.hasKernelUserSplit());
        assertEquals("split from getrusage", info.notes());
        assertEquals(Measures.CYCLES, complete().measures(Measures.CYCLES).build().measures());
    }

    @Test
    void equalityCoversEveryFact() {
        assertEquals(complete().build(), complete().build());
        assertEquals(complete().build().hashCode(), complete().build().hashCode());
        assertNotEquals(complete().build(), complete().provider("jdk").build());
        assertNotEquals(complete().build(), complete().source("x").build());
        assertNotEquals(complete().build(), complete().frequency(1).build());
        assertNotEquals(complete().build(), complete().monotonic(false).build());
        assertNotEquals(complete().build(), complete().kernelUserSplit(false).build());
        assertNotEquals(complete().build(), complete().notes("").build());
        assertNotEquals(complete().build(), complete().measures(Measures.WALL_TIME).build());
        assertNotEquals(complete().build(), complete().binding(CounterInfo.Binding.FFM).build());
        assertEquals(complete().build(), complete().resolution(RESOLUTION.withDeclared(Duration.ofNanos(2))).build(),
                "the resolution is a measurement, not a fact");
        assertNotEquals(complete().build(), CounterInfo.builder(CounterKind.PROCESS_TIMES).provider("posix")
                .source("clock_gettime(CLOCK_THREAD_CPUTIME_ID)").frequency(1_000_000_000L).resolution(RESOLUTION)
                .monotonic(true).kernelUserSplit(true).notes("split from getrusage").build());
        assertFalse(complete().build().equals("not an info"));
    }

    @Test
    void theFactsCostNothingAndTheResolutionIsProbedOnceWhenFirstAsked() {
        int[] probes = {0};
        CounterInfo info = complete().resolution(() -> {
            probes[0]++;
            return RESOLUTION;
        }).build();

        assertTrue(info.hasKernelUserSplit());
        assertEquals("clock_gettime(CLOCK_THREAD_CPUTIME_ID)", info.source());
        assertEquals(0, probes[0], "no fact needs the resolution");
        assertEquals(RESOLUTION, info.measureResolution());
        assertEquals(RESOLUTION, info.measureResolution());
        assertEquals(1, probes[0]);
    }

    @Test
    void equalsHashCodeAndToStringNeverProbe() {
        int[] probes = {0};
        Supplier<Resolution> countingProbe = () -> {
            probes[0]++;
            return RESOLUTION;
        };
        CounterInfo info = complete().resolution(countingProbe).build();
        CounterInfo same = complete().resolution(countingProbe).build();

        assertEquals(info, same);
        assertEquals(info.hashCode(), same.hashCode());
        assertEquals(Set.of(info), Set.of(same));
        assertFalse(info.toString().contains("resolution"), info.toString());
        assertEquals(info.toString(), same.toString());
        assertEquals(0, probes[0], "comparing, hashing and printing an info measured nothing");
    }

    @Test
    void theRealProbeReadsTheClockOnlyWhenTheResolutionIsAskedFor() {
        FakeTickSource clock = FakeTickSource.at(0).steppingBy(7);
        CounterInfo info = complete().resolution(() -> ResolutionProbe.measure(clock, 1_000_000_000L)).build();
        CounterInfo same = complete().resolution(() -> ResolutionProbe.measure(clock, 1_000_000_000L)).build();

        assertEquals(info, same);
        assertEquals(info.hashCode(), same.hashCode());
        assertFalse(info.toString().isEmpty());
        assertEquals(0, clock.reads(), "no clock read behind equals, hashCode or toString");

        assertEquals(Duration.ofNanos(7), info.measureResolution().smallest());
        assertTrue(clock.reads() > 0, "measureResolution() read the clock");
    }

    @Test
    void toStringReadsLikeAListLine() {
        String text = complete().build().toString();
        assertTrue(text.contains("kind=THREAD_TIMES"), text);
        assertTrue(text.contains("source=clock_gettime(CLOCK_THREAD_CPUTIME_ID)"), text);
        assertFalse(complete().notes("").build().toString().contains("notes"));
    }

    @Test
    void aMissingFieldIsNamed() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> CounterInfo.builder(CounterKind.TICK).provider("p").source("s").frequency(1).build());
        assertTrue(e.getMessage().contains("CounterInfo for TICK needs resolution(...)"), e.getMessage());
        assertMissing("provider", CounterInfo.builder(CounterKind.TICK));
        assertMissing("source", CounterInfo.builder(CounterKind.TICK).provider("p"));
        assertMissing("frequency", CounterInfo.builder(CounterKind.TICK).provider("p").source("s"));
        assertThrows(IllegalArgumentException.class, () -> CounterInfo.builder(CounterKind.TICK).frequency(0));
        assertThrows(NullPointerException.class, () -> CounterInfo.builder(null));
    }

    private static void assertMissing(String field, CounterInfo.Builder builder) {
        IllegalStateException e = assertThrows(IllegalStateException.class, builder::build);
        assertTrue(e.getMessage().endsWith("needs " + field + "(...)"), e.getMessage());
    }

    @Test
    void hashCodeFollowsTheFields() {
        assertNotEquals(complete().build().hashCode(), complete().provider("jdk").build().hashCode());
    }

    @Test
    void durationsSwitchUnitsAtTheBoundaries() {
        assertEquals("999 ns", Durations.format(Duration.ofNanos(999)));
        assertEquals("1 us", Durations.format(Duration.ofNanos(1_000)));
        assertEquals("1 ms", Durations.format(Duration.ofNanos(1_000_000)));
        assertEquals("1 s", Durations.format(Duration.ofSeconds(1)));
        assertEquals("-2 us", Durations.format(Duration.ofNanos(-2_000)));
        assertEquals("812.3 ns", Durations.formatNanos(812.3));
        assertEquals("12.345 us", Durations.formatNanos(12_345));
        assertEquals("101.234 ms", Durations.formatNanos(101_234_000));
        assertEquals("1.5 s", Durations.formatNanos(1_500_000_000));
        assertEquals("-1.5 s", Durations.formatNanos(-1_500_000_000));
        assertEquals("NaN ns", Durations.formatNanos(Double.NaN));
    }

    @Test
    void resolutionFormatsForPeople() {
        assertEquals("20 ns (typical 25 ns) [declared 1 ns]", RESOLUTION.toString());
        Resolution same = new Resolution(Duration.ofMillis(4), Duration.ofMillis(4), 3, Optional.empty());
        assertEquals("4 ms", same.toString());
        assertEquals("1.5 us", new Resolution(Duration.ofNanos(1500), Duration.ofNanos(1500), 1, Optional.empty()).toString());
        assertEquals("2.25 s", new Resolution(Duration.ofMillis(2250), Duration.ofMillis(2250), 1, Optional.empty()).toString());
        assertEquals("1 ms", new Resolution(Duration.ofMillis(1), Duration.ofMillis(1), 1, Optional.empty()).toString());
        assertThrows(NullPointerException.class, () -> new Resolution(null, Duration.ZERO, 0, Optional.empty()));
        assertThrows(NullPointerException.class, () -> new Resolution(Duration.ZERO, null, 0, Optional.empty()));
        assertThrows(NullPointerException.class, () -> new Resolution(Duration.ZERO, Duration.ZERO, 0, null));
        assertEquals(Long.MAX_VALUE + " s", Durations.format(Duration.ofSeconds(Long.MAX_VALUE)));
    }

    @Test
    void counterExceptionsCarryApiCodeAndText() {
        CounterException e = CounterException.nativeFailure("GetThreadTimes", 6, "The handle is invalid.");
        assertEquals("GetThreadTimes failed with error 6: The handle is invalid.", e.getMessage());
        assertEquals("GetThreadTimes", e.api());
        assertEquals(OptionalInt.of(6), e.errorCode());
        assertEquals(Optional.of("The handle is invalid."), e.errorText());
        CounterException reason = CounterException.sourceFailure("getProcessCpuTime", "returned -1");
        assertEquals("getProcessCpuTime failed: returned -1", reason.getMessage());
        assertEquals(OptionalInt.empty(), reason.errorCode());
        CounterException empty = CounterException.sourceFailure("x", "");
        assertEquals("x failed", empty.getMessage());
    }

    @Test
    void aBindingPrintsAsCountersListShowsItAndPairsWithAJvmTotal() {
        assertEquals("JVM + FFM", CounterInfo.Binding.FFM.withJvmTotal().toString());
        assertEquals(CounterInfo.Binding.JVM_AND_JNA, CounterInfo.Binding.JNA.withJvmTotal());
        assertEquals("JVM", CounterInfo.Binding.JVM.toString());
        assertThrows(IllegalStateException.class, CounterInfo.Binding.JVM::withJvmTotal);
        assertThrows(IllegalStateException.class, CounterInfo.Binding.JVM_AND_FFM::withJvmTotal);
        assertTrue(CounterInfo.Binding.JNA.usesJna() && CounterInfo.Binding.JVM_AND_JNA.usesJna());
        assertFalse(CounterInfo.Binding.FFM.usesJna() || CounterInfo.Binding.JVM.usesJna() || CounterInfo.Binding.JVM_AND_FFM.usesJna());
        assertEquals(CounterInfo.Binding.JVM, complete().build().binding(), "JVM unless a provider says otherwise");
    }
}
