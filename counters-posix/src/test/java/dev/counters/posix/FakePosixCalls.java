package dev.counters.posix;

import com.sun.jna.Function;
import com.sun.jna.Platform;
import dev.counters.internal.TickSource;
import dev.counters.nativeaccess.CodeBinder;
import dev.counters.nativeaccess.Scratch;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;

/**
 * A native layer that behaves like libc until told to fail: a failing call returns C's error
 * value and leaves the chosen {@code errno}, exactly as the kernel would, while every other call,
 * and {@code strerror}, goes to the real libc. Lets tests reach every failure path without
 * breaking the machine (or needing to lack root).
 */
final class FakePosixCalls implements PosixCalls, SchedulingCalls {
    /** The calls that can be made to fail. */
    enum Call {
        CLOCK_GETTIME, CLOCK_GETRES, GETRUSAGE, SYSCALL, SCHED_GETAFFINITY, SCHED_SETAFFINITY, GETPRIORITY, SETPRIORITY,
        PERF_EVENT_OPEN, READ, MMAP, MPROTECT
    }

    static final int EPERM = 1;
    static final int EACCES = 13;
    static final int EFAULT = 14;
    static final int EINVAL = 22;

    private final JnaPosixCalls real = JnaPosixCalls.bind();
    private final List<Rule> rules = new ArrayList<>();
    private int fakedErrno = -1;
    private FakePmu pmu;
    private LongSupplier cycleCode;
    private RuntimeException allocationFailure;
    private final AtomicInteger openEvents = new AtomicInteger();
    private final List<Long> mappedPages = new ArrayList<>();
    private final List<Long> unmappedPages = new ArrayList<>();

    /**
     * A PMU that counts whatever {@link #next} says: its events are real descriptors (an
     * {@code eventfd} each, so {@code /proc/self/fd} sees them come and go), read as
     * {@code {value, time_enabled, time_running}} from the fake's figures.
     */
    static final class FakePmu {
        private long value;
        private long enabled;
        private long running;
        private long bytesRead = PerfEventSource.READING_BYTES;

        /** The next reads return {@code value} counted over {@code running} of {@code enabled} ns. */
        FakePmu next(long value, long enabled, long running) {
            this.value = value;
            this.enabled = enabled;
            this.running = running;
            return this;
        }

        /** The next reads return only {@code bytes} bytes. */
        FakePmu shortRead(long bytes) {
            this.bytesRead = bytes;
            return this;
        }
    }

    /** Serves {@code perf_event_open} and the reads of its events from {@code fake} instead of the kernel. */
    FakePosixCalls withPmu(FakePmu fake) {
        this.pmu = fake;
        return this;
    }

    /** Serves the cycle reader's code page without native code: each read returns {@code cycles}' next value. */
    FakePosixCalls withCycleCode(LongSupplier cycles) {
        this.cycleCode = cycles;
        return this;
    }

    /** Makes every later {@link #allocate} throw {@code failure}. */
    FakePosixCalls failAllocation(RuntimeException failure) {
        this.allocationFailure = failure;
        return this;
    }

    /** The events opened through this layer and not closed yet. */
    int openEvents() {
        return openEvents.get();
    }

    /** The pages mapped and those unmapped again, by address. */
    List<Long> mappedPages() {
        return mappedPages;
    }

    List<Long> unmappedPages() {
        return unmappedPages;
    }
    private IntFunction<String> errorText = real::errorText;

    private record Rule(Call call, OptionalInt selector, int errno) {
        boolean matches(Call made, int firstArgument) {
            return call == made && (selector.isEmpty() || selector.getAsInt() == firstArgument);
        }
    }

    /** Makes every later {@code call} fail with {@code errno}. */
    FakePosixCalls fail(Call call, int errno) {
        rules.add(new Rule(call, OptionalInt.empty(), errno));
        return this;
    }

    /** Makes later {@code call}s whose first argument (clock id, {@code who}) is {@code selector} fail with {@code errno}. */
    FakePosixCalls fail(Call call, int selector, int errno) {
        rules.add(new Rule(call, OptionalInt.of(selector), errno));
        return this;
    }

    /** Makes {@code strerror} answer with {@code text} (which may return null or throw) instead of libc's. */
    FakePosixCalls errorText(IntFunction<String> text) {
        this.errorText = text;
        return this;
    }

    /** Lets every call through to libc again. */
    FakePosixCalls heal() {
        rules.clear();
        return this;
    }

    /** True, with {@code errno} set, when {@code call} must fail now. */
    private boolean fails(Call call, int firstArgument) {
        for (Rule rule : rules) {
            if (rule.matches(call, firstArgument)) {
                fakedErrno = rule.errno();
                return true;
            }
        }
        fakedErrno = -1;
        return false;
    }

