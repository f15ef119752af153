package dev.counters.posix;

import static dev.counters.posix.FakePosixCalls.Call.CLOCK_GETTIME;
import static dev.counters.posix.FakePosixCalls.Call.GETRUSAGE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.CpuTimesCounter;
import dev.counters.nativeaccess.Binding;
import dev.counters.spi.KindSupport;
import dev.counters.testing.FloorProvider;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every failure a native call can report reaches the user with its errno and the system's text; nothing becomes a silent zero. */
class NativeFailureTest {
    private static final PosixPlatform.Served LINUX = Kernel.PLATFORM;

    private static int clockId(CounterKind kind) {
        return LINUX.clock(kind).orElseThrow().id();
    }

    @Test
    void aClockThatFailsAtLoadIsReportedUnsupportedWithErrnoText() {
        FakePosixCalls calls = new FakePosixCalls().fail(CLOCK_GETTIME, clockId(CounterKind.MULTIMEDIA), FakePosixCalls.EINVAL);
        PosixCounterProvider provider = new PosixCounterProvider(new PosixKinds(LINUX, Binding.of(() -> calls)));

        KindSupport support = provider.support(CounterKind.MULTIMEDIA);
        assertFalse(support.isSupported());
        assertEquals("clock_gettime(CLOCK_BOOTTIME) failed with error 22: Invalid argument", support.reason());
        assertTrue(provider.support(CounterKind.TICK).isSupported(), "the other clocks are unaffected");

        UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class,
                () -> CounterRegistry.of(List.of(provider, FloorProvider.jdk())).create(CounterKind.MULTIMEDIA));
        assertTrue(refused.getMessage().contains("Invalid argument"), refused.getMessage());
    }

    @Test
    void aFailingMonotonicClockHandsHighPerformanceToTheJdkFloor() {
        FakePosixCalls calls = new FakePosixCalls().fail(CLOCK_GETTIME, clockId(CounterKind.HIGH_PERFORMANCE), FakePosixCalls.EINVAL);
        PosixKinds clocks = new PosixKinds(LINUX, Binding.of(() -> calls));
        CounterRegistry registry = CounterRegistry.of(List.of(new PosixCounterProvider(clocks), FloorProvider.jdk()));

        assertFalse(clocks.readsHighPerformanceThroughNanoTime(), "System.nanoTime cannot be confirmed against a failing clock");
        assertEquals(Optional.of(FloorProvider.JDK), registry.providerFor(CounterKind.HIGH_PERFORMANCE));
        assertEquals(Optional.of(PosixKinds.PROVIDER_NAME), registry.providerFor(CounterKind.TICK));
    }

    @Test
    void aFailingRealtimeClockIsNotServed() {
        FakePosixCalls calls = new FakePosixCalls().fail(CLOCK_GETTIME, clockId(CounterKind.SYSTEM_TIME), FakePosixCalls.EINVAL);
        PosixKinds clocks = new PosixKinds(LINUX, Binding.of(() -> calls));

        assertFalse(clocks.support(CounterKind.SYSTEM_TIME).isSupported());
    }

    @Test
    void aClockThatFailsWhileTimingThrowsCounterExceptionWithErrnoAndText() {
        FakePosixCalls calls = new FakePosixCalls();
        Counter tick = new PosixCounterProvider(new PosixKinds(LINUX, Binding.of(() -> calls))).create(CounterKind.TICK);
        tick.start();
        calls.fail(CLOCK_GETTIME, clockId(CounterKind.TICK), FakePosixCalls.EFAULT);

        CounterException failure = assertThrows(CounterException.class, tick::stop);
        assertEquals("clock_gettime(CLOCK_MONOTONIC_COARSE)", failure.api());
        assertEquals(FakePosixCalls.EFAULT, failure.errorCode().getAsInt());
        assertEquals(Optional.of("Bad address"), failure.errorText());
        assertEquals("clock_gettime(CLOCK_MONOTONIC_COARSE) failed with error 14: Bad address", failure.getMessage());
        IllegalStateException unread = assertThrows(IllegalStateException.class, tick::getPeriodCount);
        assertTrue(unread.getMessage().contains("call stop()"), "a failed stop leaves nothing to read: " + unread.getMessage());
    }

    @Test
    void aFailingThreadSplitThrowsOnStop() {
        FakePosixCalls calls = new FakePosixCalls();
        CpuTimesCounter thread = (CpuTimesCounter) new PosixCounterProvider(new PosixKinds(LINUX, Binding.of(() -> calls)))
                .create(CounterKind.THREAD_TIMES);
        thread.start();
        calls.fail(GETRUSAGE, LINUX.rusageThread().getAsInt(), FakePosixCalls.EINVAL);

        CounterException failure = assertThrows(CounterException.class, thread::stop);
        assertEquals("getrusage(RUSAGE_THREAD) failed with error 22: Invalid argument", failure.getMessage());
    }

    @Test
    void aFailingThreadClockThrowsOnStartWhenReadThroughJna() {
        FakePosixCalls calls = new FakePosixCalls().fail(CLOCK_GETTIME, clockId(CounterKind.THREAD_TIMES), FakePosixCalls.EINVAL);
        PosixKinds clocks = new PosixKinds(LINUX, Binding.of(() -> calls));
        assertFalse(clocks.support(CounterKind.THREAD_TIMES).isSupported());
        assertEquals("clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed with error 22: Invalid argument",
                clocks.support(CounterKind.THREAD_TIMES).reason());
    }

    @Test
    void aFailingProcessSplitThrowsOnStart() {
        FakePosixCalls calls = new FakePosixCalls();
        Counter process = new PosixCounterProvider(new PosixKinds(LINUX, Binding.of(() -> calls))).create(CounterKind.PROCESS_TIMES);
        calls.fail(GETRUSAGE, PosixPlatform.RUSAGE_SELF, FakePosixCalls.EFAULT);

        CounterException failure = assertThrows(CounterException.class, process::start);
        assertEquals("getrusage(RUSAGE_SELF)", failure.api());
        assertEquals(Optional.of("Bad address"), failure.errorText());
    }

    @Test
    void aFailureReadsAsOneLineWithTheCallTheErrnoAndTheSystemsText() {
        FakePosixCalls calls = failedGetrusage(new FakePosixCalls());
        assertEquals("getrusage(RUSAGE_SELF) failed with error 14: Bad address", PosixErrors.describe(calls, "getrusage(RUSAGE_SELF)"));
    }

    @Test
    void aMissingOrFailingStrerrorStillLeavesTheCallAndTheErrno() {
        FakePosixCalls silent = failedGetrusage(new FakePosixCalls().errorText(errno -> null));
        CounterException noText = PosixErrors.of(silent, "getrusage(RUSAGE_SELF)");
        assertEquals("getrusage(RUSAGE_SELF) failed with error 14", noText.getMessage());
        assertEquals(Optional.of(""), noText.errorText());

        FakePosixCalls broken = failedGetrusage(new FakePosixCalls().errorText(errno -> {
            throw new UnsatisfiedLinkError("strerror");
        }));
        CounterException brokenText = PosixErrors.of(broken, "getrusage(RUSAGE_SELF)");
        assertEquals(14, brokenText.errorCode().orElseThrow());
        assertEquals(Optional.of("strerror failed too: java.lang.UnsatisfiedLinkError: strerror"), brokenText.errorText());
    }

    private static FakePosixCalls failedGetrusage(FakePosixCalls calls) {
        calls.fail(GETRUSAGE, PosixPlatform.RUSAGE_SELF, FakePosixCalls.EFAULT);
        assertEquals(-1, calls.getrusage(PosixPlatform.RUSAGE_SELF, calls.allocate(Layouts.RUSAGE_BYTES)));
        return calls;
    }

    @Test
    void aFailingClockGetresSurfacesWhenTheResolutionIsMeasured() {
        FakePosixCalls calls = new FakePosixCalls().fail(FakePosixCalls.Call.CLOCK_GETRES, FakePosixCalls.EINVAL);
        Counter system = new PosixCounterProvider(new PosixKinds(LINUX, Binding.of(() -> calls))).create(CounterKind.SYSTEM_TIME);

        CounterException failure = assertThrows(CounterException.class, () -> system.getInfo().measureResolution());
        assertEquals("clock_getres(CLOCK_REALTIME) failed with error 22: Invalid argument", failure.getMessage());
    }

    @Test
    void libcThatCannotBeBoundLeavesEveryKindToTheJdkFloorAndSaysWhy() {
        Binding<PosixCalls> unbound = Binding.of(() -> {
            throw new UnsatisfiedLinkError("Unable to load library 'c': libc.so.6: cannot open shared object file");
        });
        PosixCounterProvider provider = new PosixCounterProvider(new PosixKinds(LINUX, unbound));
        CounterRegistry registry = CounterRegistry.of(List.of(provider, FloorProvider.jdk()));

        String reason = "libc could not be bound through JNA: UnsatisfiedLinkError: Unable to load library 'c': "
                + "libc.so.6: cannot open shared object file";
        for (CounterKind kind : List.of(CounterKind.TICK, CounterKind.HIGH_PERFORMANCE, CounterKind.PERFORMANCE,
                CounterKind.SYSTEM_TIME, CounterKind.THREAD_TIMES, CounterKind.PROCESS_TIMES)) {
            assertEquals(reason, provider.support(kind).reason(), kind.toString());
            assertEquals(FloorProvider.JDK, registry.create(kind).getInfo().provider(), kind + " falls back to the floor");
        }
        CounterRegistry.ProviderReport posixReport = registry.providers().get(0);
        assertEquals(PosixKinds.PROVIDER_NAME, posixReport.name());
        assertEquals(reason, posixReport.support(CounterKind.MULTIMEDIA).reason());
        UnsupportedOperationException none = assertThrows(UnsupportedOperationException.class,
                () -> registry.create(CounterKind.MULTIMEDIA));
        assertTrue(none.getMessage().contains(reason), none.getMessage());
    }

    @Test
    void aRefusedPlatformIsNeverBoundAndSaysWhy() {
        PosixPlatform.Refused windows = Platforms.refused("Windows 11", "amd64", "64");
        Binding<PosixCalls> binding = PosixSystem.bindUnlessRefused(windows, () -> {
            throw new AssertionError("a refused platform must not be bound");
        });
        assertEquals(Optional.of(windows.reason()), binding.failure());
        PosixCounterProvider provider = PosixCounterProvider.refusing(windows);

        KindSupport support = provider.support(CounterKind.HIGH_PERFORMANCE);
        assertEquals(windows.reason(), support.reason());
        assertTrue(support.reason().contains("counters-windows"), support.reason());
        assertEquals(FloorProvider.JDK, CounterRegistry.of(List.of(provider, FloorProvider.jdk()))
                .create(CounterKind.HIGH_PERFORMANCE).getInfo().provider());
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> provider.create(CounterKind.HIGH_PERFORMANCE));
        assertTrue(e.getMessage().contains(windows.reason()), e.getMessage());
    }

    @Test
    void aRefusedPlatformRefusesEveryKind() {
        PosixPlatform.Refused thirtyTwoBit = Platforms.refused("Linux", "i386", "32");
        PosixCounterProvider provider = PosixCounterProvider.refusing(thirtyTwoBit);
        for (CounterKind kind : CounterKind.values()) {
            assertEquals(thirtyTwoBit.reason(), provider.support(kind).reason(), kind.toString());
        }
    }
}
