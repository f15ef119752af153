package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterException;
import dev.counters.CounterKind;
import dev.counters.spi.KindSupport;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** THREAD_CYCLES and PROCESS_CYCLES: served only where Query*CycleTime works, never as zeros. */
class CycleKindsTest {
    private final FakeWindowsCalls win32 = new FakeWindowsCalls();

    @ParameterizedTest
    @EnumSource(value = CounterKind.class, names = {"THREAD_CYCLES", "PROCESS_CYCLES"})
    void areUnsupportedWithTheWin32TextWhenTheCallFailsAsOnWine(CounterKind kind) {
        win32.cycleError = FakeWindowsCalls.ERROR_CALL_NOT_IMPLEMENTED;
        WindowsCounterProvider provider = WindowsCounterProvider.over(win32);

        KindSupport support = provider.support(kind);

        String call = kind == CounterKind.THREAD_CYCLES ? "QueryThreadCycleTime" : "QueryProcessCycleTime";
        assertFalse(support.isSupported());
        assertEquals(call + " failed with error 120: This function is not supported on this system.", support.reason());
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> provider.create(kind));
        assertTrue(e.getMessage().contains(support.reason()), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = CounterKind.class, names = {"THREAD_CYCLES", "PROCESS_CYCLES"})
    void areUnsupportedWhenKernel32LacksTheExports(CounterKind kind) {
        win32.cycleMissing = "QueryThreadCycleTime/QueryProcessCycleTime are not exported by kernel32";

        KindSupport support = WindowsCounterProvider.over(win32).support(kind);

        assertFalse(support.isSupported());
        assertEquals(win32.cycleMissing, support.reason());
    }

    @Test
    void threadCyclesCountsTheCyclesChargedToTheThread() {
        win32.megahertz = 2_400;
        win32.threadCycles = 1L << 40;
        Counter counter = WindowsCounterProvider.over(win32).create(CounterKind.THREAD_CYCLES);
        counter.start();
        win32.threadCycles += 4_800_000;
        counter.stop();

        assertEquals(4_800_000, counter.getPeriodCount());
        assertEquals(2_400_000_000L, counter.getFrequency());
        assertEquals(2_000, counter.getMicroseconds());
        assertTrue(win32.handlesUsed.contains(FakeWindowsCalls.CURRENT_THREAD));
        assertTrue(counter.getInfo().notes().contains("nominal processor clock"), counter.getInfo().notes());
    }

    @Test
    void processCyclesCountsTheCyclesOfAllThreads() {
        Counter counter = WindowsCounterProvider.over(win32).create(CounterKind.PROCESS_CYCLES);
        counter.start();
        win32.processCycles += 123_456_789;
        counter.stop();

        assertEquals(123_456_789, counter.getPeriodCount());
        assertTrue(win32.handlesUsed.contains(FakeWindowsCalls.CURRENT_PROCESS));
    }

    @Test
    void aCycleCallFailingWhileCountingThrows() {
        Counter counter = WindowsCounterProvider.over(win32).create(CounterKind.THREAD_CYCLES);
        counter.start();
        win32.cycleError = FakeWindowsCalls.ERROR_INVALID_HANDLE;

        CounterException e = assertThrows(CounterException.class, counter::stop);

        assertEquals("QueryThreadCycleTime", e.api());
        assertEquals(FakeWindowsCalls.ERROR_INVALID_HANDLE, e.errorCode().orElseThrow());
    }

    @Test
    void cpuCyclesReadTheProcessorCounterFromAnExecuteReadPage() {
        win32.processorCycles = 1_000;
        Counter counter = WindowsCounterProvider.over(win32).create(CounterKind.CPU_CYCLES);
        counter.start();
        win32.processorCycles += 2_400_000;
        counter.stop();

        assertEquals(2_400_000, counter.getPeriodCount());
        assertEquals(List.of(WindowsCalls.PAGE_READWRITE, WindowsCalls.PAGE_EXECUTE_READ, WindowsCalls.PAGE_READWRITE,
                        WindowsCalls.PAGE_EXECUTE_READ), win32.pageProtections,
                "the trial page and the counter's: each written while read-write, then made execute-read, never both");
        assertEquals(2, win32.pagesAllocated.size());
        assertEquals(win32.pagesAllocated.subList(0, 1), win32.pagesFreed, "the trial page is given back; the counter's stays");
        assertTrue(win32.handlesUsed.contains(FakeWindowsCalls.CURRENT_PROCESS), "the instruction cache of this process is flushed");
    }

    @Test
    void aPageThatCannotBeMadeExecutableIsFreedAndNamedWithTheSystemsText() {
        win32.virtualProtectError = WindowsCalls.ERROR_ACCESS_DENIED;
        KindSupport support = WindowsCounterProvider.over(win32).support(CounterKind.CPU_CYCLES);

        assertFalse(support.isSupported());
        assertTrue(support.reason().contains("VirtualProtect(PAGE_EXECUTE_READ) failed with error 5: Access is denied."),
                support.reason());
        assertEquals(win32.pagesAllocated, win32.pagesFreed);
    }

    @Test
    void aPageThatCannotBeAllocatedIsNamedWithTheSystemsText() {
        win32.virtualAllocError = FakeWindowsCalls.ERROR_INVALID_PARAMETER;
        KindSupport support = WindowsCounterProvider.over(win32).support(CounterKind.CPU_CYCLES);

        assertFalse(support.isSupported());
        assertTrue(support.reason().contains("VirtualAlloc(MEM_COMMIT|MEM_RESERVE, PAGE_READWRITE) failed with error 87:"
                + " The parameter is incorrect."), support.reason());
    }
}
