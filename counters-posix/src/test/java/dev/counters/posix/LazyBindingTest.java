package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.testing.FloorProvider;
import dev.counters.testing.FreshJvm;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * libc is bound when a kind that reads it is first decided, and not before: the first
 * {@code Counters.performance()} on HotSpot reads {@code System.nanoTime()} and binds nothing.
 */
class LazyBindingTest {
    private static final PosixPlatform.Served LINUX = Kernel.PLATFORM;

    /** Binds the fake layer (or fails, if given a reason) and counts how often it is asked to. */
    private static final class CountingBinder implements Supplier<LayerChoice<PosixCalls>> {
        final AtomicInteger binds = new AtomicInteger();
        final FakePosixCalls calls = new FakePosixCalls();
        final String failure;

        CountingBinder(String failure) {
            this.failure = failure;
        }

        @Override
        public LayerChoice<PosixCalls> get() {
            binds.incrementAndGet();
            return new LayerChoice<>(CounterInfo.Binding.JNA, failure == null ? Binding.of(() -> calls) : Binding.failed(failure), "");
        }
    }

    @Test
    void performanceIsCreatedAndReadWithoutBindingWhereNanoTimeIsKnown() {
        CountingBinder binder = new CountingBinder(null);
        PosixKinds clocks = new PosixKinds(LINUX, binder, true);
        assertFalse(clocks.hasBound(), "making the clocks binds nothing");

        for (CounterKind kind : List.of(CounterKind.PERFORMANCE, CounterKind.HIGH_PERFORMANCE)) {
            assertTrue(clocks.support(kind).isSupported(), kind.toString());
            Counter counter = clocks.create(kind);
            counter.start();
            counter.stop();
            assertTrue(counter.getPeriodCount() >= 0);
        }
        assertTrue(clocks.readsHighPerformanceThroughNanoTime());
        assertEquals(0, binder.binds.get(), "nothing was bound");
        assertFalse(clocks.hasBound());
    }

    @Test
    void theDescriptionBindsToAskClockGetresAndConfirmsTheClock() {
        CountingBinder binder = new CountingBinder(null);
        PosixKinds clocks = new PosixKinds(LINUX, binder, true);
        CounterInfo info = clocks.create(CounterKind.PERFORMANCE).getInfo();

        assertEquals(1, binder.binds.get());
        assertEquals(CounterInfo.Binding.JVM, info.binding());
        // The fake layer reads the kernel's clocks: the check confirms what HotSpot was taken to do.
        assertTrue(info.notes().contains("HotSpot on Linux implements with clock_gettime(CLOCK_MONOTONIC)"), info.notes());
        assertTrue(info.notes().contains("a check when this description was made confirmed it reads CLOCK_MONOTONIC"), info.notes());
        assertTrue(info.measureResolution().declared().isPresent(), "clock_getres was asked");
    }

    @Test
    void aKindThatReadsLibcBindsOnItsFirstDecisionOnce() {
        CountingBinder binder = new CountingBinder(null);
        PosixKinds clocks = new PosixKinds(LINUX, binder, true);
        clocks.create(CounterKind.PERFORMANCE);
        assertEquals(0, binder.binds.get());

        assertTrue(clocks.support(CounterKind.TICK).isSupported());
        assertTrue(clocks.support(CounterKind.MULTIMEDIA).isSupported());
        clocks.create(CounterKind.SYSTEM_TIME);
        assertEquals(1, binder.binds.get(), "bound once, for the first kind that reads libc");
        assertTrue(clocks.hasBound());
    }

    @Test
    void whereNanoTimeIsNotKnownPerformanceBindsToCheckIt() {
        CountingBinder binder = new CountingBinder(null);
        PosixKinds clocks = new PosixKinds(LINUX, binder, false);
        assertTrue(clocks.support(CounterKind.PERFORMANCE).isSupported());
        assertEquals(1, binder.binds.get(), "the trial read and the check need libc");
    }

