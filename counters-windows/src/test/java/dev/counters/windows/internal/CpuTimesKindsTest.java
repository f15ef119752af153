package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CpuTimesCounter;
import dev.counters.spi.KindSupport;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** THREAD_TIMES and PROCESS_TIMES: FILETIME kernel and user times, total = kernel + user. */
class CpuTimesKindsTest {
    private final FakeWindowsCalls win32 = new FakeWindowsCalls();
    private final WindowsCounterProvider provider = WindowsCounterProvider.over(win32);

    @Test
    void threadTimesSplitsKernelAndUserIn100NanosecondUnits() {
        win32.threadKernel = 1_000_000;
        win32.threadUser = 9_000_000;
        CpuTimesCounter counter = (CpuTimesCounter) provider.create(CounterKind.THREAD_TIMES);
        counter.start();
        win32.threadKernel += 156_250; // 15.625 ms
        win32.threadUser += 468_750;   // 46.875 ms
        counter.stop();

        assertEquals(625_000, counter.getPeriodCount());
        assertEquals(156_250, counter.getKernelPeriodCount());
        assertEquals(468_750, counter.getUserPeriodCount());
        assertEquals(10_000_000, counter.getFrequency());
        assertEquals(62_500_000, counter.getNanoseconds());
        assertEquals(15_625, counter.getKernelMicroseconds());
        assertEquals(46_875, counter.getUserMicroseconds());
        assertEquals(62, counter.getMilliseconds());
        assertEquals(counter.getMilliseconds(), counter.getKernelMilliseconds() + counter.getUserMilliseconds());
    }

    @Test
    void threadTimesReadsTheCurrentThreadPseudoHandleAndProcessTimesTheProcessOne() {
        provider.create(CounterKind.THREAD_TIMES).start();
        provider.create(CounterKind.PROCESS_TIMES).start();

        assertTrue(win32.handlesUsed.contains(FakeWindowsCalls.CURRENT_THREAD));
        assertTrue(win32.handlesUsed.contains(FakeWindowsCalls.CURRENT_PROCESS));
    }

    @Test
    void processTimesSplitsKernelAndUser() {
        CpuTimesCounter counter = (CpuTimesCounter) provider.create(CounterKind.PROCESS_TIMES);
        win32.processKernel = 50;
        win32.processUser = 70;
        counter.start();
        win32.processKernel += 1_230;
        win32.processUser += 40_000;
        counter.stop();

        assertEquals(41_230, counter.getPeriodCount());
        assertEquals(1_230, counter.getKernelPeriodCount());
        assertEquals(40_000, counter.getUserPeriodCount());
        assertEquals(4_123_000, counter.getNanoseconds());
    }

    @Test
    void fileTimesAreReadWholeAcrossTheirDwordBoundaryAndFromTheirOwnSlots() {
        long lowDwordFull = (1L << Integer.SIZE) - 100; // 429 s of CPU time: the low DWORD is about to carry
        long kernelSpent = (1L << Integer.SIZE) + 300;  // more than a DWORD can count
        long userSpent = 5_000_000_000L;
        win32.processKernel = lowDwordFull;
        win32.processUser = 3 * lowDwordFull;
        CpuTimesCounter counter = (CpuTimesCounter) provider.create(CounterKind.PROCESS_TIMES);
        counter.start();
        win32.processKernel += kernelSpent;
        win32.processUser += userSpent;
        counter.stop();

        assertEquals(kernelSpent, counter.getKernelPeriodCount(), "kernel time, read from its own FILETIME, low and high DWORD");
        assertEquals(userSpent, counter.getUserPeriodCount(), "user time, not the creation or exit time");
        assertEquals(kernelSpent + userSpent, counter.getPeriodCount());
    }

    @Test
    void describesTheSplitAndTheUnits() {
        CounterInfo info = provider.create(CounterKind.THREAD_TIMES).getInfo();

        assertEquals(CounterKind.THREAD_TIMES, info.kind());
        assertEquals("GetThreadTimes(GetCurrentThread())", info.source());
        assertTrue(info.hasKernelUserSplit());
        assertEquals(10_000_000, info.frequency());
        assertTrue(info.notes().contains("total = kernel + user"), info.notes());
    }

    @Test
    void threadTimesMustBeStoppedOnTheThreadThatStartedIt() throws Exception {
        CpuTimesCounter counter = (CpuTimesCounter) provider.create(CounterKind.THREAD_TIMES);
        counter.start();

        ExecutionException e = assertThrows(ExecutionException.class, () -> CompletableFuture.runAsync(counter::stop).get());

        assertInstanceOf(IllegalStateException.class, e.getCause());
    }

    @Test
    void aFailingGetThreadTimesMakesTheKindUnsupportedWithTheWin32Text() {
        win32.threadTimesError = FakeWindowsCalls.ERROR_INVALID_HANDLE;

        KindSupport support = provider.support(CounterKind.THREAD_TIMES);

        assertFalse(support.isSupported());
        assertEquals("GetThreadTimes failed with error 6: The handle is invalid.", support.reason());
        assertTrue(provider.support(CounterKind.PROCESS_TIMES).isSupported());
    }

    @Test
    void aFailureWhileCountingThrowsInsteadOfCountingZero() {
        CpuTimesCounter counter = (CpuTimesCounter) provider.create(CounterKind.PROCESS_TIMES);
        counter.start();
        win32.processTimesError = WindowsCalls.ERROR_ACCESS_DENIED;

        CounterException e = assertThrows(CounterException.class, counter::stop);

        assertEquals("GetProcessTimes", e.api());
        assertEquals(WindowsCalls.ERROR_ACCESS_DENIED, e.errorCode().orElseThrow());
        assertEquals("Access is denied.", e.errorText().orElseThrow());
    }
}
