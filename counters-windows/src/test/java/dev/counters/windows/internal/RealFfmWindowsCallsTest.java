package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.internal.CpuTimesSource;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.ForeignLayers;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.nativeaccess.Scratch;
import dev.counters.testing.Allocations;
import dev.counters.testing.ReadingBetween;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The FFM layer (JDK 22+, in a build that found a JDK 22+) against the JNA one on real Win32: the same clocks,
 * the same {@code FILETIME}s, the same {@code GetLastError} code and text for a failed call, and
 * no allocation per read. The Wine script runs these on the Windows JDK 25; on JDK 17 they are
 * skipped, and the choice of JNA is what is checked.
 */
@RealWindowsCalls
class RealFfmWindowsCallsTest {
    private static final int ERROR_INVALID_HANDLE = 6;
    /** No handle: {@code GetThreadTimes} and {@code GetProcessTimes} fail on it with {@code ERROR_INVALID_HANDLE}. */
    private static final long NO_HANDLE = 0x0BAD_0000L;
    private static final int MEASURED_PAIRS = 20_000;

    private static final WindowsCalls JNA = JnaWindowsCalls.bind();

    private static WindowsCalls ffm() {
        assumeTrue(Runtime.version().feature() >= ForeignLayers.RELEASE, "FFM needs JDK 22+");
        LayerChoice<WindowsCalls> chosen = LayerChoice.choose(FfmWindowsCalls::bind, () -> Binding.of(JnaWindowsCalls::bind));
        assumeTrue(!chosen.ffmProblem().contains("has no FFM classes"), chosen.ffmProblem());
        assertEquals(CounterInfo.Binding.FFM, chosen.name(), chosen.ffmProblem());
        return chosen.calls().orElseThrow();
    }

    @Test
    void theSystemLayerIsFfmOnJdk22AndJnaBefore() {
        LayerChoice<WindowsCalls> chosen = WindowsSystem.binding();
        if (Runtime.version().feature() < ForeignLayers.RELEASE) {
            assertEquals(CounterInfo.Binding.JNA, chosen.name());
            assertEquals("FFM needs JDK 22+; this is JDK " + Runtime.version().feature(), chosen.ffmProblem());
        } else {
            ffm();
            assertEquals(CounterInfo.Binding.FFM, chosen.name(), chosen.ffmProblem());
            assertSame(FfmWindowsCalls.class, WindowsSystem.require().getClass());
        }
    }

    @Test
    void theMonotonicClocksReadTheSameThroughFfmAsThroughJna() {
        WindowsCalls ffm = ffm();
        assertBracketed("GetTickCount64", ffm, WindowsCalls::getTickCount64);
        assertBracketed("timeGetTime", ffm, api -> Integer.toUnsignedLong(api.timeGetTime()));
        assertBracketed("QueryPerformanceCounter", ffm, api -> new WindowsSources(api).performanceCounter().read());
        assertBracketed("GetProcessTimes (kernel + user)", ffm, api -> total(new WindowsSources(api).processTimes()::sample));
        assertBracketed("GetThreadTimes (kernel + user)", ffm, api -> total(new WindowsSources(api).threadTimes()::sample));

        long[] ffmFrequency = new long[1];
        long[] jnaFrequency = new long[1];
        assertTrue(ffm.queryPerformanceFrequency(ffmFrequency));
        assertTrue(JNA.queryPerformanceFrequency(jnaFrequency));
        assertEquals(jnaFrequency[0], ffmFrequency[0], "QueryPerformanceFrequency");
    }

    @Test
    void theSystemTimesFillTheSameFileTime() {
        WindowsCalls ffm = ffm();
        assertEquals(JNA.preciseSystemTimeMissing(), ffm.preciseSystemTimeMissing());
        // The time of day may be stepped, but not between three reads a few microseconds apart.
        assertBracketed("GetSystemTimeAsFileTime", ffm, api -> fileTime(api, WindowsCalls::getSystemTimeAsFileTime));
        if (ffm.preciseSystemTimeMissing().isEmpty()) {
            assertBracketed("GetSystemTimePreciseAsFileTime", ffm, api -> fileTime(api, WindowsCalls::getSystemTimePreciseAsFileTime));
        }
    }

