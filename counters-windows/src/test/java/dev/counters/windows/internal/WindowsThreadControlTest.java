package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.internal.ThreadControl.Adjustment;
import dev.counters.spi.CounterProvider;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** Affinity and priority changes, and their exact restoration, over a fake Win32 layer. */
class WindowsThreadControlTest {
    private final FakeWindowsCalls win32 = new FakeWindowsCalls();
    private final WindowsThreadControl control = WindowsThreadControl.over(win32);

    @Test
    void isTheWindowsPlatformControl() {
        assertEquals("windows", control.name());
        assertEquals(CounterProvider.RANK_PLATFORM, control.rank());
        assertTrue(control.unavailableReason().isEmpty());
    }

    @Test
    void allowedCpusIsTheThreadMaskAndLeavesItAsItWas() {
        win32.processMask = 0b1011;
        win32.threadMasks.put(Thread.currentThread(), 0b1010L);

        assertArrayEquals(new int[] {1, 3}, control.allowedCpus());
        assertEquals(0b1010L, win32.threadMask());
    }

    @Test
    void pinningRestrictsTheThreadAndClosingRestoresThePreviousMask() {
        win32.processMask = 0b1111;
        win32.threadMasks.put(Thread.currentThread(), 0b0110L);

        try (Adjustment pin = control.pinCurrentThread(2)) {
            assertTrue(pin.applied());
            assertEquals(0b0100L, win32.threadMask());
            assertArrayEquals(new int[] {2}, control.allowedCpus());
            assertEquals("pinned to CPU 2 (was 1-2)", pin.description());
        }
        assertEquals(0b0110L, win32.threadMask());
    }

    @Test
    void pinningToACpuTheProcessMayNotUseIsABadArgument() {
        win32.processMask = 0b0101;

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> control.pinCurrentThread(1));
        assertThrows(IllegalArgumentException.class, () -> control.pinCurrentThread(-1));
        assertThrows(IllegalArgumentException.class, () -> control.pinCurrentThread(64));

