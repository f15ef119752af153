package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.Counters;
import dev.counters.CpuTimesCounter;
import dev.counters.Measures;
import dev.counters.nativeaccess.Binding;
import dev.counters.spi.CounterProvider;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The provider as users meet it: found by ServiceLoader, chosen over the JDK floor, and describing each counter honestly. */
class PosixCounterProviderTest {
    private static final Set<CounterKind> SERVED = EnumSet.of(CounterKind.TICK, CounterKind.MULTIMEDIA, CounterKind.SYSTEM_TIME,
            CounterKind.HIGH_PERFORMANCE, CounterKind.THREAD_TIMES, CounterKind.PROCESS_TIMES, CounterKind.PERFORMANCE);

    private final PosixCounterProvider provider = new PosixCounterProvider();

    @Test
    void isFoundByServiceLoaderAndOutranksTheJdkFloorForEveryWallAndCpuKind() {
        assertTrue(ServiceLoader.load(CounterProvider.class).stream().anyMatch(p -> p.type() == PosixCounterProvider.class));
        assertEquals("posix", provider.name());
        assertEquals(CounterProvider.RANK_PLATFORM, provider.rank());
        CounterRegistry registry = CounterRegistry.systemDefault();
        for (CounterKind kind : SERVED) {
            assertEquals(Optional.of("posix"), registry.providerFor(kind), kind.toString());
        }
        assertEquals("posix", Counters.threadTimes().getInfo().provider());
    }

    @Test
    void servesTheCycleKindsItCanAndRefusesTheRestWithTheReason() {
        for (CounterKind kind : EnumSet.complementOf(EnumSet.copyOf(SERVED))) {
            if (provider.support(kind).isSupported()) {
                assertEquals("posix", provider.create(kind).getInfo().provider(), kind.toString());
                continue;
            }
            assertFalse(provider.support(kind).reason().isBlank(), kind.toString());
            assertFalse(provider.support(kind).reason().contains("counters-measure"), provider.support(kind).reason());
            UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class, () -> provider.create(kind));
            assertTrue(refused.getMessage().contains(kind.toString()), refused.getMessage());
        }
    }

    @Test
    void eachInfoNamesItsClockAndCarriesMeasuredAndDeclaredResolution() {
        for (CounterKind kind : SERVED) {
            CounterInfo info = provider.create(kind).getInfo();
            System.out.println(kind + ": " + info.source() + ", resolution " + info.measureResolution());
            assertEquals(kind, info.kind());
            assertEquals("posix", info.provider());
            assertEquals(1_000_000_000L, info.frequency(), "every period count is in nanoseconds");
            assertTrue(info.measureResolution().declared().isPresent(), kind + " has clock_getres beside its measured resolution");
            assertTrue(info.measureResolution().stepsSeen() > 0, kind + " changed while it was probed");
            assertTrue(info.measureResolution().smallest().compareTo(Duration.ZERO) > 0);
            assertEquals(kind != CounterKind.SYSTEM_TIME, info.isMonotonic(), kind.toString());
            assertEquals(kind.isCpuTimes(), info.hasKernelUserSplit(), kind.toString());
        }
        assertEquals("clock_gettime(CLOCK_MONOTONIC_COARSE)", provider.create(CounterKind.TICK).getInfo().source());
        assertEquals("clock_gettime(CLOCK_BOOTTIME)", provider.create(CounterKind.MULTIMEDIA).getInfo().source());
        assertEquals("clock_gettime(CLOCK_REALTIME)", provider.create(CounterKind.SYSTEM_TIME).getInfo().source());
        assertEquals("clock_gettime(CLOCK_MONOTONIC)", provider.create(CounterKind.HIGH_PERFORMANCE).getInfo().source());
        assertEquals("clock_gettime(CLOCK_THREAD_CPUTIME_ID) + getrusage(RUSAGE_THREAD)",
                provider.create(CounterKind.THREAD_TIMES).getInfo().source());
        assertEquals("clock_gettime(CLOCK_PROCESS_CPUTIME_ID) + getrusage(RUSAGE_SELF)",
                provider.create(CounterKind.PROCESS_TIMES).getInfo().source());
    }

    @Test
    void theTickClockStepsByTheKernelTickThatClockGetresDeclares() {
        CounterInfo tick = provider.create(CounterKind.TICK).getInfo();
        Duration declared = tick.measureResolution().declared().orElseThrow();
        assertTrue(declared.compareTo(Duration.ofMillis(1)) >= 0, "CLOCK_MONOTONIC_COARSE declares a scheduler tick: " + declared);
        // NTP may trim each tick by up to 500 ppm: allow 1%.
        assertTrue(tick.measureResolution().smallest().compareTo(declared.minus(declared.dividedBy(100))) >= 0,
                "the coarse clock never moves by less than a tick: " + tick.measureResolution());
    }

    @Test
    void readsTheSameClocksThroughTheJvmWhereHotSpotDoesAndSaysSo() {
        PosixKinds clocks = new PosixKinds(Kernel.PLATFORM, Binding.of(() -> Kernel.CALLS));
        assertTrue(clocks.readsHighPerformanceThroughNanoTime(), "HotSpot on Linux reads CLOCK_MONOTONIC in System.nanoTime()");
        assertTrue(clocks.readsThreadTimesThroughMxBean(), "HotSpot on Linux reads the thread CPU clock in ThreadMXBean");
        CounterInfo systemTime = provider.create(CounterKind.SYSTEM_TIME).getInfo();
        assertEquals(PosixSystem.clockBinding().name(), systemTime.binding(), "CLOCK_REALTIME is read through libc, not Instant.now()");
        assertTrue(systemTime.notes().contains(PosixKindDescriptions.SYSTEM_TIME_PATH), systemTime.notes());
        String highPerformance = provider.create(CounterKind.HIGH_PERFORMANCE).getInfo().notes();
        assertTrue(highPerformance.contains("System.nanoTime()") && highPerformance.contains("HotSpot on Linux"), highPerformance);
        String threadTimes = provider.create(CounterKind.THREAD_TIMES).getInfo().notes();
        assertTrue(threadTimes.contains("ThreadMXBean.getCurrentThreadCpuTime()") && threadTimes.contains("kernel + user == total"),
                threadTimes);
    }

    @Test
    void measuresEachResolutionOncePerProcess() {
        assertSame(provider.create(CounterKind.TICK).getInfo(), new PosixCounterProvider().create(CounterKind.TICK).getInfo());
        assertSame(provider.create(CounterKind.HIGH_PERFORMANCE).getInfo().measureResolution(),
                provider.create(CounterKind.PERFORMANCE).getInfo().measureResolution(), "PERFORMANCE is HIGH_PERFORMANCE's clock");
    }

    @Test
    void cpuTimesKindsAreCpuTimesCountersMeasuringCpuTime() {
        for (CounterKind kind : List.of(CounterKind.THREAD_TIMES, CounterKind.PROCESS_TIMES)) {
            CpuTimesCounter counter = assertInstanceOf(CpuTimesCounter.class, provider.create(kind));
            assertEquals(kind == CounterKind.THREAD_TIMES ? Measures.THREAD_CPU_TIME : Measures.PROCESS_CPU_TIME,
                    counter.getInfo().measures());
        }
    }
}