    @Override
    public Scratch allocate(int bytes) {
        if (allocationFailure != null) {
            throw allocationFailure;
        }
        return real.allocate(bytes);
    }

    @Override
    public int clockGettime(int clockId, Scratch timespec) {
        return fails(Call.CLOCK_GETTIME, clockId) ? -1 : real.clockGettime(clockId, timespec);
    }

    @Override
    public int clockGetres(int clockId, Scratch timespec) {
        return fails(Call.CLOCK_GETRES, clockId) ? -1 : real.clockGetres(clockId, timespec);
    }

    @Override
    public int getrusage(int who, Scratch rusage) {
        return fails(Call.GETRUSAGE, who) ? -1 : real.getrusage(who, rusage);
    }

    @Override
    public int perfEventOpen(long syscallNumber, long[] attr, int pid, int cpu, int groupFd, long flags) {
        if (fails(Call.PERF_EVENT_OPEN, (int) syscallNumber)) {
            return -1;
        }
        if (pmu == null) {
            return real.perfEventOpen(syscallNumber, attr, pid, cpu, groupFd, flags);
        }
        int fd = Function.getFunction(Platform.C_LIBRARY_NAME, "eventfd").invokeInt(new Object[] {0, 0});
        if (fd >= 0) {
            openEvents.incrementAndGet();
        }
        return fd;
    }

    @Override
    public long read(int fd, Scratch buffer, int bytes) {
        if (fails(Call.READ, fd)) {
            return -1;
        }
        if (pmu == null) {
            return real.read(fd, buffer, bytes);
        }
        buffer.buffer().putLong(PerfEventSource.VALUE, pmu.value);
        buffer.buffer().putLong(PerfEventSource.TIME_ENABLED, pmu.enabled);
        buffer.buffer().putLong(PerfEventSource.TIME_RUNNING, pmu.running);
        return pmu.bytesRead;
    }

    @Override
    public int close(int fd) {
        fakedErrno = -1;
        int closed = real.close(fd);
        if (pmu != null && closed == 0) {
            openEvents.decrementAndGet();
        }
        return closed;
    }

    @Override
    public int prctlGetTsc(int[] state) {
        fakedErrno = -1;
        return real.prctlGetTsc(state);
    }

    @Override
    public long pageSize() {
        return real.pageSize();
    }

    @Override
    public long mmap(long length, int protection, int flags) {
        if (fails(Call.MMAP, 0)) {
            return -1;
        }
        long page = cycleCode == null ? real.mmap(length, protection, flags) : 0x10_0000L * (mappedPages.size() + 1);
        mappedPages.add(page);
        return page;
    }

    @Override
    public int mprotect(long address, long length, int protection) {
        if (fails(Call.MPROTECT, 0)) {
            return -1;
        }
        return cycleCode == null ? real.mprotect(address, length, protection) : 0;
    }

    @Override
    public int munmap(long address, long length) {
        fakedErrno = -1;
        unmappedPages.add(address);
        return cycleCode == null ? real.munmap(address, length) : 0;
    }

    @Override
    public CodeBinder codeBinder() {
        return cycleCode == null ? real.codeBinder() : new CodeBinder() {
            @Override
            public void copy(byte[] code, long address) {
                // nothing is executed: the reader below stands for the code
            }

            @Override
            public TickSource bindCycleReader(long address) {
                return cycleCode::getAsLong;
            }

            @Override
            public long call(long address) {
                return cycleCode.getAsLong();
            }
        };
    }

    @Override
    public int lastError() {
        return fakedErrno >= 0 ? fakedErrno : real.lastError();
    }

    @Override
    public String errorText(int errno) {
        return errorText.apply(errno);
    }

    @Override
    public long syscall(long number) {
        return fails(Call.SYSCALL, (int) number) ? -1 : real.syscall(number);
    }

    @Override
    public int schedGetaffinity(int tid, long[] mask) {
        return fails(Call.SCHED_GETAFFINITY, tid) ? -1 : real.schedGetaffinity(tid, mask);
    }

    @Override
    public int schedSetaffinity(int tid, long[] mask) {
        return fails(Call.SCHED_SETAFFINITY, tid) ? -1 : real.schedSetaffinity(tid, mask);
    }

    @Override
    public int getpriority(int which, int who) {
        return fails(Call.GETPRIORITY, which) ? -1 : real.getpriority(which, who);
    }

    @Override
    public int setpriority(int which, int who, int nice) {
        return fails(Call.SETPRIORITY, which) ? -1 : real.setpriority(which, who, nice);
    }
}
