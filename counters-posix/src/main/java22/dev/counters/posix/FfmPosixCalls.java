package dev.counters.posix;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.counters.CounterInfo;
import dev.counters.internal.TickSource;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.CodeBinder;
import dev.counters.nativeaccess.ForeignCode;
import dev.counters.nativeaccess.ForeignLayers;
import dev.counters.nativeaccess.LayerChoice;
import dev.counters.nativeaccess.Scratch;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * {@link PosixCalls} on libc through Foreign Function &amp; Memory downcalls (JDK 22+), which cost
 * a few nanoseconds over C where JNA's direct mapping costs far more (docs/PERFORMANCE.md has the
 * figures). Compiled for release 22 from {@code src/main/java22} into the jar's
 * {@code META-INF/versions/22}, where it replaces the JNA-only stand-in of the same name; chosen by
 * {@link dev.counters.nativeaccess.LayerChoice} on a JVM of 22 or later.
 *
 * <p>Every call here returns at once and never calls back into Java, so each is linked with
 * {@link Linker.Option#critical(boolean) critical(false)}: no thread-state transition. Results are
 * written into a {@link Scratch} whose address is passed as a {@code long}, the same 64 bits a
 * pointer is in the LP64 calling conventions of every platform counters-posix serves, so a call
 * allocates nothing and wraps nothing.
 *
 * <p>{@code errno} is not captured on the hot path (that takes a capture segment per call). When
 * a call fails, it is made once more through a handle that captures {@code errno}
 * ({@link Linker.Option#captureCallState}); the failures these calls can have ({@code EINVAL},
 * {@code EFAULT}, {@code ENOSYS}) are deterministic, so the second call fails the same way and
 * {@link #lastError()} reports its {@code errno}. Should it succeed, its result is returned.
 */
final class FfmPosixCalls implements PosixCalls, SchedulingCalls {
    /** {@code errno} of the last failed call on each thread; touched only when a call fails. */
    private static final ThreadLocal<int[]> LAST_ERROR = ThreadLocal.withInitial(() -> new int[1]);

    private FfmPosixCalls() {}

    /**
     * Links every downcall now. Throws what the JVM throws when it cannot: an
     * {@link IllegalCallerException} where native access is denied to this module, an
     * {@link UnsatisfiedLinkError} for a missing symbol; {@code Binding.of} turns it into a reason.
     */
    static PosixCalls bind() {
        Module module = FfmPosixCalls.class.getModule();
        if (!module.isNativeAccessEnabled()) {
            throw ForeignLayers.nativeAccessNotEnabled(module);
        }
        Downcalls.link();
        return new FfmPosixCalls();
    }

    @Override
    public dev.counters.CounterInfo.Binding binding() {
        return dev.counters.CounterInfo.Binding.FFM;
    }

    @Override
    public Scratch allocate(int bytes) {
        return Scratch.allocateDirect(bytes, buffer -> MemorySegment.ofBuffer(buffer).address());
    }

    @Override
    public int clockGettime(int clockId, Scratch timespec) {
        return clockGettime(clockId, timespec.address());
    }

    private static int clockGettime(int clockId, long address) {
        try {
            int result = (int) Downcalls.CLOCK_GETTIME.invokeExact(clockId, address);
            return result == 0 ? 0 : callCapturingErrno(Downcalls.CLOCK_GETTIME_ERRNO, clockId, address);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("clock_gettime", impossible);
        }
    }

    @Override
    public TickSource clock(NamedClock clock) {
        return new Clock(clock);
    }

    @Override
    public int clockGetres(int clockId, Scratch timespec) {
        return callCapturingErrno(Downcalls.CLOCK_GETRES_ERRNO, clockId, timespec.address());
    }

    @Override
    public int getrusage(int who, Scratch rusage) {
        long address = rusage.address();
        try {
            int result = (int) Downcalls.GETRUSAGE.invokeExact(who, address);
            return result == 0 ? 0 : callCapturingErrno(Downcalls.GETRUSAGE_ERRNO, who, address);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("getrusage", impossible);
        }
    }

    @Override
    public int perfEventOpen(long syscallNumber, long[] attr, int pid, int cpu, int groupFd, long flags) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment struct = arena.allocateFrom(JAVA_LONG, attr);
            MemorySegment state = arena.allocate(Downcalls.CALL_STATE);
            long fd = (long) Downcalls.SYSCALL_ERRNO.invokeExact(state, syscallNumber, struct.address(),
                    (long) pid, (long) cpu, (long) groupFd, flags);
            remember(state, fd < 0);
            return (int) fd;
        } catch (Throwable thrown) {
            throw ForeignLayers.downcallThrew("syscall(perf_event_open)", thrown);
        }
    }

    @Override
    public long read(int fd, Scratch buffer, int bytes) {
        long address = buffer.address();
        try {
            long got = (long) Downcalls.READ.invokeExact(fd, address, (long) bytes);
            if (got >= 0) {
                return got;
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment state = arena.allocate(Downcalls.CALL_STATE);
                got = (long) Downcalls.READ_ERRNO.invokeExact(state, fd, address, (long) bytes);
                remember(state, got < 0);
                return got;
            }
        } catch (Throwable thrown) {
            throw ForeignLayers.downcallThrew("read", thrown);
        }
    }

    @Override
    public int close(int fd) {
        return capturingErrno("close", state -> (int) Downcalls.CLOSE_ERRNO.invokeExact(state, fd));
    }

    @Override
    public int prctlGetTsc(int[] state) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            MemorySegment callState = arena.allocate(Downcalls.CALL_STATE);
            int result = (int) Downcalls.PRCTL_ERRNO.invokeExact(callState, PR_GET_TSC, out.address(), 0L, 0L, 0L);
            remember(callState, result != 0);
            state[0] = out.get(JAVA_INT, 0);
            return result;
        } catch (Throwable thrown) {
            throw ForeignLayers.downcallThrew("prctl(PR_GET_TSC)", thrown);
        }
    }

    @Override
    public long pageSize() {
        try {
            return (int) Downcalls.GETPAGESIZE.invokeExact();
        } catch (Throwable thrown) {
            throw ForeignLayers.downcallThrew("getpagesize", thrown);
        }
    }

    @Override
    public long mmap(long length, int protection, int flags) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Downcalls.CALL_STATE);
            long address = (long) Downcalls.MMAP_ERRNO.invokeExact(state, 0L, length, protection, flags, -1, 0L);
            remember(state, address == -1);
            return address;
        } catch (Throwable thrown) {
            throw ForeignLayers.downcallThrew("mmap", thrown);
        }
    }

    @Override
    public int mprotect(long address, long length, int protection) {
        return capturingErrno("mprotect", state -> (int) Downcalls.MPROTECT_ERRNO.invokeExact(state, address, length, protection));
    }

    @Override
    public int munmap(long address, long length) {
        return capturingErrno("munmap", state -> (int) Downcalls.MUNMAP_ERRNO.invokeExact(state, address, length));
    }

    @Override
    public CodeBinder codeBinder() {
        return ForeignCode.binder();
    }

    @Override
    public SchedulingCalls scheduling() {
        return this;
    }

    @Override
    public long syscall(long number) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Downcalls.CALL_STATE);
            long result = (long) Downcalls.SYSCALL_ERRNO.invokeExact(state, number, 0L, 0L, 0L, 0L, 0L);
            remember(state, result < 0);
            return result;
        } catch (Throwable thrown) {
            throw ForeignLayers.downcallThrew("syscall", thrown);
        }
    }

    @Override
    public int schedGetaffinity(int tid, long[] mask) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment words = arena.allocate(JAVA_LONG, mask.length);
            MemorySegment state = arena.allocate(Downcalls.CALL_STATE);
            int result = (int) SchedulingDowncalls.SCHED_GETAFFINITY.invokeExact(state, tid,
                    (long) mask.length * BYTES_PER_MASK_WORD, words.address());
            remember(state, result != 0);
            if (result == 0) {
                MemorySegment.copy(words, JAVA_LONG, 0, mask, 0, mask.length);
            }
            return result;
        } catch (Throwable thrown) {
            throw ForeignLayers.downcallThrew("sched_getaffinity", thrown);
        }
    }

    @Override
    public int schedSetaffinity(int tid, long[] mask) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment words = arena.allocateFrom(JAVA_LONG, mask);
            MemorySegment state = arena.allocate(Downcalls.CALL_STATE);
            int result = (int) SchedulingDowncalls.SCHED_SETAFFINITY.invokeExact(state, tid,
                    (long) mask.length * BYTES_PER_MASK_WORD, words.address());
            remember(state, result != 0);
            return result;
        } catch (Throwable thrown) {
            throw ForeignLayers.downcallThrew("sched_setaffinity", thrown);
        }
    }

    /** {@inheritDoc} {@code errno} is cleared through {@code __errno_location()} first, as JNA's layer clears it. */
    @Override
    public int getpriority(int which, int who) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Downcalls.CALL_STATE);
            MemorySegment errno = (MemorySegment) SchedulingDowncalls.ERRNO_LOCATION.invokeExact();
            errno.reinterpret(JAVA_INT.byteSize()).set(JAVA_INT, 0, 0);
            int result = (int) SchedulingDowncalls.GETPRIORITY.invokeExact(state, which, who);
            int error = (int) Downcalls.ERRNO.get(state, 0L);
            LAST_ERROR.get()[0] = error;
            return result;
        } catch (Throwable thrown) {
            throw ForeignLayers.downcallThrew("getpriority", thrown);
        }
    }

    @Override
    public int setpriority(int which, int who, int nice) {
        return capturingErrno("setpriority", state -> (int) SchedulingDowncalls.SETPRIORITY.invokeExact(state, which, who, nice));
    }

    @Override
    public int lastError() {
        return LAST_ERROR.get()[0];
    }

    @Override
    public String errorText(int errno) {
        try {
            MemorySegment text = (MemorySegment) Downcalls.STRERROR.invokeExact(errno);
            return text.equals(MemorySegment.NULL) ? "" : text.reinterpret(Integer.MAX_VALUE).getString(0);
        } catch (Throwable impossible) {
            throw ForeignLayers.downcallThrew("strerror", impossible);
        }
    }

    private static int callCapturingErrno(MethodHandle capturing, int first, long address) {
        return capturingErrno("a libc call", state -> (int) capturing.invokeExact(state, first, address));
    }

    /** A downcall that returns {@code 0} or {@code -1}, made with {@code errno} captured into {@code state}. */
    private interface ErrnoCall {
        int call(MemorySegment state) throws Throwable;
    }

    /** Makes {@code call}, remembering {@code errno} where it failed. */
    private static int capturingErrno(String function, ErrnoCall call) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Downcalls.CALL_STATE);
            int result = call.call(state);
            remember(state, result != 0);
            return result;
        } catch (Throwable thrown) {
            throw ForeignLayers.downcallThrew(function, thrown);
        }
    }

    private static void remember(MemorySegment state, boolean failed) {
        if (failed) {
            LAST_ERROR.get()[0] = (int) Downcalls.ERRNO.get(state, 0L);
        }
    }

    /** {@link ClockGettime} for FFM, serving one thread: the address in a field, the result read from the segment. */
    private final class Clock implements TickSource {
        private final NamedClock clock;
        private final MemorySegment timespec = Arena.ofAuto().allocate(Layouts.TIMESPEC_BYTES, Long.BYTES);
        private final long address = timespec.address();

        Clock(NamedClock clock) {
            this.clock = clock;
        }

        @Override
        public long read() {
            if (clockGettime(clock.id(), address) != 0) {
                throw PosixErrors.of(FfmPosixCalls.this, clock.gettimeApi());
            }
            return Layouts.nanos(timespec.get(JAVA_LONG, 0), timespec.get(JAVA_LONG, Long.BYTES));
        }
    }

    /**
     * The downcall handles, linked when {@link #bind()} first touches this class, after it checked
     * that native access is enabled: linking is a restricted operation that the JVM would
     * otherwise warn about (JDK 22+) or refuse ({@code --illegal-native-access=deny}).
     */
    private static final class Downcalls {
        private static final Linker LINKER = Linker.nativeLinker();
        private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
        private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        private static final FunctionDescriptor INT_OF_INT_AND_ADDRESS = FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG);

        private static final MethodHandle CLOCK_GETTIME = critical("clock_gettime", INT_OF_INT_AND_ADDRESS);
        private static final MethodHandle CLOCK_GETTIME_ERRNO = capturingErrno("clock_gettime", INT_OF_INT_AND_ADDRESS);
        private static final MethodHandle CLOCK_GETRES_ERRNO = capturingErrno("clock_getres", INT_OF_INT_AND_ADDRESS);
        private static final MethodHandle GETRUSAGE = critical("getrusage", INT_OF_INT_AND_ADDRESS);
        private static final MethodHandle GETRUSAGE_ERRNO = capturingErrno("getrusage", INT_OF_INT_AND_ADDRESS);
        private static final FunctionDescriptor READ_SIGNATURE = FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG);
        /** Not critical: a read may block in general (a perf event's does not, but this is {@code read}). */
        private static final MethodHandle READ = LINKER.downcallHandle(symbol("read"), READ_SIGNATURE);
        private static final MethodHandle READ_ERRNO = capturingErrno("read", READ_SIGNATURE);
        private static final MethodHandle CLOSE_ERRNO = capturingErrno("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        /** {@code long syscall(long number, ...)}: every variadic argument passed as a full 64-bit word. */
        private static final MethodHandle SYSCALL_ERRNO = LINKER.downcallHandle(symbol("syscall"),
                FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG),
                Linker.Option.firstVariadicArg(1), Linker.Option.captureCallState("errno"));
        /** {@code int prctl(int option, ...)}. */
        private static final MethodHandle PRCTL_ERRNO = LINKER.downcallHandle(symbol("prctl"),
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG),
                Linker.Option.firstVariadicArg(1), Linker.Option.captureCallState("errno"));
        private static final MethodHandle GETPAGESIZE = LINKER.downcallHandle(symbol("getpagesize"), FunctionDescriptor.of(JAVA_INT));
        private static final MethodHandle MMAP_ERRNO = capturingErrno("mmap",
                FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG));
        private static final MethodHandle MPROTECT_ERRNO = capturingErrno("mprotect",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));
        private static final MethodHandle MUNMAP_ERRNO = capturingErrno("munmap", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG));
        private static final MethodHandle STRERROR = LINKER.downcallHandle(symbol("strerror"), FunctionDescriptor.of(ADDRESS, JAVA_INT));

        /** Forces the class, and so every link, to initialise; throws the linking's error if it failed. */
        static void link() {}

        private static MethodHandle critical(String name, FunctionDescriptor signature) {
            return LINKER.downcallHandle(symbol(name), signature, Linker.Option.critical(false));
        }

        private static MethodHandle capturingErrno(String name, FunctionDescriptor signature) {
            return LINKER.downcallHandle(symbol(name), signature, Linker.Option.captureCallState("errno"));
        }

        private static MemorySegment symbol(String name) {
            return LINKER.defaultLookup().find(name)
                    .orElseThrow(() -> new UnsatisfiedLinkError("libc has no symbol " + name + " for an FFM downcall"));
        }
    }

    /**
     * The Linux scheduling downcalls behind {@link PosixThreadControl}, linked the first time thread
     * control uses one: {@code sched_getaffinity} does not exist on macOS or FreeBSD, so linking them
     * with the clocks would fail there.
     */
    private static final class SchedulingDowncalls {
        private static final FunctionDescriptor AFFINITY = FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG);
        static final MethodHandle SCHED_GETAFFINITY = Downcalls.capturingErrno("sched_getaffinity", AFFINITY);
        static final MethodHandle SCHED_SETAFFINITY = Downcalls.capturingErrno("sched_setaffinity", AFFINITY);
        static final MethodHandle GETPRIORITY = Downcalls.capturingErrno("getpriority", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
        static final MethodHandle SETPRIORITY =
                Downcalls.capturingErrno("setpriority", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
        /** {@code int *__errno_location(void)}: glibc's and musl's {@code errno}, to clear it before {@code getpriority}. */
        static final MethodHandle ERRNO_LOCATION = Downcalls.LINKER.downcallHandle(
                Downcalls.symbol("__errno_location"), FunctionDescriptor.of(ADDRESS));

        private SchedulingDowncalls() {}
    }
}
