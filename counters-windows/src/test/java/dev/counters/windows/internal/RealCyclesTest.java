package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.Counters;
import dev.counters.spi.KindSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * THREAD_CYCLES and PROCESS_CYCLES through the real layer: under Wine the calls fail with error
 * 120 and the kinds are unavailable with that text; on Windows they count cycles. Never zeros.
 */
@RealWindowsCalls
class RealCyclesTest {
    private static final int ERROR_CALL_NOT_IMPLEMENTED = 120;

    private static volatile long sink;

    @ParameterizedTest
    @EnumSource(value = CounterKind.class, names = {"THREAD_CYCLES", "PROCESS_CYCLES"})
    void cycleKindsCountCyclesOrSayWhyNot(CounterKind kind) {
        KindSupport support = new WindowsCounterProvider().support(kind);
        String call = kind == CounterKind.THREAD_CYCLES ? "QueryThreadCycleTime" : "QueryProcessCycleTime";

        if (Wine.isRunning()) {
            assertFalse(support.isSupported());
            assertTrue(support.reason().startsWith(call + " failed with error " + ERROR_CALL_NOT_IMPLEMENTED + ": "),
                    support.reason());
            String text = support.reason().substring((call + " failed with error 120: ").length());
            assertFalse(text.isBlank());
            assertEquals(WindowsErrors.describe(WindowsSystem.require(), ERROR_CALL_NOT_IMPLEMENTED), text,
                    "the text is FormatMessage's for error 120");
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> Counters.create(kind));
            assertTrue(e.getMessage().contains(support.reason()), e.getMessage());
        } else {
            assertTrue(support.isSupported(), support.reason());
            Counter counter = Counters.create(kind);
            counter.start();
            long x = 1;
            for (int i = 0; i < 10_000_000; i++) {
                x = x * 31 + i;
            }
            sink = x;
            counter.stop();
            assertTrue(counter.getPeriodCount() > 0, kind + " counted no cycles for a busy loop");
        }
    }

    @Test
    void cpuCyclesAreReadFromAnExecutablePageAndAgreeWithWallTime() {
        KindSupport support = new WindowsCounterProvider().support(CounterKind.CPU_CYCLES);
        assertTrue(support.isSupported(), support.reason());
        Counter cycles = Counters.create(CounterKind.CPU_CYCLES);
        assertEquals("windows", cycles.getInfo().provider());
        cycles.getFrequency(); // estimated outside the timed interval
        // Wall time brackets each cycle read; the estimated frequency may be off by 1%, and 1 ms covers Wine's steps.
        long outerStart = System.nanoTime();
        cycles.start();
        long innerStart = System.nanoTime();
        java.util.concurrent.locks.LockSupport.parkNanos(50_000_000);
        long innerEnd = System.nanoTime();
        cycles.stop();
        long outerEnd = System.nanoTime();
        long inner = innerEnd - innerStart;
        long outer = outerEnd - outerStart;
        long cycleNanos = cycles.getNanoseconds();
        assertTrue(cycleNanos >= inner - inner / 100 - 1_000_000 && cycleNanos <= outer + outer / 100 + 1_000_000,
                "cycles say " + cycleNanos + " ns, System.nanoTime between " + inner + " and " + outer + " ns");
    }

    @Test
    void theCycleExportsArePresent() {
        assertTrue(WindowsSystem.require().cycleTimeMissing().isEmpty(),
                "kernel32 should export Query*CycleTime on Vista and later, and Wine exports them too");
    }
}
