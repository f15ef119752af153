package dev.counters.posix;

import static dev.counters.posix.FakePosixCalls.Call.SCHED_SETAFFINITY;
import static dev.counters.posix.FakePosixCalls.Call.SETPRIORITY;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import dev.counters.internal.ThreadControl.Adjustment;
import dev.counters.internal.ThreadControl;
import dev.counters.nativeaccess.Binding;
import java.util.Optional;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** Affinity and priority changes take effect and are undone, as the kernel reports them in {@code /proc/thread-self}. */
class PosixThreadControlTest {
    private final PosixThreadControl control = new PosixThreadControl();

    @Test
    void isRegisteredAndAvailableOnLinux() {
        assertTrue(ServiceLoader.load(ThreadControl.class).stream().anyMatch(p -> p.type() == PosixThreadControl.class));
        assertEquals(Optional.empty(), control.unavailableReason());
        assertEquals("posix", control.name());
    }

    @Test
    void allowedCpusAreTheKernelsCpusAllowedList() throws Exception {
        OnThread.run("allowed", () -> assertEquals(ProcStatus.cpusAllowedList(), CpuSets.format(control.allowedCpus())));
    }

    @Test
    void pinningRestrictsTheThreadAndClosingRestoresItsCpus() throws Exception {
        OnThread.run("pinned", () -> {
            String before = ProcStatus.cpusAllowedList();
            int[] allowed = control.allowedCpus();
            int last = allowed[allowed.length - 1];
            try (Adjustment pin = control.pinCurrentThread(last)) {
                assertTrue(pin.applied(), pin.description());
                assertEquals("pinned to CPU " + last + " (was " + before + ")", pin.description());
                assertEquals(String.valueOf(last), ProcStatus.cpusAllowedList());
                assertArrayEquals(new int[] {last}, control.allowedCpus());
            }
            assertEquals(before, ProcStatus.cpusAllowedList());
        });
    }

    @Test
    void pinningOnlyChangesTheCallingThread() throws Exception {
        long myTid = Kernel.gettid();
        String mine = ProcStatus.cpusAllowedList();
        OnThread.run("pinned", () -> {
            try (Adjustment pin = control.pinCurrentThread(control.allowedCpus()[0])) {
                assertTrue(pin.applied());
                assertEquals(mine, ProcStatus.cpusAllowedList(myTid), "the thread that started the pinned one is unchanged");
            }
        });
        assertEquals(mine, ProcStatus.cpusAllowedList());
    }

