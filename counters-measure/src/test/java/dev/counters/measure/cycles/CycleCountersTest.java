package dev.counters.measure.cycles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Platform;
import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.Counters;
import dev.counters.spi.KindSupport;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class CycleCountersTest {
    private final CycleCounterProvider provider = new CycleCounterProvider();

    @Test
    void processorCounterIsMonotonic() {
        if (!ProcessorCounter.isAvailable()) {
            assertThrows(UnsupportedOperationException.class, ProcessorCounter::read);
            return;
        }
        long previous = ProcessorCounter.read();
        for (int i = 0; i < 10_000; i++) {
            long now = ProcessorCounter.read();
            assertTrue(now >= previous, "went back from " + previous + " to " + now);
            previous = now;
        }
    }

    @Test
    void cpuCyclesCounterAgreesWithWallTime() {
        if (!provider.support(CounterKind.CPU_CYCLES).isSupported()) {
            assertFalse(provider.support(CounterKind.CPU_CYCLES).reason().isBlank());
            return;
        }
        Counter cycles = provider.create(CounterKind.CPU_CYCLES);
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
        assertEquals("cycles", cycles.getInfo().provider());
        assertEquals(CounterKind.CPU_CYCLES, cycles.getInfo().kind());
    }

    @Test
    void cpuCyclesStartAndStopAllocateNothing() {
        if (!provider.support(CounterKind.CPU_CYCLES).isSupported()) {
            assertFalse(provider.support(CounterKind.CPU_CYCLES).reason().isBlank());
            return;
        }
        Counter cycles = provider.create(CounterKind.CPU_CYCLES);
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = startStop(cycles, 20_000); // warm up
        long before = threads.getCurrentThreadAllocatedBytes();
        sum += startStop(cycles, 100_000);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        // The smallest object is 16 bytes: under one byte per call means no call allocates (the rest is one-off JIT work).
        assertTrue(allocated < 100_000, "100 000 start()/stop()/getPeriodCount() allocated " + allocated + " bytes (sum " + sum + ")");
    }

    private static long startStop(Counter counter, int times) {
        long sum = 0;
        for (int i = 0; i < times; i++) {
            counter.start();
            counter.stop();
            sum += counter.getPeriodCount();
        }
        return sum;
    }

    @Test
    void serviceLoaderFindsTheCyclesProvider() {
        boolean found = CounterRegistry.systemDefault().providers().stream().anyMatch(p -> p.name().equals("cycles"));
        assertTrue(found, CounterRegistry.systemDefault().providers().toString());
        if (ProcessorCounter.isAvailable()) {
            assertEquals("cycles", Counters.create(CounterKind.CPU_CYCLES).getInfo().provider());
        }
    }

    @Test
    void threadCyclesAreServedOrRefusedWithAReasonNeverZero() throws Exception {
        KindSupport support = provider.support(CounterKind.THREAD_CYCLES);
        if (!support.isSupported()) {
            assertTrue(support.reason().contains(Platform.isWindows() ? "QueryThreadCycleTime" : "perf_event_open")
                    || !Platform.isLinux(), support.reason());
            assertThrows(UnsupportedOperationException.class, () -> provider.create(CounterKind.THREAD_CYCLES));
            String message = assertThrows(UnsupportedOperationException.class,
                    () -> CounterRegistry.of(List.of(provider)).create(CounterKind.THREAD_CYCLES))
                    .getMessage();
            assertTrue(message.contains(support.reason()), message);
            return;
        }
        Counter counter = provider.create(CounterKind.THREAD_CYCLES);
        counter.start();
        long x = 1;
        for (int i = 0; i < 10_000_000; i++) {
            x = x * 31 + i;
        }
        counter.stop();
        assertTrue(counter.getPeriodCount() > 1_000_000 || x == 0, "10 M multiply-adds took " + counter.getPeriodCount() + " cycles");
        if (Platform.isLinux()) {
            Throwable wrongThread = CompletableFuture.supplyAsync(() -> {
                try {
                    counter.start();
                    return null;
                } catch (IllegalStateException e) {
                    return e;
                }
            }).get();
            assertTrue(wrongThread instanceof IllegalStateException, "perf events count the creating thread only");
        }
    }

    @Test
    void processCyclesOnLinuxAreRefusedWithTheReason() {
        if (Platform.isLinux()) {
            KindSupport support = provider.support(CounterKind.PROCESS_CYCLES);
            assertFalse(support.isSupported());
            assertTrue(support.reason().contains("THREAD_CYCLES"), support.reason());
        }
    }

    @Test
    void servesNothingButCycles() {
        for (CounterKind kind : CounterKind.values()) {
            if (kind.measures() != dev.counters.Measures.CYCLES) {
                assertFalse(provider.support(kind).isSupported(), kind.name());
            }
        }
    }
}
