package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import dev.counters.nativeaccess.Binding;
import dev.counters.spi.KindSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The words a refused {@code perf_event_open} adds to the system's error text say what the error
 * number establishes and nothing it does not: ENOSYS is a kernel built without perf events and an
 * emulator without the call alike (qemu-user returns it), EPERM the paranoid setting and a seccomp
 * filter alike. Pinned whole, so that a guess cannot creep back in.
 */
@EnabledOnOs(value = OS.LINUX, disabledReason = "the fake layer passes strerror to the real libc; the texts are Linux's")
class PerfEventErrorTextsTest {
    private static final int EPERM = 1;
    private static final int ENOENT = 2;
    private static final int EACCES = 13;
    private static final int ENOSYS = 38;
    private static final int EOPNOTSUPP = 95;

    private static String refusal(int errno) {
        FakePosixCalls calls = new FakePosixCalls().fail(FakePosixCalls.Call.PERF_EVENT_OPEN, errno);
        KindSupport support = new PosixCounterProvider(new PosixKinds(Kernel.PLATFORM, Binding.of(() -> calls)))
                .support(CounterKind.THREAD_CYCLES);
        assertFalse(support.isSupported());
        return support.reason();
    }

    @Test
    void enosysSaysTheCallIsNotImplementedHereWithoutClaimingByWhom() {
        assertEquals("perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed with error 38: Function not implemented: "
                + "the perf_event_open system call is not implemented here (by the kernel, built without perf events, "
                + "or by an emulator between this process and the kernel; the error does not say which)",
                refusal(ENOSYS));
    }

    @Test
    void noSuchEventNamesVirtualMachinesAsAnExampleNotAsTheCause() {
        String expected = "no hardware cycle event can be counted here (the kernel knows no PMU event for CPU cycles "
                + "on this processor; virtual machines without a virtual PMU are one such case)";
        assertEquals(expected, PerfEvents.explain(ENOENT));
        assertEquals(expected, PerfEvents.explain(EOPNOTSUPP));
        assertTrue(refusal(ENOENT).startsWith("perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed with error 2: "
                + "No such file or directory: no hardware cycle event"), refusal(ENOENT));
    }

    @Test
    void aRefusalNamesBothTheParanoidSettingAndSeccomp() {
        for (int errno : new int[] {EPERM, EACCES}) {
            String text = PerfEvents.explain(errno);
            assertTrue(text.matches("not permitted: kernel\\.perf_event_paranoid is (-?[0-9]+|unknown) "
                    + "\\(user-mode counting needs <= 2, or CAP_PERFMON\\), or a seccomp filter refuses the call "
                    + "\\(Docker's default profile refuses it to unprivileged containers\\)"), text);
        }
    }

    @Test
    void otherErrorsGetTheSystemsTextAlone() {
        assertEquals("", PerfEvents.explain(22));
        assertEquals("perf_event_open(PERF_COUNT_HW_CPU_CYCLES) failed with error 22: Invalid argument", refusal(22));
    }
}
