package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.counters.CloseableCounter;
import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.Counters;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.CycleInstruction;
import dev.counters.spi.KindSupport;
import dev.counters.testing.Allocations;
import dev.counters.testing.FloorProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The cycle kinds of counters-posix: CPU_CYCLES for real where the processor counter can be read,
 * and THREAD_CYCLES driven by a fake PMU ({@link FakePosixCalls.FakePmu}), so every path runs
 * whether or not this machine exposes one (a virtual machine usually does not:
 * {@code perf_event_open} fails with ENOENT).
 */
@EnabledOnOs(value = OS.LINUX, disabledReason = "perf_event_open and the /proc accounting are Linux's")
class PosixCyclesTest {
    private static final int ENOENT = 2;

    private final PosixCounterProvider real = new PosixCounterProvider();

    private static PosixCounterProvider over(FakePosixCalls calls) {
        return new PosixCounterProvider(new PosixKinds(Kernel.PLATFORM, Binding.of(() -> calls)));
    }

    // CPU_CYCLES, for real

    @Test
    void cpuCyclesNeverGoBack() {
        KindSupport support = real.support(CounterKind.CPU_CYCLES);
        if (!support.isSupported()) {
            assertFalse(support.reason().isBlank());
            return;
        }
        Counter cycles = real.create(CounterKind.CPU_CYCLES);
        cycles.start();
        long previous = 0;
        for (int i = 0; i < 10_000; i++) {
            cycles.stop();
            long now = cycles.getPeriodCount();
            assertTrue(now >= previous, "went back from " + previous + " to " + now);
            previous = now;
        }
    }

    @Test
    void cpuCyclesAgreeWithWallTime() {
        KindSupport support = real.support(CounterKind.CPU_CYCLES);
        if (!support.isSupported()) {
            assertFalse(support.reason().isBlank());
            return;
        }
        Counter cycles = real.create(CounterKind.CPU_CYCLES);
        cycles.getFrequency(); // estimate the frequency outside the timed interval
        // Wall time brackets each cycle read, so a preemption between two reads widens the bracket instead of
        // failing the test; the estimated frequency may be off by 1%, and 100 us covers the clocks' steps.
        long outerStart = System.nanoTime();
        cycles.start();
        long innerStart = System.nanoTime();
        LockSupport.parkNanos(50_000_000);
        long innerEnd = System.nanoTime();
        cycles.stop();
        long outerEnd = System.nanoTime();
        long cycleNanos = cycles.getNanoseconds();
        long inner = innerEnd - innerStart;
        long outer = outerEnd - outerStart;
        assertTrue(cycleNanos >= inner - inner / 100 - 100_000 && cycleNanos <= outer + outer / 100 + 100_000,
                "cycles say " + cycleNanos + " ns, System.nanoTime between " + inner + " and " + outer + " ns");
        assertEquals("posix", cycles.getInfo().provider());
        assertEquals(CounterKind.CPU_CYCLES, cycles.getInfo().kind());
        assertTrue(cycles.getInfo().source().startsWith("RDTSC") || cycles.getInfo().source().startsWith("CNTVCT_EL0"),
                cycles.getInfo().source());
    }

    @Test
    void cpuCyclesStartAndStopAllocateNothing() {
        KindSupport support = real.support(CounterKind.CPU_CYCLES);
        if (!support.isSupported()) {
            assertFalse(support.reason().isBlank());
            return;
        }
        Allocations.assertStartStopAllocateNothing(real.create(CounterKind.CPU_CYCLES), 50_000);
    }

    @Test
    void theRegistryServesCpuCyclesFromThePlatformModule() {
        if (real.support(CounterKind.CPU_CYCLES).isSupported()) {
            assertEquals("posix", Counters.create(CounterKind.CPU_CYCLES).getInfo().provider());
        }
    }

    // CPU_CYCLES, from a fake code page

    @Test
    void cpuCyclesConvertAtTheEstimatedRateOfTheCounter() {
        assumeTrue(CycleInstruction.forArch(System.getProperty("os.arch")).orElseThrow().frequencyCode().isEmpty(),
                "the counter's rate is declared by the hardware here (CNTFRQ_EL0), not estimated");
        PosixCounterProvider provider = over(new FakePosixCalls().withCycleCode(() -> 3 * System.nanoTime()));
        Counter cycles = provider.create(CounterKind.CPU_CYCLES);

        assertEquals(3e9, cycles.getFrequency(), 3e9 / 100, "a counter read as 3 x System.nanoTime() ticks at 3 GHz");
    }

