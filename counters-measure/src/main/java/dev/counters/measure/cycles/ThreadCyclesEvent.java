package dev.counters.measure.cycles;

import com.sun.jna.Native;
import dev.counters.CounterException;
import dev.counters.spi.KindSupport;
import dev.counters.spi.Scratch;
import java.io.IOException;
import java.lang.ref.Cleaner;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The calling thread's CPU cycles from a Linux {@code perf_event_open} hardware event: one event
 * per thread, opened the first time a counter is created on that thread and closed when the
 * thread is gone. Counting user mode only where the kernel allows no more
 * ({@code perf_event_paranoid} 2 without {@code CAP_PERFMON}).
 */
final class ThreadCyclesEvent {
    private static final Cleaner CLEANER = Cleaner.create();
    private static final ThreadLocal<ThreadCyclesEvent> PER_THREAD = new ThreadLocal<>();
    private static volatile Probe probe;

    private final Thread owner;
    private final int fd;
    private final Scratch buffer = NativeScratch.allocate(Long.BYTES);

    private ThreadCyclesEvent(Thread owner, int fd) {
        this.owner = owner;
        this.fd = fd;
    }

    /** Whether this kernel lets the process count its threads' cycles, and if not, why (probed once). */
    static KindSupport support() {
        return probe().support;
    }

    /** Whether kernel-mode cycles are left out (the kernel allows user mode only). */
    static boolean userModeOnly() {
        return probe().excludeKernel;
    }

    /** The event of the calling thread, opened on first use. */
    static ThreadCyclesEvent forCurrentThread() {
        ThreadCyclesEvent event = PER_THREAD.get();
        if (event == null) {
            Thread thread = Thread.currentThread();
            int fd = open(probe().excludeKernel);
            event = new ThreadCyclesEvent(thread, fd);
            CLEANER.register(thread, () -> LinuxPerf.close(fd));
            PER_THREAD.set(event);
        }
        return event;
    }

    /** The cycles this thread has run so far; must be called on that thread. */
    long read() {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("This THREAD_CYCLES counter counts thread '" + owner.getName()
                    + "' (perf_event_open counts the thread that created the counter) but was read on '"
                    + Thread.currentThread().getName() + "': create the counter on the thread it measures");
        }
        long got = LinuxPerf.read(fd, buffer.address(), Long.BYTES);
        if (got != Long.BYTES) {
            int errno = Native.getLastError();
            throw CounterException.nativeFailure("read(perf_event fd)", errno,
                    got < 0 ? LinuxPerf.strerror(errno) : "read " + got + " bytes instead of 8");
        }
        return buffer.longAt(0);
    }

    private static int open(boolean excludeKernel) {
        long number = LinuxPerf.perfEventOpenNumber();
        int fd = LinuxPerf.syscall(number, LinuxPerf.cyclesAttr(excludeKernel), 0, -1, -1, LinuxPerf.PERF_FLAG_FD_CLOEXEC);
        if (fd < 0) {
            int errno = Native.getLastError();
            throw CounterException.nativeFailure("perf_event_open(PERF_COUNT_HW_CPU_CYCLES)", errno, explain(errno));
        }
        return fd;
    }

    private static Probe probe() {
        Probe known = probe;
        if (known == null) {
            synchronized (ThreadCyclesEvent.class) {
                if (probe == null) {
                    probe = Probe.run();
                }
                known = probe;
            }
        }
        return known;
    }

    static String explain(int errno) {
        String text = LinuxPerf.strerror(errno);
        switch (errno) {
            case 2: // ENOENT
            case 95: // EOPNOTSUPP
                return text + ": the kernel exposes no hardware cycle counter here (a virtual machine without a virtual PMU?)";
            case 1: // EPERM
            case 13: // EACCES
                return text + ": not permitted with kernel.perf_event_paranoid = " + paranoid()
                        + " (user-mode counting needs <= 2, or CAP_PERFMON)";
            case 38: // ENOSYS
                return text + ": the kernel was built without perf events";
            default:
                return text;
        }
    }

    static String paranoid() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).trim();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** The outcome of opening (and closing) one trial event. */
    private static final class Probe {
        final KindSupport support;
        final boolean excludeKernel;

        Probe(KindSupport support, boolean excludeKernel) {
            this.support = support;
            this.excludeKernel = excludeKernel;
        }

        static Probe run() {
            if (LinuxPerf.perfEventOpenNumber() < 0) {
                return new Probe(KindSupport.unsupported("perf_event_open's system call number is not known for "
                        + System.getProperty("os.arch")), false);
            }
            CounterException first;
            try {
                LinuxPerf.close(open(false));
                return new Probe(KindSupport.supported(), false);
            } catch (CounterException e) {
                first = e;
            }
            int errno = first.errorCode().orElse(0);
            if (errno == 1 || errno == 13) {
                try {
                    LinuxPerf.close(open(true));
                    return new Probe(KindSupport.supported(), true);
                } catch (CounterException e) {
                    return new Probe(KindSupport.unsupported(e.getMessage()), true);
                }
            }
            return new Probe(KindSupport.unsupported(first.getMessage()), false);
        }
    }
}
