package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.Counters;
import dev.counters.internal.TickSource;
import dev.counters.testing.Bracket;
import java.time.Duration;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The wall clocks through the real Win32 layer, against the JDK's clocks over the same intervals. */
@RealWindowsCalls
class RealClocksTest {
    /** Windows 10 and later, and Wine, run QueryPerformanceCounter at 10 MHz. */
    private static final long WINE_QPC_FREQUENCY = 10_000_000L;
    /** FILETIME of 1970-01-01T00:00Z: 369 years of 100 ns intervals after 1601-01-01. */
    private static final long FILETIME_OF_UNIX_EPOCH = 116_444_736_000_000_000L;
    private static final Duration SLEEP = Duration.ofMillis(120);

    private final WindowsKinds kinds = WindowsSystem.kinds().orElseThrow(() -> new AssertionError(WindowsSystem.unavailableReason()));

    @ParameterizedTest
    @EnumSource(value = CounterKind.class, names = {
        "TICK", "MULTIMEDIA", "SYSTEM_TIME", "HIGH_PERFORMANCE", "PERFORMANCE", "THREAD_TIMES", "PROCESS_TIMES"})
    void theServiceLoaderPicksTheWindowsProviderForEveryClockKind(CounterKind kind) {
        assertTrue(new WindowsCounterProvider().support(kind).isSupported(), new WindowsCounterProvider().support(kind).toString());
        assertEquals("windows", CounterRegistry.systemDefault().providerFor(kind).orElseThrow());
        assertEquals("windows", Counters.create(kind).getInfo().provider());
    }

    @Test
    void queryPerformanceFrequencyIsPositiveAndTenMegahertzUnderWine() {
        long frequency = Counters.highPerformance().getFrequency();

        assertTrue(frequency > 0);
        if (Wine.isRunning()) {
            assertEquals(WINE_QPC_FREQUENCY, frequency);
        }
        assertEquals(frequency, Counters.performance().getFrequency(), "PERFORMANCE reads QPC here: QPF works");
        assertEquals("QueryPerformanceCounter", Counters.performance().getInfo().source());
    }

    @Test
    void queryPerformanceCounterNeverGoesBackwards() {
        TickSource qpc = kinds.sources().performanceCounter();
        long previous = qpc.read();
        long first = previous;
        for (int i = 0; i < 20_000; i++) {
            long current = qpc.read();
            assertTrue(current >= previous, "QPC went from " + previous + " back to " + current);
            previous = current;
        }
        assertTrue(previous > first, "QPC did not advance over 20 000 reads");
    }

    @ParameterizedTest
    @EnumSource(value = CounterKind.class, names = {"TICK", "MULTIMEDIA", "SYSTEM_TIME", "HIGH_PERFORMANCE", "PERFORMANCE"})
    void eachWallClockAgreesWithNanoTimeOverTheSameSleep(CounterKind kind) {
        Counter counter = Counters.create(kind);
        CounterInfo info = counter.getInfo();

        Bracket bracket = Bracket.time(counter, System::nanoTime, () -> Bracket.sleep(SLEEP));

        boolean timerTicks = kind == CounterKind.TICK || kind == CounterKind.MULTIMEDIA;
        bracket.assertContains(counter.getElapsed(), Slack.of(info.measureResolution(), timerTicks ? Slack.SYSTEM_TIMER_TICK : Duration.ZERO),
                kind.toString());
        assertTrue(info.measureResolution().stepsSeen() > 0, kind + " never moved while its resolution was probed");
    }

    @Test
    void systemTimeIsTheTimeOfDayThatCurrentTimeMillisReports() {
        CounterInfo info = Counters.systemTime().getInfo();
        long slackMillis = 2 * info.measureResolution().typical().toMillis() + 20;
        for (TickSource source : new TickSource[] {kinds.sources().systemTime(), kinds.sources().plainSystemTime()}) {
            long before = System.currentTimeMillis();
            long fileTime = source.read();
            long after = System.currentTimeMillis();
            long epochMillis = (fileTime - FILETIME_OF_UNIX_EPOCH) / 10_000;

            assertTrue(epochMillis >= before - slackMillis && epochMillis <= after + slackMillis,
                    "FILETIME " + fileTime + " is " + epochMillis + " ms since 1970; currentTimeMillis was " + before + ".." + after);
        }
    }

    @Test
    void systemTimeReadsThePreciseExportWhereWindowsHasIt() {
        assertEquals(kinds.sources().hasPreciseSystemTime() ? "GetSystemTimePreciseAsFileTime" : "GetSystemTimeAsFileTime",
                Counters.systemTime().getInfo().source());
        assertFalse(Counters.systemTime().getInfo().isMonotonic());
    }

    @Test
    void tickCountAndMultimediaTimeCountTheSameMillisecondsSinceBoot() {
        WindowsCalls api = kinds.sources().api();
        long tick = api.getTickCount64();
        long multimedia = Integer.toUnsignedLong(api.timeGetTime());
        long tickAfter = api.getTickCount64();
        long tickLow = tick & 0xFFFF_FFFFL;
        long slack = 2 * Counters.tick().getInfo().measureResolution().typical().toMillis() + 20;

        assertTrue(Math.abs(multimedia - tickLow) <= slack + (tickAfter - tick),
                "timeGetTime " + multimedia + " vs low 32 bits of GetTickCount64 " + tickLow);
    }

    @Test
    void theCurrentThreadAndProcessPseudoHandlesAreTheDocumentedConstants() {
        WindowsCalls api = kinds.sources().api();

        assertEquals(-2, api.getCurrentThread());
        assertEquals(-1, api.getCurrentProcess());
    }

    @Test
    void getLastErrorAndFormatMessageDescribeARealFailure() {
        WindowsCalls api = kinds.sources().api();
        long[] processMask = new long[1];
        long[] systemMask = new long[1];
        assertTrue(api.getProcessAffinityMask(api.getCurrentProcess(), processMask, systemMask));
        long outside = ~systemMask[0] & -~systemMask[0]; // the lowest CPU bit the system does not have

        long previous = api.setThreadAffinityMask(api.getCurrentThread(), outside);
        var failure = WindowsErrors.lastError(api, "SetThreadAffinityMask");

        assertEquals(0, previous, "SetThreadAffinityMask accepted a CPU the system lacks: mask " + Long.toHexString(outside));
        assertEquals(FakeWindowsCalls.ERROR_INVALID_PARAMETER, failure.errorCode().orElseThrow(), failure.getMessage());
        assertFalse(failure.errorText().orElseThrow().isBlank());
        assertFalse(failure.errorText().orElseThrow().startsWith("the system has no message"), failure.getMessage());
    }

    @Test
    void everyKindTheProviderServesHereIsDescribed() {
        WindowsCounterProvider provider = new WindowsCounterProvider();
        for (CounterKind kind : EnumSet.allOf(CounterKind.class)) {
            if (provider.support(kind).isSupported()) {
                CounterInfo info = provider.create(kind).getInfo();
                assertEquals(kind, info.kind());
                assertEquals("windows", info.provider());
                assertTrue(info.frequency() > 0);
            } else {
                assertFalse(provider.support(kind).reason().isBlank(), kind.toString());
            }
        }
    }
}
