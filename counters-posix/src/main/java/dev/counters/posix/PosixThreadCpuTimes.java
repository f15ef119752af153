package dev.counters.posix;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import dev.counters.internal.AbstractThreadCpuTimes;
import dev.counters.internal.CpuTimesSource;
import dev.counters.internal.PlatformService;
import dev.counters.internal.ThreadCpuTimesReader;
import dev.counters.nativeaccess.LayerChoice;
import java.util.Optional;

/**
 * Reads the CPU times of any thread of this process on Linux, by its tid, from the thread's
 * CPU-time clock ids ({@code clock_gettime} allows them for every thread of the calling process):
 *
 * <ul>
 *   <li>{@code CPUCLOCK_SCHED}: the thread's exact run time in nanoseconds, the total; the same
 *       clock {@code CLOCK_THREAD_CPUTIME_ID} is for the calling thread;
 *   <li>{@code CPUCLOCK_PROF} and {@code CPUCLOCK_VIRT}: its user + system and user time as the
 *       scheduler tick sampled them, whose ratio splits the total ({@link ThreadClockSplit}).
 * </ul>
 *
 * <p>That is how {@code getrusage(RUSAGE_THREAD)}, and so a {@code THREAD_TIMES} counter, splits
 * the calling thread's time, so the parts are as exact as that counter's. A clock id is
 * {@code (~tid << 3) | 4 | c}, with {@code c} 0 (PROF), 1 (VIRT) or 2 (SCHED), as the kernel's
 * {@code MAKE_THREAD_CPUCLOCK} builds it. The calls go through the binding the clocks use (FFM on
 * JDK 22+, else JNA). Found by {@link java.util.ServiceLoader} as a {@link ThreadCpuTimesReader}.
 */
public final class PosixThreadCpuTimes extends PlatformService implements ThreadCpuTimesReader {
    /** {@code CPUCLOCK_PERTHREAD_MASK}: the bit that makes a CPU clock id name a thread, not a process. */
    static final int PER_THREAD = 4;
    static final int CPUCLOCK_PROF = 0;
    static final int CPUCLOCK_VIRT = 1;
    static final int CPUCLOCK_SCHED = 2;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final PosixPlatform platform;
    private final LayerChoice<PosixCalls> binding;

    /** The reader of this process's platform, as {@link java.util.ServiceLoader} creates it. */
    public PosixThreadCpuTimes() {
        this(PosixSystem.platform(), PosixSystem.clockBinding());
    }

    PosixThreadCpuTimes(PosixPlatform platform, LayerChoice<PosixCalls> binding) {
        super(PosixKinds.PROVIDER_NAME);
        this.platform = requireNonNull(platform, "platform");
        this.binding = requireNonNull(binding, "binding");
    }

    /** The clock id of CPU clock {@code which} of thread {@code tid}, as the kernel's {@code MAKE_THREAD_CPUCLOCK} builds it. */
    static int clockId(long tid, int which) {
        return (~(int) tid << 3) | PER_THREAD | which;
    }

    @Override
    public long frequency() {
        return NANOS_PER_SECOND;
    }

    @Override
    public String source() {
        return "clock_gettime(CPUCLOCK_SCHED of the thread), split in the ratio of its CPUCLOCK_PROF and CPUCLOCK_VIRT"
                + " (through " + binding.name() + ")";
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if {@code nativeThreadId} is not a positive 32-bit tid
     * @throws CounterException with {@code EINVAL} if {@code tid} is not a live thread of this process
     */
    @Override
    public ThreadCpuTimes open(long nativeThreadId) {
        checkArgument(nativeThreadId > 0 && nativeThreadId <= Integer.MAX_VALUE,
                "A Linux tid is a positive 32-bit number, not %s; pass the nid of the thread (its /proc/self/task entry)",
                nativeThreadId);
        unavailableReason().ifPresent(reason -> {
            throw new UnsupportedOperationException("Reading other threads' CPU times is unavailable: " + reason);
        });
        PosixCalls calls = binding.binding().calls().orElseThrow();
        CpuClockTimes times = new CpuClockTimes(
                clock(calls, nativeThreadId, "CPUCLOCK_SCHED", CPUCLOCK_SCHED),
                new ThreadClockSplit(clock(calls, nativeThreadId, "CPUCLOCK_PROF", CPUCLOCK_PROF),
                        clock(calls, nativeThreadId, "CPUCLOCK_VIRT", CPUCLOCK_VIRT)));
        Opened opened = new Opened(nativeThreadId, times);
        opened.sample(new long[CpuTimesSource.SAMPLE_LENGTH]); // fails now, with errno, for a tid that is not ours
        return opened;
    }

    private static ClockGettime clock(PosixCalls calls, long tid, String name, int which) {
        return new ClockGettime(calls, new NamedClock(name + " of thread " + tid, clockId(tid, which)));
    }

    @Override
    protected Optional<String> findUnavailableReason() {
        return platform.whyNotLinux("other threads' CPU clocks are read")
                .or(() -> binding.binding().failure().map(reason -> "libc could not be bound: " + reason));
    }

    /** One thread's clocks. Closing only marks it closed: a clock id holds nothing in the kernel. */
    private static final class Opened extends AbstractThreadCpuTimes {
        private final CpuClockTimes times;

        Opened(long tid, CpuClockTimes times) {
            super(tid);
            this.times = times;
        }

        @Override
        public void sample(long[] into) {
            checkOpen();
            times.sample(into);
        }

        @Override
        public void sampleStart(long[] into) {
            checkOpen();
            times.sampleStart(into);
        }

        @Override
        public void sampleEnd(long[] into) {
            checkOpen();
            times.sampleEnd(into);
        }
    }
}
