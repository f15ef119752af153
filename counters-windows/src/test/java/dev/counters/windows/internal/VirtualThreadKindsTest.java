package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import dev.counters.testing.VirtualThreadRunner;
import org.junit.jupiter.api.Test;

/**
 * The Win32 kinds on a virtual thread (JDK 21+), over the fake layer: GetThreadTimes and
 * QueryThreadCycleTime on the current-thread pseudo-handle would read the carrier, so the
 * thread-bound kinds refuse before any call; the process and wall-clock kinds read as anywhere.
 */
class VirtualThreadKindsTest {
    private final FakeWindowsCalls win32 = new FakeWindowsCalls();
    private final WindowsCounterProvider provider = WindowsCounterProvider.over(win32);

    @Test
    void threadBoundKindsRefuseBeforeReadingTheCarrier() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        java.util.List<CounterKind> refused = new java.util.ArrayList<>();
        for (CounterKind kind : CounterKind.values()) {
            if (!kind.isThreadBound() || !provider.support(kind).isSupported()) {
                continue;
            }
            Counter counter = provider.create(kind);
            win32.handlesUsed.clear();
            Throwable thrown = VirtualThreadRunner.thrownBy(counter::start);
            IllegalStateException refusal = assertInstanceOf(IllegalStateException.class, thrown, kind.name());
            assertTrue(refusal.getMessage().contains("a virtual thread has no CPU clock of its own"), refusal.getMessage());
            assertTrue(win32.handlesUsed.isEmpty(), kind + " read " + win32.handlesUsed);
            refused.add(kind);
        }
        assertEquals(java.util.List.of(CounterKind.THREAD_TIMES, CounterKind.THREAD_CYCLES), refused);
    }

    @Test
    void processTimesReadsOnAVirtualThread() throws Exception {
        VirtualThreadRunner.assumeAvailable();
        CpuTimesCounter counter = (CpuTimesCounter) provider.create(CounterKind.PROCESS_TIMES);
        Throwable thrown = VirtualThreadRunner.thrownBy(() -> {
            counter.start();
            win32.processKernel += 1_000;
            win32.processUser += 3_000;
            counter.stop();
        });
        assertNull(thrown);
        assertEquals(4_000, counter.getPeriodCount());
        assertEquals(1_000, counter.getKernelPeriodCount());
        assertTrue(win32.handlesUsed.contains(FakeWindowsCalls.CURRENT_PROCESS));
    }
}
