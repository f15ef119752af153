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
 */
final class PerfEvents {
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

    private final PosixCalls calls;
    private final long syscallNumber;
    private final KindSupport support;
    private final boolean excludeKernel;

    private PerfEvents(PosixCalls calls, long syscallNumber, KindSupport support, boolean excludeKernel) {
        this.calls = calls;
        this.syscallNumber = syscallNumber;
        this.support = support;
        this.excludeKernel = excludeKernel;
    }

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

    /** Whether this kernel lets the process count its threads' cycles, and if not, why. */
    KindSupport support() {
        return support;
    }

    /** Whether kernel-mode cycles are left out (the kernel allows user mode only). */
    boolean userModeOnly() {
        return excludeKernel;
    }

    /**
     * A new event counting the calling thread's cycles. Its read buffer is allocated before the
     * event is opened, so a failed allocation leaves no descriptor behind.
     */
    PerfEventSource open() {
        Scratch reading = calls.allocate(PerfEventSource.READING_BYTES);
        return new PerfEventSource(calls, openFd(excludeKernel), reading, Thread.currentThread());
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
        calls.close(openFd(excludeKernel));
    }

    private int openFd(boolean userOnly) {
        int fd = calls.perfEventOpen(syscallNumber, cyclesAttr(userOnly), 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
        if (fd < 0) {
            throw PosixErrors.of(calls, OPEN_API, PerfEvents::explain);
        }
        return fd;
    }

    /** What an {@code errno} of {@code perf_event_open} means for a user, or "". */
    static String explain(int errno) {
        return switch (errno) {
            case ENOENT, EOPNOTSUPP -> "the kernel exposes no hardware cycle counter here (a virtual machine without a virtual PMU?)";
            case EPERM, EACCES -> "not permitted with kernel.perf_event_paranoid = " + paranoid()
                    + " (user-mode counting needs <= 2, or CAP_PERFMON)";
            case ENOSYS -> "the kernel was built without perf events";
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