    @Test
    void aPageThatCannotBeMadeExecutableIsUnmappedAndNamedWithErrnoAndText() {
        FakePosixCalls calls = new FakePosixCalls().withCycleCode(() -> 0).fail(FakePosixCalls.Call.MPROTECT, FakePosixCalls.EACCES);
        KindSupport support = over(calls).support(CounterKind.CPU_CYCLES);

        assertFalse(support.isSupported());
        assertTrue(support.reason().contains("could not make the RDTSC code executable")
                || support.reason().contains("CNTVCT_EL0"), support.reason());
        assertTrue(support.reason().contains("mprotect(PROT_READ|PROT_EXEC) failed with error 13: Permission denied"),
                support.reason());
        assertEquals(calls.mappedPages(), calls.unmappedPages(), "the page that failed is given back");
    }

    // THREAD_CYCLES, from a fake PMU

    @Test
    void threadCyclesCountWhatThePmuCounted() {
        FakePosixCalls.FakePmu pmu = new FakePosixCalls.FakePmu();
        try (CloseableCounter cycles = (CloseableCounter) over(new FakePosixCalls().withPmu(pmu)).create(CounterKind.THREAD_CYCLES)) {
            pmu.next(1_000, 500, 500);
            cycles.start();
            pmu.next(5_000, 900, 900);
            cycles.stop();

            assertEquals(4_000, cycles.getPeriodCount());
        }
    }

    @Test
    void aMultiplexedCountIsScaledByTimeEnabledOverTimeRunning() {
        FakePosixCalls.FakePmu pmu = new FakePosixCalls.FakePmu();
        try (CloseableCounter cycles = (CloseableCounter) over(new FakePosixCalls().withPmu(pmu)).create(CounterKind.THREAD_CYCLES)) {
            pmu.next(0, 0, 0);
            cycles.start();
            pmu.next(3_000, 1_000, 250); // counted a quarter of the time: the full count is four times as many
            cycles.stop();

            assertEquals(12_000, cycles.getPeriodCount());
            assertTrue(cycles.toString().contains("scaled: the event counted 25.0% of the time"), cycles.toString());
        }
    }

    @Test
    void aCountThatNeverRanIsRefusedNotReadAsZero() {
        FakePosixCalls.FakePmu pmu = new FakePosixCalls.FakePmu();
        try (CloseableCounter cycles = (CloseableCounter) over(new FakePosixCalls().withPmu(pmu)).create(CounterKind.THREAD_CYCLES)) {
            pmu.next(0, 1_000_000, 0);
            CounterException refused = assertThrows(CounterException.class, cycles::start);

            assertTrue(refused.getMessage().contains("never ran on the PMU"), refused.getMessage());
            assertTrue(refused.getMessage().endsWith("; the kernel's figures for this multiplexed event give no count that can be trusted"),
                    refused.getMessage());
        }
    }

    @Test
    void aShortReadSaysHowShortWithoutAStaleErrno() {
        FakePosixCalls.FakePmu pmu = new FakePosixCalls.FakePmu().next(1, 1, 1);
        FakePosixCalls calls = new FakePosixCalls().withPmu(pmu);
        try (CloseableCounter cycles = (CloseableCounter) over(calls).create(CounterKind.THREAD_CYCLES)) {
            Kernel.CALLS.close(-1); // leaves errno = EBADF on this thread, as an earlier failed call would
            pmu.shortRead(16);
            CounterException failure = assertThrows(CounterException.class, cycles::start);

            assertTrue(failure.errorCode().isEmpty(), "a short read sets no errno, yet got " + failure.errorCode());
            assertTrue(failure.getMessage().contains("read 16 bytes instead of 24"), failure.getMessage());
        }
    }

    @Test
    void aFailedReadCarriesErrnoAndText() {
        FakePosixCalls.FakePmu pmu = new FakePosixCalls.FakePmu().next(1, 1, 1);
        FakePosixCalls calls = new FakePosixCalls().withPmu(pmu);
        try (CloseableCounter cycles = (CloseableCounter) over(calls).create(CounterKind.THREAD_CYCLES)) {
            calls.fail(FakePosixCalls.Call.READ, FakePosixCalls.EFAULT);
            CounterException failure = assertThrows(CounterException.class, cycles::start);

            assertEquals(FakePosixCalls.EFAULT, failure.errorCode().orElseThrow());
            assertTrue(failure.getMessage().contains("read(perf_event fd) failed with error 14: Bad address"), failure.getMessage());
        }
    }