        assertEquals("CPU 1 is not one this process may run on; choose one of 0,2 (its affinity mask)", e.getMessage());
    }

    @Test
    void aDeniedPinIsReportedNotThrown() {
        win32.affinityError = WindowsCalls.ERROR_ACCESS_DENIED;

        Adjustment pin = control.pinCurrentThread(0);

        assertFalse(pin.applied());
        assertEquals("not applied: SetThreadAffinityMask failed with error 5: Access is denied.", pin.description());
    }

    @Test
    void anyOtherAffinityFailureThrowsWithTheWin32Text() {
        win32.affinityError = FakeWindowsCalls.ERROR_INVALID_HANDLE;

        CounterException e = assertThrows(CounterException.class, () -> control.pinCurrentThread(0));

        assertEquals("SetThreadAffinityMask failed with error 6: The handle is invalid.", e.getMessage());
    }

    @Test
    void raisingPriorityRaisesClassAndThreadAndClosingRestoresBoth() {
        win32.priorityClass = FakeWindowsCalls.NORMAL_PRIORITY_CLASS;
        win32.threadPriorities.put(Thread.currentThread(), -1);

        try (Adjustment raise = control.raiseCurrentThreadPriority()) {
            assertTrue(raise.applied());
            assertEquals(WindowsCalls.HIGH_PRIORITY_CLASS, win32.priorityClass);
            assertEquals(WindowsCalls.THREAD_PRIORITY_HIGHEST, win32.threadPriority());
            assertEquals("process HIGH_PRIORITY_CLASS (was NORMAL_PRIORITY_CLASS), "
                    + "thread THREAD_PRIORITY_HIGHEST (was THREAD_PRIORITY_BELOW_NORMAL)", raise.description());
        }
        assertEquals(FakeWindowsCalls.NORMAL_PRIORITY_CLASS, win32.priorityClass);
        assertEquals(-1, win32.threadPriority());
    }

    @Test
    void nothingIsLowered() {
        win32.priorityClass = WindowsCalls.REALTIME_PRIORITY_CLASS;
        win32.threadPriorities.put(Thread.currentThread(), 15);

        Adjustment raise = control.raiseCurrentThreadPriority();

        assertFalse(raise.applied());
        assertEquals(WindowsCalls.REALTIME_PRIORITY_CLASS, win32.priorityClass);
        assertEquals(15, win32.threadPriority());
        assertEquals("not applied: the process is already at REALTIME_PRIORITY_CLASS; "
                + "the thread is already at THREAD_PRIORITY_TIME_CRITICAL", raise.description());
    }

    @Test
    void aDeniedPriorityClassStillRaisesTheThreadAndSaysSo() {
        win32.priorityClassError = WindowsCalls.ERROR_ACCESS_DENIED;

        try (Adjustment raise = control.raiseCurrentThreadPriority()) {
            assertTrue(raise.applied());
            assertEquals(WindowsCalls.THREAD_PRIORITY_HIGHEST, win32.threadPriority());
            assertTrue(raise.description().contains(
                    "SetPriorityClass(HIGH_PRIORITY_CLASS) failed with error 5: Access is denied."), raise.description());
        }
        assertEquals(0, win32.threadPriority());
        assertEquals(FakeWindowsCalls.NORMAL_PRIORITY_CLASS, win32.priorityClass);
    }

    @Test
    void aThreadPriorityFailureOtherThanDenialPutsTheClassBackBeforeThrowing() {
        win32.threadPriorityError = 6; // ERROR_INVALID_HANDLE

        CounterException e = assertThrows(CounterException.class, control::raiseCurrentThreadPriority);

        assertTrue(e.getMessage().contains("SetThreadPriority(THREAD_PRIORITY_HIGHEST) failed with error 6"), e.getMessage());
        assertEquals(FakeWindowsCalls.NORMAL_PRIORITY_CLASS, win32.priorityClass, "the process is not left at HIGH");
    }

    @Test
    void closingAttemptsBothRestoresAndReportsTheFirstFailure() {
        Adjustment raise = control.raiseCurrentThreadPriority();
        win32.threadPriorityError = 6;

        CounterException e = assertThrows(CounterException.class, raise::close);

        assertTrue(e.getMessage().contains("SetThreadPriority"), e.getMessage());
        assertEquals(FakeWindowsCalls.NORMAL_PRIORITY_CLASS, win32.priorityClass, "the class was restored all the same");
    }

    @Test
    void anAdjustmentIsUndoneOnlyOnTheThreadThatMadeIt() throws Exception {
        Adjustment pin = control.pinCurrentThread(0);

        ExecutionException e = assertThrows(ExecutionException.class, () -> CompletableFuture.runAsync(pin::close).get());

        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals(0b0001L, win32.threadMask(), "still pinned: the other thread changed nothing");
        pin.close();
        assertEquals(win32.processMask, win32.threadMask());
    }

    @Test
    void closingTwiceRestoresOnce() {
        Adjustment raise = control.raiseCurrentThreadPriority();
        raise.close();
        win32.priorityClass = WindowsCalls.REALTIME_PRIORITY_CLASS; // changed by someone else since

        raise.close();

        assertEquals(WindowsCalls.REALTIME_PRIORITY_CLASS, win32.priorityClass);
    }

    @Test
    void unavailableOffWindowsWithTheReason() {
        WindowsThreadControl offWindows = WindowsThreadControl.unavailable("counters-windows serves Windows only");

        assertEquals("counters-windows serves Windows only", offWindows.unavailableReason().orElseThrow());
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, offWindows::allowedCpus);
        assertEquals("counters-windows serves Windows only", e.getMessage());
        assertThrows(UnsupportedOperationException.class, () -> offWindows.pinCurrentThread(0));
        assertThrows(UnsupportedOperationException.class, offWindows::raiseCurrentThreadPriority);
    }

    @Test
    void masksAreFormattedAsRanges() {
        assertEquals("0-3,6,8-9", WindowsThreadControl.format(0b11_0100_1111L));
        assertEquals("63", WindowsThreadControl.format(Long.MIN_VALUE));
        assertEquals("no CPU", WindowsThreadControl.format(0));
    }
}
