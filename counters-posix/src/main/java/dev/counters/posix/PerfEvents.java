package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import dev.counters.nativeaccess.Scratch;
import dev.counters.spi.KindSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Linux {@code perf_event_open} hardware cycle events of the calling thread: whether this kernel
 * lets the process open one (probed once, with a trial event that is closed at once), and the
 * opening of one per {@link dev.counters.CounterKind#THREAD_CYCLES} counter. Counts user mode only
 * where the kernel allows no more ({@code perf_event_paranoid} 2 without {@code CAP_PERFMON}).
 *
 * <p>Each event reads {@code PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING}
 * beside its count, so a count the kernel multiplexed is scaled ({@link PerfScaling}) rather than
 * silently short.
 *
 * @param calls the libc layer the events are opened through
 * @param syscallNumber {@code SYS_perf_event_open} on this architecture
 * @param support whether this kernel lets the process count its threads' cycles, and if not, why
 * @param userModeOnly whether kernel-mode cycles are left out (the kernel allows user mode only)
 */
record PerfEvents(PosixCalls calls, long syscallNumber, KindSupport support, boolean userModeOnly) {
    static final String OPEN_API = "perf_event_open(PERF_COUNT_HW_CPU_CYCLES)";
    static final int PERF_TYPE_HARDWARE = 0;
    static final long PERF_COUNT_HW_CPU_CYCLES = 0;
    /** {@code perf_event_attr}'s size in its first version, all this needs. */
    static final int PERF_ATTR_SIZE_VER0 = 64;
    static final long PERF_FORMAT_TOTAL_TIME_ENABLED = 1L << 0;
    static final long PERF_FORMAT_TOTAL_TIME_RUNNING = 1L << 1;
    static final long FLAG_EXCLUDE_KERNEL = 1L << 5;
    static final long FLAG_EXCLUDE_HV = 1L << 6;
    static final long PERF_FLAG_FD_CLOEXEC = 1L << 3;
    private static final int EPERM = 1;
    private static final int ENOENT = 2;
    private static final int EACCES = 13;
    private static final int ENOSYS = 38;
    private static final int EOPNOTSUPP = 95;

    /** Probes with a trial event whether {@code calls} can open cycle events through system call {@code syscallNumber}. */
    static PerfEvents probe(PosixCalls calls, long syscallNumber) {
        requireNonNull(calls, "calls");
        PerfEvents everyMode = new PerfEvents(calls, syscallNumber, KindSupport.supported(), false);
        CounterException refused;
        try {
            everyMode.openAndCloseTrial();
            return everyMode;
        } catch (CounterException e) {
            refused = e;
        }
        int errno = refused.errorCode().orElse(0);
        if (errno != EPERM && errno != EACCES) {
            return new PerfEvents(calls, syscallNumber, KindSupport.unsupported(refused.getMessage()), false);
        }
        PerfEvents userMode = new PerfEvents(calls, syscallNumber, KindSupport.supported(), true);
        try {
            userMode.openAndCloseTrial();
            return userMode;
        } catch (CounterException e) {
            return new PerfEvents(calls, syscallNumber, KindSupport.unsupported(e.getMessage()), true);
        }
    }

    /**
     * A new event counting the calling thread's cycles. Its read buffer is allocated before the
     * event is opened, so a failed allocation leaves no descriptor behind.
     */
    PerfEventSource open() {
        Scratch reading = calls.allocate(PerfEventSource.READING_BYTES);
        return new PerfEventSource(calls, openFd(userModeOnly), reading, Thread.currentThread());
    }

    /** A {@code perf_event_attr} counting the calling thread's CPU cycles, with its times enabled and running. */
    static long[] cyclesAttr(boolean excludeKernel) {
        long[] attr = new long[PERF_ATTR_SIZE_VER0 / Long.BYTES];
        attr[0] = PERF_TYPE_HARDWARE | ((long) PERF_ATTR_SIZE_VER0 << 32); // type (u32), size (u32), little-endian
        attr[1] = PERF_COUNT_HW_CPU_CYCLES; // config
        attr[4] = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING; // read_format
        attr[5] = FLAG_EXCLUDE_HV | (excludeKernel ? FLAG_EXCLUDE_KERNEL : 0); // the flag bits
        return attr;
    }

    private void openAndCloseTrial() {
        calls.close(openFd(userModeOnly));
    }

    private int openFd(boolean userOnly) {
        int fd = calls.perfEventOpen(syscallNumber, cyclesAttr(userOnly), 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
        if (fd < 0) {
            throw PosixErrors.of(calls, OPEN_API, PerfEvents::explain);
        }
        return fd;
    }

    /**
     * What an {@code errno} of {@code perf_event_open} means for a user, or "". Each text says what the
     * error number establishes and no more: ENOSYS comes from a kernel built without perf events and
     * from an emulator that does not implement the call (qemu-user) alike, and EPERM from the
     * {@code perf_event_paranoid} check and from a seccomp filter alike; the process cannot tell which.
     */
    static String explain(int errno) {
        return switch (errno) {
            case ENOENT, EOPNOTSUPP -> "no hardware cycle event can be counted here (the kernel knows no PMU event for "
                    + "CPU cycles on this processor; virtual machines without a virtual PMU are one such case)";
            case EPERM, EACCES -> "not permitted: kernel.perf_event_paranoid is " + paranoid()
                    + " (user-mode counting needs <= 2, or CAP_PERFMON), or a seccomp filter refuses the call "
                    + "(Docker's default profile refuses it to unprivileged containers)";
            case ENOSYS -> "the perf_event_open system call is not implemented here (by the kernel, built without "
                    + "perf events, or by an emulator between this process and the kernel; the error does not say which)";
            default -> "";
        };
    }

    private static String paranoid() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).trim();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