    @Test
    void threadCyclesCountTheCreatingThreadOnly() throws Exception {
        FakePosixCalls.FakePmu pmu = new FakePosixCalls.FakePmu().next(1, 1, 1);
        try (CloseableCounter cycles = (CloseableCounter) over(new FakePosixCalls().withPmu(pmu)).create(CounterKind.THREAD_CYCLES)) {
            Throwable wrongThread = CompletableFuture.supplyAsync(() -> {
                try {
                    cycles.start();
                    return null;
                } catch (IllegalStateException e) {
                    return e;
                }
            }).get();

            assertInstanceOf(IllegalStateException.class, wrongThread, "perf events count the creating thread only");
            assertTrue(wrongThread.getMessage().contains("create the counter on the thread it measures"), wrongThread.getMessage());
        }
    }

    @Test
    void aClosedCounterReleasesItsDescriptorAndRefusesToRunButKeepsItsReading() {
        FakePosixCalls.FakePmu pmu = new FakePosixCalls.FakePmu().next(10, 1, 1);
        FakePosixCalls calls = new FakePosixCalls().withPmu(pmu);
        CloseableCounter cycles = (CloseableCounter) over(calls).create(CounterKind.THREAD_CYCLES);
        cycles.start();
        pmu.next(30, 2, 2);
        cycles.stop();
        int open = calls.openEvents();

        cycles.close();
        cycles.close();

        assertEquals(open - 1, calls.openEvents());
        assertEquals(20, cycles.getPeriodCount());
        IllegalStateException closed = assertThrows(IllegalStateException.class, cycles::start);
        assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
    }

