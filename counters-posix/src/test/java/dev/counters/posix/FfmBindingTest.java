package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.ForeignLayers;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.nativeaccess.Scratch;
import dev.counters.testing.ReadingBetween;
import org.junit.jupiter.api.Test;

/**
 * The FFM binding (JDK 22+, in a build that found a JDK 22+) against the JNA one: the same clocks, the same
 * structures, the same errno and text for a failure. CI runs these on JDK 25; on JDK 17 only the
 * choice of JNA is checked.
 */
class FfmBindingTest {
    private static final PosixPlatform.Served LINUX = Kernel.PLATFORM;
    private static final JnaPosixCalls JNA = JnaPosixCalls.bind();

    private static PosixCalls ffm() {
        assumeTrue(Runtime.version().feature() >= ForeignLayers.RELEASE, "FFM needs JDK 22+");
        LayerChoice<PosixCalls> chosen = LayerChoice.choose(FfmPosixCalls::bind, PosixSystem::binding);
        assumeTrue(!chosen.ffmProblem().contains("has no FFM classes"), chosen.ffmProblem());
        assertEquals(CounterInfo.Binding.FFM, chosen.name(), chosen.ffmProblem());
        return chosen.binding().calls().orElseThrow();
    }

    @Test
    void jdk17ReadsThroughJnaAndSaysWhy() {
        LayerChoice<PosixCalls> chosen = LayerChoice.choose(17, () -> {
            throw new AssertionError("FFM must not be tried before JDK 22");
        }, () -> Binding.of(() -> JNA));
        assertEquals(CounterInfo.Binding.JNA, chosen.name());
        assertEquals("FFM needs JDK 22+; this is JDK 17", chosen.ffmProblem());
    }

    @Test
    void anFfmThatCannotLinkFallsBackToJnaWithTheReason() {
        LayerChoice<PosixCalls> chosen = LayerChoice.choose(25, () -> {
            throw new IllegalCallerException("native access is not enabled for the class path (ALL-UNNAMED)");
        }, () -> Binding.of(() -> JNA));
        assertEquals(CounterInfo.Binding.JNA, chosen.name());
        assertTrue(chosen.ffmProblem().startsWith("FFM could not link: native access is denied"), chosen.ffmProblem());
        assertTrue(chosen.binding().calls().isPresent());
    }

    @Test
    void theSystemProviderReadsThroughFfmOnJdk22() {
        ffm();
        assertEquals(CounterInfo.Binding.FFM, PosixSystem.clockBinding().name());
    }

    @Test
    void everyClockReadsTheSameThroughFfmAsThroughJna() {
        PosixCalls ffm = ffm();
        for (CounterKind kind : new CounterKind[] {CounterKind.TICK, CounterKind.MULTIMEDIA, CounterKind.SYSTEM_TIME,
                CounterKind.HIGH_PERFORMANCE, CounterKind.THREAD_TIMES, CounterKind.PROCESS_TIMES}) {
            NamedClock clock = LINUX.clock(kind).orElseThrow();
            ReadingBetween.assertBetween(clock.name(), new ClockGettime(JNA, clock)::read, new ClockGettime(ffm, clock)::read);

            Scratch ffmRes = ffm.allocate(Layouts.TIMESPEC_BYTES);
            Scratch jnaRes = JNA.allocate(Layouts.TIMESPEC_BYTES);
            assertEquals(0, ffm.clockGetres(clock.id(), ffmRes));
            assertEquals(0, JNA.clockGetres(clock.id(), jnaRes));
            assertEquals(Layouts.timespecNanos(jnaRes), Layouts.timespecNanos(ffmRes), clock.getresApi());
        }
    }

    @Test
    void getrusageFillsTheSameStructure() {
        PosixCalls ffm = ffm();
        ReadingBetween<Scratch> usage = ReadingBetween.read(() -> selfUsage(JNA), () -> selfUsage(ffm));
        for (int offset : new int[] {Layouts.RUSAGE_UTIME_OFFSET, Layouts.RUSAGE_STIME_OFFSET}) {
            usage.assertInOrder(rusage -> Layouts.timevalMicros(rusage, offset, false), "the timeval at offset " + offset);
        }
    }

    /** {@code getrusage(RUSAGE_SELF)} through {@code calls}, into a new structure. */
    private static Scratch selfUsage(PosixCalls calls) {
        Scratch rusage = calls.allocate(Layouts.RUSAGE_BYTES);
        assertEquals(0, calls.getrusage(PosixPlatform.RUSAGE_SELF, rusage));
        return rusage;
    }

    @Test
    void aFailedCallReportsErrnoAndTheSystemsText() {
        PosixCalls ffm = ffm();
        int noSuchClock = 4242;
        Scratch timespec = ffm.allocate(Layouts.TIMESPEC_BYTES);
        assertEquals(-1, ffm.clockGettime(noSuchClock, timespec));
        assertEquals(22, ffm.lastError(), "EINVAL");
        assertEquals(-1, ffm.getrusage(4242, ffm.allocate(Layouts.RUSAGE_BYTES)));
        assertEquals(22, ffm.lastError(), "EINVAL");
        assertEquals(-1, ffm.clockGetres(noSuchClock, timespec));
        assertEquals(22, ffm.lastError(), "EINVAL");
        assertEquals(JNA.errorText(22), ffm.errorText(22));
        assertEquals("Invalid argument", ffm.errorText(22));

        ClockGettime broken = new ClockGettime(ffm, new NamedClock("CLOCK_NONE", noSuchClock));
        dev.counters.CounterException failure = org.junit.jupiter.api.Assertions.assertThrows(
                dev.counters.CounterException.class, broken::read);
        assertEquals("clock_gettime(CLOCK_NONE) failed with error 22: Invalid argument", failure.getMessage());
    }
}