    @Test
    void getProcessTimesFillsTheSameFourFileTimes() {
        WindowsCalls ffm = ffm();
        ReadingBetween<Scratch> times = ReadingBetween.read(() -> processTimes(JNA), () -> processTimes(ffm));

        assertEquals(times.before().longAt(WindowsCalls.TIMES_CREATION), times.between().longAt(WindowsCalls.TIMES_CREATION),
                "creation time");
        for (int offset : new int[] {WindowsCalls.TIMES_KERNEL, WindowsCalls.TIMES_USER}) {
            times.assertInOrder(fileTimes -> fileTimes.longAt(offset), "the FILETIME at offset " + offset);
        }
        assertEquals(JNA.getCurrentProcess(), ffm.getCurrentProcess(), "GetCurrentProcess");
        assertEquals(JNA.getCurrentThread(), ffm.getCurrentThread(), "GetCurrentThread");
    }

    @Test
    void aFailedCallReportsTheSameGetLastErrorCodeAndText() {
        WindowsCalls ffm = ffm();
        Scratch ffmTimes = ffm.allocate(WindowsCalls.TIMES_BYTES);
        Scratch jnaTimes = JNA.allocate(WindowsCalls.TIMES_BYTES);

        assertFalse(JNA.getThreadTimes(NO_HANDLE, jnaTimes));
        CounterException jnaFailure = WindowsErrors.lastError(JNA, "GetThreadTimes");
        assertFalse(ffm.getThreadTimes(NO_HANDLE, ffmTimes));
        CounterException ffmFailure = WindowsErrors.lastError(ffm, "GetThreadTimes");
        assertEquals(jnaFailure.getMessage(), ffmFailure.getMessage());
        assertEquals(ERROR_INVALID_HANDLE, ffmFailure.errorCode().orElseThrow(), ffmFailure.getMessage());
        assertFalse(ffmFailure.errorText().orElseThrow().isEmpty());

        assertFalse(ffm.getProcessTimes(NO_HANDLE, ffmTimes));
        assertEquals(ERROR_INVALID_HANDLE, ffm.lastError(), "GetProcessTimes");
        assertEquals(JNA.formatMessage(ERROR_INVALID_HANDLE), ffm.formatMessage(ERROR_INVALID_HANDLE));
    }

    @Test
    void theOptionalExportsAndTheOneOffLookupsMatch() {
        WindowsCalls ffm = ffm();
        assertEquals(JNA.cycleTimeMissing(), ffm.cycleTimeMissing());
        assertEquals(JNA.winmmMissing(), ffm.winmmMissing());
        if (ffm.cycleTimeMissing().isEmpty()) {
            Scratch ffmCycles = ffm.allocate(Long.BYTES);
            Scratch jnaCycles = JNA.allocate(Long.BYTES);
            boolean jnaRead = JNA.queryThreadCycleTime(JNA.getCurrentThread(), jnaCycles);
            int jnaError = JNA.lastError();
            boolean ffmRead = ffm.queryThreadCycleTime(ffm.getCurrentThread(), ffmCycles);
            assertEquals(jnaRead, ffmRead, "QueryThreadCycleTime");
            if (!ffmRead) {
                assertEquals(jnaError, ffm.lastError(), "QueryThreadCycleTime (Wine: 120)");
            }
        }
        assertEquals(outcome(JNA::processorMegahertz), outcome(ffm::processorMegahertz), "registry ~MHz");
        long[] jnaMasks = new long[2];
        long[] ffmMasks = new long[2];
        assertTrue(JNA.getProcessAffinityMask(JNA.getCurrentProcess(), new long[1], jnaMasks));
        assertTrue(ffm.getProcessAffinityMask(ffm.getCurrentProcess(), new long[1], ffmMasks));
        assertEquals(jnaMasks[0], ffmMasks[0], "GetProcessAffinityMask: the system mask");
        int[] ffmCaps = new int[2];
        int[] jnaCaps = new int[2];
        assertEquals(JNA.timeGetDevCaps(jnaCaps), ffm.timeGetDevCaps(ffmCaps));
        assertEquals(jnaCaps[0], ffmCaps[0], "timeGetDevCaps wPeriodMin");
        assertEquals(jnaCaps[1], ffmCaps[1], "timeGetDevCaps wPeriodMax");
    }

