package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.counters.CounterException;
import org.junit.jupiter.api.Test;

/** GetLastError codes and MMRESULTs become exceptions that say what failed and why. */
class WindowsErrorsTest {
    private final FakeWindowsCalls win32 = new FakeWindowsCalls();

    @Test
    void carriesTheCodeAndTheTrimmedSystemText() {
        win32.setThreadAffinityMask(FakeWindowsCalls.CURRENT_THREAD, 1L << 40); // outside the process mask: error 87

        CounterException e = WindowsErrors.lastError(win32, "SetThreadAffinityMask");

        assertEquals("SetThreadAffinityMask", e.api());
        assertEquals(87, e.errorCode().orElseThrow());
        assertEquals("The parameter is incorrect.", e.errorText().orElseThrow());
        assertEquals("SetThreadAffinityMask failed with error 87: The parameter is incorrect.", e.getMessage());
    }

    @Test
    void saysSoWhenTheSystemHasNoTextForACode() {
        assertEquals("the system has no message for error 4242", WindowsErrors.describe(win32, 4242));
    }

    @Test
    void namesTheMmResults() {
        assertEquals("timeEndPeriod(1) failed with error 97: TIMERR_NOCANDO: the period is outside what timeGetDevCaps"
                + " reports, or was never begun", WindowsErrors.mmResult("timeEndPeriod(1)", 97).getMessage());
        assertEquals("MMRESULT 11", WindowsErrors.describeMmResult(11));
    }
}
