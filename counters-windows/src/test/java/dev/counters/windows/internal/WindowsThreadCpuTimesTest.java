package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.ThreadCpuTimesReader.ThreadCpuTimes;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Other threads' times through OpenThread and GetThreadTimes, against a fake Win32 layer. */
class WindowsThreadCpuTimesTest {
    private final FakeWindowsCalls win32 = new FakeWindowsCalls();
    private final WindowsThreadCpuTimes reader = new WindowsThreadCpuTimes(win32, "");

    @Test
    void readsTheOpenedThreadsKernelAndUserTimeAndClosesItsHandleOnce() {
        win32.otherThreads.put(4242, new long[] {1_500, 8_500});
        long[] sample = new long[CpuTimesSource.SAMPLE_LENGTH];
        ThreadCpuTimes times = reader.open(4242);
        assertEquals(WindowsCalls.THREAD_QUERY_LIMITED_INFORMATION, win32.openThreadAccess);
        assertEquals(4242, times.nativeThreadId());
        times.sample(sample);
        assertEquals(1_500, sample[CpuTimesSource.KERNEL]);
        assertEquals(8_500, sample[CpuTimesSource.USER]);
        assertEquals(10_000, sample[CpuTimesSource.TOTAL]);
        long handle = win32.handlesUsed.get(win32.handlesUsed.size() - 1);
        assertEquals(Optional.of(4242), Optional.ofNullable(win32.openHandles.get(handle)));

        times.close();
        times.close();
        assertEquals(List.of(handle), win32.closedHandles);
        IllegalStateException closed = assertThrows(IllegalStateException.class, () -> times.sample(sample));
        assertTrue(closed.getMessage().contains("open them again"), closed.getMessage());
    }

    @Test
    void describesItselfInFileTimeUnits() {
        assertEquals(10_000_000, reader.frequency());
        assertEquals("windows", reader.name());
        assertEquals(Optional.empty(), reader.unavailableReason());
        assertTrue(reader.source().startsWith("GetThreadTimes(OpenThread("), reader.source());
    }

    @Test
    void aThreadThatCannotBeOpenedIsAnErrorWithItsCode() {
        CounterException missing = assertThrows(CounterException.class, () -> reader.open(77));
        assertTrue(missing.getMessage().contains("OpenThread(THREAD_QUERY_LIMITED_INFORMATION, FALSE, 77)"), missing.getMessage());
        assertTrue(missing.getMessage().contains("87"), missing.getMessage());
        assertTrue(win32.closedHandles.isEmpty());
    }

    @Test
    void failuresToReadOrToCloseAreErrorsWithTheirCodes() {
        win32.otherThreads.put(9, new long[] {0, 0});
        ThreadCpuTimes times = reader.open(9);
        win32.threadTimesError = WindowsCalls.ERROR_ACCESS_DENIED;
        CounterException read = assertThrows(CounterException.class, () -> times.sample(new long[3]));
        assertTrue(read.getMessage().contains("GetThreadTimes"), read.getMessage());
        win32.closeHandleError = FakeWindowsCalls.ERROR_INVALID_HANDLE;
        CounterException close = assertThrows(CounterException.class, times::close);
        assertTrue(close.getMessage().contains("CloseHandle(thread 9)"), close.getMessage());
    }

    @Test
    void anUnavailableLayerOrABadIdIsRefusedSayingWhy() {
        WindowsThreadCpuTimes off = new WindowsThreadCpuTimes(null, "counters-windows serves Windows only");
        assertEquals(Optional.of("counters-windows serves Windows only"), off.unavailableReason());
        UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class, () -> off.open(5));
        assertTrue(refused.getMessage().contains("Windows only"), refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> reader.open(0));
        assertThrows(IllegalArgumentException.class, () -> reader.open(1L << 32));
    }
}