    /**
     * A child JVM in which JNA could not even find its library serves every clock kind and thread
     * control through FFM, and never loads a JNA class: where FFM serves, JNA is not bound.
     */
    @Test
    void whereFfmServesJnaIsNeverLoaded() throws IOException, InterruptedException {
        ffm();
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Djna.nosys=true", "-Djna.noclasspath=true", "-Djna.nounpack=true",
                "-Xlog:class+load=info:stdout", "-cp", System.getProperty("java.class.path"), FfmOnlyReport.class.getName());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the child JVM finished");
        assertEquals(0, process.exitValue(), output);

        List<String> lines = output.lines().map(String::strip).collect(Collectors.toList());
        assertTrue(lines.contains("binding=FFM"), output);
        for (CounterKind kind : FfmOnlyReport.KINDS) {
            assertTrue(lines.contains("served." + kind + "=windows"), kind + " in " + output);
        }
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("cpus=[0")), output);
        List<String> jnaClasses = lines.stream().filter(line -> line.contains(" com.sun.jna.")).collect(Collectors.toList());
        assertEquals(List.of(), jnaClasses, "JNA classes loaded where FFM serves");
    }

    @ParameterizedTest
    @EnumSource(names = {"TICK", "MULTIMEDIA", "SYSTEM_TIME", "HIGH_PERFORMANCE", "THREAD_TIMES", "PROCESS_TIMES"})
    void startAndStopAllocateNothingThroughFfm(CounterKind kind) {
        Allocations.assertStartStopAllocateNothing(new WindowsKinds(ffm()).create(kind), MEASURED_PAIRS);
    }

    /** The value {@code call} returns, or the message of the exception it throws. */
    private static String outcome(java.util.function.LongSupplier call) {
        try {
            return "returned " + call.getAsLong();
        } catch (CounterException e) {
            return "threw " + e.getMessage();
        }
    }

    /** Reads {@code clock} through JNA, FFM and JNA again: the FFM reading must lie between. */
    private static void assertBracketed(String clock, WindowsCalls ffm, ToLongFunction<WindowsCalls> read) {
        ReadingBetween.assertBetween(clock, () -> read.applyAsLong(JNA), () -> read.applyAsLong(ffm));
    }

    /** {@code GetProcessTimes(GetCurrentProcess())} through {@code api}, into a new structure. */
    private static Scratch processTimes(WindowsCalls api) {
        Scratch times = api.allocate(WindowsCalls.TIMES_BYTES);
        assertTrue(api.getProcessTimes(api.getCurrentProcess(), times));
        return times;
    }

    private static long fileTime(WindowsCalls api, java.util.function.BiConsumer<WindowsCalls, Scratch> call) {
        Scratch fileTime = api.allocate(WindowsCalls.FILETIME_BYTES);
        call.accept(api, fileTime);
        return fileTime.longAt(0);
    }

    private static long total(java.util.function.Consumer<long[]> sample) {
        long[] into = new long[dev.counters.internal.CpuTimesSource.SAMPLE_LENGTH];
        sample.accept(into);
        return into[dev.counters.internal.CpuTimesSource.TOTAL];
    }
}
