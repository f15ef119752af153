package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import dev.counters.CounterInfo;
import dev.counters.internal.PlatformService;
import dev.counters.internal.ThreadControl;
import dev.counters.nativeaccess.Binding;
import dev.counters.nativeaccess.LayerChoice;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Pins the measuring thread to one CPU and raises its priority on Linux, each change undone by
 * closing the {@link ThreadControl.Adjustment} it returns, as careful benchmarks prepare a timing:
 *
 * <pre>{@code
 * try (Adjustment pin = control.pinCurrentThread(1);
 *      Adjustment priority = control.raiseCurrentThreadPriority()) {
 *     // measure; pin.applied() and priority.applied() say what took effect
 * }   // the thread's CPU set and nice value are back as they were
 * }</pre>
 *
 * <ul>
 *   <li>Affinity: {@code sched_setaffinity(0, ...)} restricts the calling thread only; closing
 *       restores the CPU set it had.
 *   <li>Priority: {@code setpriority(PRIO_PROCESS, gettid(), -20)}, the most favourable nice
 *       value. On Linux the nice value belongs to one thread, so the JVM's compiler and collector
 *       threads keep theirs. A real-time policy ({@code SCHED_FIFO}) is deliberately not used: a
 *       spinning real-time thread would starve those threads on its CPU.
 * </ul>
 *
 * <p>Lacking permission (no {@code CAP_SYS_NICE}, a CPU set the container forbids) is not an
 * error: the adjustment reports {@code applied() == false} with the system's reason, and the
 * thread is left exactly as it was. Adjustments must be closed on the thread that made them.
 * On macOS and FreeBSD the control reports itself {@linkplain #unavailableReason() unavailable}.
 */
public final class PosixThreadControl extends PlatformService implements ThreadControl {
    private static final int EINVAL = 22;
    /** {@code cpu_set_t}'s 1024 bits; doubled while the kernel says the mask is too small. */
    private static final int INITIAL_MASK_WORDS = 16;
    private static final int MAX_MASK_WORDS = 1 << 12;
    private static final int CALLING_THREAD = 0;

    private final PosixPlatform platform;
    /** {@code SYS_gettid}: present wherever thread control is available (served Linux). */
    private final OptionalLong gettidSyscall;
    private final PosixCalls calls;
    private final SchedulingCalls scheduling;
    /** The layer the calls go through, for messages: {@link CounterInfo.Binding#FFM} or {@link CounterInfo.Binding#JNA}. */
    private final CounterInfo.Binding bindingName;
    private final String bindingFailure;

    /**
     * The control of this process's platform, as {@link java.util.ServiceLoader} creates it: through
     * the binding the clocks use ({@link PosixSystem#clockBinding()}), so that where FFM serves, thread
     * control loads no JNA class either.
     */
    public PosixThreadControl() {
        this(PosixSystem.platform(), PosixSystem.clockBinding());
    }

    /** The control of {@code platform} through the {@code chosen} libc layer. */
    PosixThreadControl(PosixPlatform platform, LayerChoice<PosixCalls> chosen) {
        super(PosixKinds.PROVIDER_NAME);
        this.platform = requireNonNull(platform, "platform");
        this.gettidSyscall = gettidSyscall(platform);
        this.calls = chosen.calls().orElse(null);
        this.scheduling = calls == null ? null : calls.scheduling();
        this.bindingName = chosen.name();
        this.bindingFailure = chosen.binding().failure().orElse(null);
    }

    /** The control of {@code platform} through {@code binding}, a JNA layer or a test's fake. */
    <T extends PosixCalls & SchedulingCalls> PosixThreadControl(PosixPlatform platform, Binding<T> binding) {
        super(PosixKinds.PROVIDER_NAME);
        this.platform = requireNonNull(platform, "platform");
        this.gettidSyscall = gettidSyscall(platform);
        T bound = binding.calls().orElse(null);
        this.calls = bound;
        this.scheduling = bound;
        this.bindingName = CounterInfo.Binding.JNA;
        this.bindingFailure = binding.failure().orElse(null);
    }

    /**
     * {@inheritDoc}
     *
     * @throws UnsupportedOperationException where the control is {@linkplain #unavailableReason() unavailable}
     * @throws CounterException if {@code sched_getaffinity} fails
     */
    @Override
    public int[] allowedCpus() {
        requireAvailable();
        return CpuSets.cpus(currentMask());
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if {@code cpu} is not one of {@link #allowedCpus()}
     */
    @Override
    public Adjustment pinCurrentThread(int cpu) {
        if (unavailableReason().isPresent()) {
            return Adjustment.notApplied(unavailableReason().get());
        }
        long[] previous;
        try {
            previous = currentMask();
        } catch (CounterException e) {
            return Adjustment.notApplied(e.getMessage());
        }
        String allowed = CpuSets.format(CpuSets.cpus(previous));
        if (!CpuSets.contains(previous, cpu)) {
            throw new IllegalArgumentException(
                    "CPU " + cpu + " is not one this thread may run on (allowed: " + allowed + "); pass one of allowedCpus()");
        }
        if (scheduling.schedSetaffinity(CALLING_THREAD, CpuSets.only(cpu, previous.length)) != 0) {
            return Adjustment.notApplied(PosixErrors.describe(calls, "sched_setaffinity(CPU " + cpu + ")"));
        }
        return Adjustment.restoring("pinned to CPU " + cpu + " (was " + allowed + ")", () -> {
            if (scheduling.schedSetaffinity(CALLING_THREAD, previous) != 0) {
                throw PosixErrors.of(calls, "sched_setaffinity(restoring CPUs " + allowed + ")");
            }
        });
    }

    @Override
    public Adjustment raiseCurrentThreadPriority() {
        if (unavailableReason().isPresent()) {
            return Adjustment.notApplied(unavailableReason().get());
        }
        long tid = scheduling.syscall(gettidSyscall.getAsLong());
        if (tid < 0) {
            return Adjustment.notApplied(PosixErrors.describe(calls, "syscall(SYS_gettid)"));
        }
        int thread = (int) tid;
        int previous = scheduling.getpriority(PosixPlatform.PRIO_PROCESS, thread);
        if (previous == -1 && calls.lastError() != 0) {
            return Adjustment.notApplied(PosixErrors.describe(calls, "getpriority(PRIO_PROCESS, thread " + thread + ")"));
        }
        int highest = PosixPlatform.HIGHEST_NICE_PRIORITY;
        if (previous <= highest) {
            return Adjustment.restoring("thread " + thread + " already runs at nice " + previous + ", the highest", () -> {});
        }
        if (scheduling.setpriority(PosixPlatform.PRIO_PROCESS, thread, highest) != 0) {
            return Adjustment.notApplied(PosixErrors.describe(calls,
                    "setpriority(PRIO_PROCESS, thread " + thread + ", " + highest + ")")
                    + "; raising a thread's priority needs CAP_SYS_NICE or an RLIMIT_NICE (ulimit -e) that allows nice "
                    + highest);
        }
        return Adjustment.restoring("raised thread " + thread + " to nice " + highest + " (was " + previous + ")", () -> {
            if (scheduling.setpriority(PosixPlatform.PRIO_PROCESS, thread, previous) != 0) {
                throw PosixErrors.of(calls, "setpriority(PRIO_PROCESS, thread " + thread + ", restoring " + previous + ")");
            }
        });
    }

    private static OptionalLong gettidSyscall(PosixPlatform platform) {
        return platform instanceof PosixPlatform.Served served ? served.gettidSyscall() : OptionalLong.empty();
    }

    @Override
    protected Optional<String> findUnavailableReason() {
        Optional<String> notLinux = platform.whyNotLinux("thread affinity and priority are served");
        if (notLinux.isPresent()) {
            return notLinux;
        }
        if (bindingFailure != null) {
            return Optional.of("libc could not be bound through " + bindingName + ": " + bindingFailure);
        }
        try {
            currentMask();
            if (scheduling.syscall(gettidSyscall.getAsLong()) < 0) {
                return Optional.of(PosixErrors.describe(calls, "syscall(SYS_gettid)"));
            }
            return Optional.empty();
        } catch (CounterException e) {
            return Optional.of(e.getMessage());
        } catch (LinkageError | RuntimeException e) {
            return Optional.of("the Linux scheduling calls could not be bound through " + bindingName + ": " + e);
        }
    }

    private void requireAvailable() {
        unavailableReason().ifPresent(reason -> {
            throw new UnsupportedOperationException("Thread control is unavailable: " + reason);
        });
    }

    /** The calling thread's CPU mask, in as many words as the kernel's CPU count needs. */
    private long[] currentMask() {
        for (int words = INITIAL_MASK_WORDS; ; words *= 2) {
            long[] mask = new long[words];
            if (scheduling.schedGetaffinity(CALLING_THREAD, mask) == 0) {
                return mask;
            }
            if (calls.lastError() != EINVAL || words >= MAX_MASK_WORDS) {
                throw PosixErrors.of(calls, "sched_getaffinity");
            }
        }
    }
}
