package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.CpuTimesCounter;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import dev.counters.testing.FloorProvider;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The provider as the registry sees it, over a fake layer and with no layer at all. */
class WindowsCounterProviderTest {
    private static final EnumSet<CounterKind> SERVED = EnumSet.allOf(CounterKind.class);

    @Test
    void isThePlatformProviderNamedWindows() {
        WindowsCounterProvider provider = WindowsCounterProvider.over(new FakeWindowsCalls());

        assertEquals("windows", provider.name());
        assertEquals(CounterProvider.RANK_PLATFORM, provider.rank());
    }

    @ParameterizedTest
    @EnumSource(CounterKind.class)
    void servesEveryKindWhenEveryCallWorks(CounterKind kind) {
        WindowsCounterProvider provider = WindowsCounterProvider.over(new FakeWindowsCalls());

        assertEquals(SERVED.contains(kind), provider.support(kind).isSupported(), provider.support(kind).toString());
        if (SERVED.contains(kind)) {
            Counter counter = provider.create(kind);
            assertEquals(kind.isCpuTimes(), counter instanceof CpuTimesCounter);
            if (kind != CounterKind.CPU_CYCLES) { // the fake's cycle code stands still: it has no rate to describe
                assertSame(counter.getInfo(), provider.describe(kind), "described without a counter as its counter says");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(CounterKind.class)
    void anUnavailableProviderDescribesNothingAndSaysWhy(CounterKind kind) {
        String reason = WindowsSystem.platformProblem("Linux", "amd64").orElseThrow();
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> WindowsCounterProvider.unavailable(reason).describe(kind));
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    @Test
    void describesEachKindAsServedByWindows() {
        FakeWindowsCalls win32 = new FakeWindowsCalls();
        win32.performanceStep = 1;
        WindowsCounterProvider provider = WindowsCounterProvider.over(win32);

        for (CounterKind kind : List.of(CounterKind.HIGH_PERFORMANCE, CounterKind.PROCESS_CYCLES)) {
            assertEquals("windows", provider.create(kind).getInfo().provider());
            assertEquals(kind, provider.create(kind).getInfo().kind());
        }
    }

    @Test
    void outranksTheJdkFloorInTheRegistry() {
        FakeWindowsCalls win32 = new FakeWindowsCalls();
        win32.tickCount64 = 77;
        CounterRegistry registry = CounterRegistry.of(
                List.of(new FloorProvider(CounterKind.TICK, CounterKind.PERFORMANCE), WindowsCounterProvider.over(win32)));

        assertEquals("windows", registry.providerFor(CounterKind.TICK).orElseThrow());
        assertEquals("windows", registry.providerFor(CounterKind.MULTIMEDIA).orElseThrow());
        assertEquals("windows", registry.providerFor(CounterKind.THREAD_TIMES).orElseThrow());
    }

    @Test
    void anUnavailableProviderLetsTheFloorServe() {
        String reason = WindowsSystem.platformProblem("Linux", "amd64").orElseThrow();
        CounterRegistry registry = CounterRegistry.of(
                List.of(WindowsCounterProvider.unavailable(reason), new FloorProvider(CounterKind.TICK, CounterKind.PERFORMANCE)));

        assertEquals("floor", registry.providerFor(CounterKind.TICK).orElseThrow());
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> registry.create(CounterKind.MULTIMEDIA));
        assertTrue(e.getMessage().contains("windows: " + reason), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(CounterKind.class)
    void offWindowsEveryKindIsUnsupportedSayingWhy(CounterKind kind) {
        String reason = WindowsSystem.platformProblem("Linux", "amd64").orElseThrow();
        WindowsCounterProvider provider = WindowsCounterProvider.unavailable(reason);

        KindSupport support = provider.support(kind);

        assertFalse(support.isSupported());
        assertEquals(reason, support.reason());
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> provider.create(kind));
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    @Test
    void thePlatformProblemNamesTheOperatingSystemAndArchitecture() {
        assertEquals("counters-windows reads Win32 clocks and serves Windows only; this JVM runs on Linux (amd64),"
                        + " where the JDK provider or counters-posix serves the counters",
                WindowsSystem.platformProblem("Linux", "amd64").orElseThrow());
        assertTrue(WindowsSystem.platformProblem("Windows 11", "x86").orElseThrow().contains("needs a 64-bit JVM"));
        assertTrue(WindowsSystem.platformProblem("Windows 10", "amd64").isEmpty());
        assertTrue(WindowsSystem.platformProblem("Windows Server 2022", "aarch64").isEmpty());
    }

    @Test
    void supportIsDecidedOnceByATrialRead() {
        FakeWindowsCalls win32 = new FakeWindowsCalls();
        WindowsCounterProvider provider = WindowsCounterProvider.over(win32);
        assertTrue(provider.support(CounterKind.THREAD_TIMES).isSupported());
        int reads = win32.handlesUsed.size();

        provider.support(CounterKind.THREAD_TIMES);
        provider.support(CounterKind.THREAD_TIMES);

        assertEquals(reads, win32.handlesUsed.size());
    }

    @Test
    void aNullKindIsRejected() {
        WindowsCounterProvider provider = WindowsCounterProvider.over(new FakeWindowsCalls());

        assertThrows(NullPointerException.class, () -> provider.support(null));
        assertThrows(NullPointerException.class, () -> provider.create(null));
        assertInstanceOf(String.class, provider.toString());
    }
}