    @Test
    void pinningToACpuTheThreadMayNotUseIsRefusedWithTheAllowedSet() throws Exception {
        OnThread.run("refused", () -> {
            String before = ProcStatus.cpusAllowedList();
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> control.pinCurrentThread(4095));
            assertEquals("CPU 4095 is not one this thread may run on (allowed: " + before + "); pass one of allowedCpus()",
                    refused.getMessage());
            assertThrows(IllegalArgumentException.class, () -> control.pinCurrentThread(-1));
            assertEquals(before, ProcStatus.cpusAllowedList());
        });
    }

    @Test
    void raisingPriorityLowersTheNiceValueAndClosingRestoresIt() throws Exception {
        OnThread.run("raised", () -> {
            ProcStat before = ProcStat.thread();
            try (Adjustment raise = control.raiseCurrentThreadPriority()) {
                assertTrue(raise.applied(), raise.description());
                ProcStat raised = ProcStat.thread();
                assertEquals(PosixPlatform.HIGHEST_NICE_PRIORITY, raised.nice());
                assertTrue(raised.priority() < before.priority(), "the kernel priority field rose (fell numerically)");
                assertTrue(raise.description().endsWith("to nice -20 (was " + before.nice() + ")"), raise.description());
            }
            ProcStat after = ProcStat.thread();
            assertEquals(before.nice(), after.nice());
            assertEquals(before.priority(), after.priority());
        });
    }

    @Test
    void raisingPriorityLeavesOtherThreadsAlone() throws Exception {
        long myTid = Kernel.gettid();
        int mine = ProcStat.thread().nice();
        OnThread.run("raised", () -> {
            try (Adjustment raise = control.raiseCurrentThreadPriority()) {
                assertTrue(raise.applied());
                assertEquals(PosixPlatform.HIGHEST_NICE_PRIORITY, ProcStat.thread().nice());
                assertEquals(mine, ProcStat.task(myTid).nice(), "the thread that started the raised one is unchanged");
            }
        });
    }

    @Test
    void withoutPermissionToRaisePriorityNothingChangesAndTheReasonIsGiven() throws Exception {
        FakePosixCalls calls = new FakePosixCalls().fail(SETPRIORITY, FakePosixCalls.EACCES);
        PosixThreadControl unprivileged = new PosixThreadControl(Kernel.PLATFORM, Binding.of(() -> calls));
        OnThread.run("unprivileged", () -> {
            ProcStat before = ProcStat.thread();
            try (Adjustment raise = unprivileged.raiseCurrentThreadPriority()) {
                assertFalse(raise.applied());
                assertTrue(raise.description().contains("failed with error 13: Permission denied"), raise.description());
                assertTrue(raise.description().contains("CAP_SYS_NICE"), raise.description());
                assertEquals(before.nice(), ProcStat.thread().nice());
                assertEquals(before.priority(), ProcStat.thread().priority());
            }
            assertEquals(before.nice(), ProcStat.thread().nice());
        });
    }

    @Test
    void withoutPermissionToPinNothingChangesAndTheReasonIsGiven() throws Exception {
        FakePosixCalls calls = new FakePosixCalls().fail(SCHED_SETAFFINITY, FakePosixCalls.EPERM);
        PosixThreadControl confined = new PosixThreadControl(Kernel.PLATFORM, Binding.of(() -> calls));
        OnThread.run("confined", () -> {
            String before = ProcStatus.cpusAllowedList();
            try (Adjustment pin = confined.pinCurrentThread(confined.allowedCpus()[0])) {
                assertFalse(pin.applied());
                assertEquals("not applied: sched_setaffinity(CPU " + confined.allowedCpus()[0]
                        + ") failed with error 1: Operation not permitted", pin.description());
                assertEquals(before, ProcStatus.cpusAllowedList());
            }
            assertEquals(before, ProcStatus.cpusAllowedList());
        });
    }

    @Test
    void aRestoreThatFailsIsReportedNotSwallowed() throws Exception {
        FakePosixCalls calls = new FakePosixCalls();
        PosixThreadControl fragile = new PosixThreadControl(Kernel.PLATFORM, Binding.of(() -> calls));
        OnThread.run("fragile", () -> {
            Adjustment raise = fragile.raiseCurrentThreadPriority();
            assertTrue(raise.applied());
            calls.fail(SETPRIORITY, FakePosixCalls.EPERM);
            CounterException failure = assertThrows(CounterException.class, raise::close);
            assertTrue(failure.getMessage().contains("Operation not permitted"), failure.getMessage());
            calls.heal();
        });
    }

    @Test
    void anAdjustmentMustBeClosedOnItsOwnThread() throws Exception {
        OnThread.run("owner", () -> {
            int before = ProcStat.thread().nice();
            try (Adjustment raise = control.raiseCurrentThreadPriority()) {
                IllegalStateException refused = OnThread.call("stranger", () -> assertThrows(IllegalStateException.class, raise::close));
                assertTrue(refused.getMessage().contains("can only be undone there"), refused.getMessage());
                assertEquals(PosixPlatform.HIGHEST_NICE_PRIORITY, ProcStat.thread().nice(), "still raised");
            }
            assertEquals(before, ProcStat.thread().nice());
        });
    }

    @Test
    void elsewhereTheControlIsUnavailableAndSaysWhy() {
        PosixThreadControl onMac = new PosixThreadControl(PosixPlatform.of("Mac OS X", "aarch64", "64"), Binding.of(FakePosixCalls::new));
        assertEquals(Optional.of("thread affinity and priority are served on Linux only, not on Mac OS X/aarch64"),
                onMac.unavailableReason());
        assertFalse(onMac.pinCurrentThread(0).applied());
        assertFalse(onMac.raiseCurrentThreadPriority().applied());
        UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class, onMac::allowedCpus);
        assertTrue(refused.getMessage().contains("Linux only"), refused.getMessage());

        PosixThreadControl onWindows = new PosixThreadControl(PosixPlatform.of("Windows 11", "amd64", "64"),
                Binding.failed("not bound"));
        assertTrue(onWindows.unavailableReason().orElseThrow().contains("not a POSIX system"));

        PosixThreadControl unbound = new PosixThreadControl(Kernel.PLATFORM, Binding.failed("UnsatisfiedLinkError: no libc"));
        assertEquals(Optional.of("libc could not be bound through JNA: UnsatisfiedLinkError: no libc"), unbound.unavailableReason());
    }
}
