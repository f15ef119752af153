package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Priority classes rank by meaning, not by their numeric values, and unknown values are left alone. */
class PrioritiesTest {
    private static final int IDLE = 0x40;
    private static final int NORMAL = 0x20;
    private static final int ABOVE_NORMAL = 0x8000;

    @Test
    void everyClassBelowHighIsBelowHighWhateverItsValue() {
        assertTrue(Priorities.classIsBelowHigh(IDLE), "the lowest class");
        assertTrue(Priorities.classIsBelowHigh(NORMAL));
        assertTrue(Priorities.classIsBelowHigh(ABOVE_NORMAL), "0x8000 is numerically above HIGH's 0x80");
        assertFalse(Priorities.classIsBelowHigh(WindowsCalls.HIGH_PRIORITY_CLASS));
        assertFalse(Priorities.classIsBelowHigh(WindowsCalls.REALTIME_PRIORITY_CLASS));
        assertFalse(Priorities.classIsBelowHigh(0x1234), "an unknown class is not raised");
    }

    @Test
    void threadPrioritiesBelowHighestAreBelowIt() {
        assertTrue(Priorities.threadIsBelowHighest(WindowsCalls.THREAD_PRIORITY_HIGHEST - 1));
        assertFalse(Priorities.threadIsBelowHighest(WindowsCalls.THREAD_PRIORITY_HIGHEST));
        assertFalse(Priorities.threadIsBelowHighest(15));
    }

    @Test
    void namesAreWin32sOrSayTheValue() {
        assertEquals("ABOVE_NORMAL_PRIORITY_CLASS", Priorities.className(ABOVE_NORMAL));
        assertEquals("priority class 0x1234", Priorities.className(0x1234));
        assertEquals("THREAD_PRIORITY_TIME_CRITICAL", Priorities.threadName(15));
        assertEquals("thread priority 7", Priorities.threadName(7));
    }
}
