package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.internal.ThreadControl.Adjustment;
import dev.counters.internal.ThreadControl;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** SetThreadAffinityMask, SetPriorityClass and SetThreadPriority through the real layer, each restored on close. */
@RealWindowsCalls
class RealThreadControlTest {
    private final WindowsCalls api = WindowsSystem.require();
    private final ThreadControl control = ServiceLoader.load(ThreadControl.class).stream()
            .map(ServiceLoader.Provider::get)
            .filter(candidate -> candidate.name().equals("windows"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("the ServiceLoader found no windows ThreadControl"));

    @Test
    void isFoundByTheServiceLoaderAndAvailable() {
        assertTrue(control.unavailableReason().isEmpty(), control.unavailableReason().orElse(""));
    }

    @Test
    void allowedCpusAreTheProcessMaskForAnUnpinnedThread() {
        long[] processMask = new long[1];
        long[] systemMask = new long[1];
        assertTrue(api.getProcessAffinityMask(api.getCurrentProcess(), processMask, systemMask));

        assertArrayEquals(WindowsThreadControl.cpus(processMask[0]), control.allowedCpus());
    }

    @Test
    void pinningToEachAllowedCpuRestrictsTheThreadAndClosingRestoresIt() {
        int[] before = control.allowedCpus();
        assertTrue(before.length > 0);

        for (int cpu : before) {
            try (Adjustment pin = control.pinCurrentThread(cpu)) {
                assertTrue(pin.applied(), pin.description());
                assertArrayEquals(new int[] {cpu}, control.allowedCpus());
            }
            assertArrayEquals(before, control.allowedCpus(), "after unpinning from CPU " + cpu);
        }
    }

    @Test
    void raisingPriorityReachesHighAndHighestAndClosingRestoresBoth() {
        long process = api.getCurrentProcess();
        long thread = api.getCurrentThread();
        int classBefore = api.getPriorityClass(process);
        int priorityBefore = api.getThreadPriority(thread);

        try (Adjustment raise = control.raiseCurrentThreadPriority()) {
            assertTrue(raise.applied(), raise.description());
            assertEquals(WindowsCalls.HIGH_PRIORITY_CLASS, api.getPriorityClass(process), raise.description());
            assertEquals(WindowsCalls.THREAD_PRIORITY_HIGHEST, api.getThreadPriority(thread), raise.description());
        }

        assertEquals(classBefore, api.getPriorityClass(process));
        assertEquals(priorityBefore, api.getThreadPriority(thread));
    }
}