    @Test
    void withoutLibcTheKnownNanoTimeKindsAreStillServedAndSayWhatIsMissing() {
        String failure = "UnsatisfiedLinkError: Unable to load library 'c'";
        CountingBinder binder = new CountingBinder(failure);
        PosixKinds clocks = new PosixKinds(LINUX, binder, true);
        CounterRegistry registry = CounterRegistry.of(List.of(new PosixCounterProvider(clocks), FloorProvider.jdk()));

        assertEquals(PosixKinds.PROVIDER_NAME, registry.providerFor(CounterKind.PERFORMANCE).orElseThrow());
        assertEquals(FloorProvider.JDK, registry.providerFor(CounterKind.TICK).orElseThrow());
        assertEquals("libc could not be bound through JNA: " + failure, clocks.support(CounterKind.TICK).reason());
        CounterInfo info = registry.create(CounterKind.PERFORMANCE).getInfo();
        assertTrue(info.notes().contains("not confirmed, and clock_getres not asked, because libc could not be bound"), info.notes());
        assertFalse(info.measureResolution().declared().isPresent());
        assertEquals(1, binder.binds.get());
    }

    @Test
    void concurrentFirstRequestsBindOnceAndDecideOnce() throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        CountingBinder binder = new CountingBinder(null);
        PosixKinds clocks = new PosixKinds(LINUX, binder, true);
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Boolean>> answers = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                CounterKind kind = i % 2 == 0 ? CounterKind.TICK : CounterKind.SYSTEM_TIME;
                answers.add(pool.submit(() -> {
                    assertTrue(start.await(10, TimeUnit.SECONDS));
                    return clocks.support(kind).isSupported();
                }));
            }
            start.countDown();
            for (Future<Boolean> answer : answers) {
                assertTrue(answer.get(10, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, binder.binds.get());
    }

    @Test
    void nanoTimeIsKnownOnHotSpot16AndLaterOnTheServedSystemsOnly() {
        PosixPlatform.Served mac = Platforms.served("Mac OS X", "aarch64");
        PosixPlatform.Served freeBsd = Platforms.served("FreeBSD", "amd64");
        PosixPlatform windows = PosixPlatform.of("Windows 11", "amd64", "64");
        for (String hotSpot : List.of("OpenJDK 64-Bit Server VM", "Java HotSpot(TM) 64-Bit Server VM")) {
            assertTrue(JvmClockCheck.nanoTimeIsKnown(LINUX, hotSpot, 17), hotSpot);
            assertTrue(JvmClockCheck.nanoTimeIsKnown(mac, hotSpot, 25), hotSpot);
            assertTrue(JvmClockCheck.nanoTimeIsKnown(freeBsd, hotSpot, 16), hotSpot);
            assertFalse(JvmClockCheck.nanoTimeIsKnown(LINUX, hotSpot, 15), "before JDK-8246112 HotSpot could fall back");
            assertFalse(JvmClockCheck.nanoTimeIsKnown(windows, hotSpot, 25), "refused platform");
        }
        assertFalse(JvmClockCheck.nanoTimeIsKnown(LINUX, "Eclipse OpenJ9 VM", 21));
        assertFalse(JvmClockCheck.nanoTimeIsKnown(LINUX, "Substrate VM", 21));
        assertEquals("clock_gettime(CLOCK_MONOTONIC)", JvmClockCheck.nanoTimeImplementation(freeBsd));
        assertEquals("mach_absolute_time(), which is CLOCK_UPTIME_RAW", JvmClockCheck.nanoTimeImplementation(mac));
        assertTrue(JvmClockCheck.nanoTimeIsKnown(LINUX), "the JVM running these tests is HotSpot: " + System.getProperty("java.vm.name"));
    }

    @Test
    void theFirstPerformanceReadingOfAFreshJvmLoadsNeitherJnaNorFfmNorLibc() throws Exception {
        FreshJvm.FirstReading first = FreshJvm.firstReading("--enable-native-access=ALL-UNNAMED");

        assertEquals(PosixKinds.PROVIDER_NAME, first.value("provider"));
        assertEquals(CounterInfo.Binding.JVM.toString(), first.value("binding"));
        assertTrue(first.loadedBefore().contains("dev.counters.posix.PosixKinds"), "posix served it: " + first.loadedBefore());
        assertEquals(List.of(), first.loaded("com.sun.jna."), "JNA");
        assertEquals(List.of(), first.loaded("dev.counters.posix.LibcDirect"));
        assertEquals(List.of(), first.loaded("FfmPosixCalls"), "the FFM layer");
        assertEquals(List.of(), first.loaded("java.lang.foreign.Linker"), "FFM's linker");
    }
}