    @Test
    void manyShortLivedThreadsLeaveNoDescriptorOpen() throws Exception {
        FakePosixCalls.FakePmu pmu = new FakePosixCalls.FakePmu().next(1, 1, 1);
        FakePosixCalls calls = new FakePosixCalls().withPmu(pmu);
        PosixCounterProvider provider = over(calls);
        provider.support(CounterKind.THREAD_CYCLES); // the trial event, opened and closed before counting
        long before = openDescriptors();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            Thread thread = new Thread(() -> {
                try (CloseableCounter cycles = (CloseableCounter) provider.create(CounterKind.THREAD_CYCLES)) {
                    cycles.start();
                    cycles.stop();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "short-lived-" + i);
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }

        assertSame(null, failure.get());
        assertEquals(0, calls.openEvents());
        assertEquals(before, openDescriptors(), "descriptors in /proc/self/fd before and after 200 threads");
    }

    @Test
    void availableDescribesTheCycleKindsWithoutOpeningAnEvent() throws IOException {
        FakePosixCalls calls = new FakePosixCalls().withPmu(new FakePosixCalls.FakePmu().next(1, 1, 1))
                .withCycleCode(() -> 3 * System.nanoTime());
        CounterRegistry registry = CounterRegistry.of(List.of(over(calls), FloorProvider.jdk()));
        for (CounterKind kind : CounterKind.values()) {
            registry.providerFor(kind); // deciding opens and closes a trial event, and maps and unmaps a trial page
        }
        long descriptors = openDescriptors();
        assertEquals(0, heldPages(calls), "pages held after deciding who serves each kind");

        List<CounterKind> described = registry.available().stream().map(CounterInfo::kind).toList();

        assertTrue(described.containsAll(List.of(CounterKind.THREAD_CYCLES, CounterKind.CPU_CYCLES)), described.toString());
        assertEquals(0, calls.openEvents(), "events open after available()");
        assertEquals(descriptors, openDescriptors(), "descriptors in /proc/self/fd before and after available()");
        assertEquals(0, heldPages(calls), "pages held after available(), which estimated the cycle rate in a trial page");
        try (CloseableCounter cycles = (CloseableCounter) registry.create(CounterKind.THREAD_CYCLES)) {
            assertEquals(1, calls.openEvents(), "a counter holds its event");
            assertEquals(descriptors + 1, openDescriptors(), "and /proc/self/fd shows it");
        }
    }

    private static int heldPages(FakePosixCalls calls) {
        return calls.mappedPages().size() - calls.unmappedPages().size();
    }

    @Test
    void noDescriptorLeaksWhenTheReadBufferCannotBeAllocated() throws IOException {
        FakePosixCalls.FakePmu pmu = new FakePosixCalls.FakePmu().next(1, 1, 1);
        FakePosixCalls calls = new FakePosixCalls().withPmu(pmu);
        PosixCounterProvider provider = over(calls);
        provider.support(CounterKind.THREAD_CYCLES);
        long before = openDescriptors();
        calls.failAllocation(new IllegalStateException("no direct memory left"));

        assertThrows(IllegalStateException.class, () -> provider.create(CounterKind.THREAD_CYCLES));

        assertEquals(0, calls.openEvents());
        assertEquals(before, openDescriptors());
    }

    @Test
    void withoutAPmuThreadCyclesAreRefusedWithTheKernelsReason() {
        FakePosixCalls calls = new FakePosixCalls().fail(FakePosixCalls.Call.PERF_EVENT_OPEN, ENOENT);
        KindSupport support = over(calls).support(CounterKind.THREAD_CYCLES);

        assertFalse(support.isSupported());
        assertTrue(support.reason().contains("perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed with error 2"), support.reason());
        assertTrue(support.reason().contains("no hardware cycle event"), support.reason());
    }

    @Test
    void theRealPerfEventOpenCallIsWellFormed() {
        KindSupport support = real.support(CounterKind.THREAD_CYCLES);
        if (support.isSupported()) {
            return;
        }
        // No PMU (2, 95), not permitted (1, 13), no perf events (38): refusals of the machine. A malformed call
        // would be refused with EFAULT (14), EINVAL (22) or E2BIG (7) instead.
        assertTrue(support.reason().matches("perf_event_open\\(PERF_COUNT_HW_CPU_CYCLES\\) failed with error (2|95|1|13|38): .*"),
                support.reason());
    }

    @Test
    void thePerfEventAttrAsksForTheTimesEnabledAndRunning() {
        long[] attr = PerfEvents.cyclesAttr(false);
        assertEquals(64, attr[0] >>> 32, "size");
        assertEquals(PerfEvents.PERF_FORMAT_TOTAL_TIME_ENABLED | PerfEvents.PERF_FORMAT_TOTAL_TIME_RUNNING, attr[4]);
        assertEquals(0, PerfEvents.cyclesAttr(false)[5] & PerfEvents.FLAG_EXCLUDE_KERNEL);
        assertEquals(PerfEvents.FLAG_EXCLUDE_KERNEL, PerfEvents.cyclesAttr(true)[5] & PerfEvents.FLAG_EXCLUDE_KERNEL);
    }

    // What the registry advises

    @Test
    void theRegistryDoesNotAdviseAModuleThatIsAlreadyLoaded() {
        FakePosixCalls calls = new FakePosixCalls().fail(FakePosixCalls.Call.PERF_EVENT_OPEN, ENOENT);
        CounterRegistry registry = CounterRegistry.of(List.of(over(calls), FloorProvider.jdk()));

        String message = assertThrows(UnsupportedOperationException.class, () -> registry.create(CounterKind.THREAD_CYCLES))
                .getMessage();

        assertTrue(message.contains("perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed with error 2"), message);
        assertFalse(message.contains("Add dev.counters"), message);
        assertFalse(message.contains("counters-measure"), message);
    }

    @Test
    void processCyclesAreRefusedPlainlyOnLinux() {
        KindSupport support = real.support(CounterKind.PROCESS_CYCLES);
        assertFalse(support.isSupported());
        assertTrue(support.reason().contains("THREAD_CYCLES"), support.reason());

        String message = assertThrows(UnsupportedOperationException.class,
                () -> CounterRegistry.of(List.of(real, FloorProvider.jdk())).create(CounterKind.PROCESS_CYCLES))
                .getMessage();

        assertTrue(message.contains("Linux has no counter of the cycles of all a process's threads"), message);
        assertFalse(message.contains("Add dev.counters"), message);
    }

    /**
     * The descriptors of events in /proc/self/fd: real perf events, and the fake layer's eventfds.
     * Not every descriptor: the JVM opens others at any time (a jar on first use of a class).
     */
    private static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.map(PosixCyclesTest::target)
                    .filter(target -> target.contains("[eventfd]") || target.contains("[perf_event]"))
                    .count();
        }
    }

    private static String target(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString();
        } catch (IOException closedMeanwhile) {   // the listing's own descriptor, or one closed since
            return "";
        }
    }
}
