package dev.counters.windows.internal;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import dev.counters.internal.PlatformService;
import dev.counters.internal.ThreadControl;
import dev.counters.nativeaccess.CpuLists;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Prepares the calling thread for timing on Windows, as .NET benchmarks do: pins it to one
 * CPU with {@code SetThreadAffinityMask}, and raises the process to {@code HIGH_PRIORITY_CLASS}
 * and the thread to {@code THREAD_PRIORITY_HIGHEST}. Each change is an {@link Adjustment} whose
 * {@code close()}, on the same thread, puts back exactly what was there before:
 *
 * <pre>{@code
 * ThreadControl control = new WindowsThreadControl();
 * try (Adjustment pin = control.pinCurrentThread(1);
 *      Adjustment priority = control.raiseCurrentThreadPriority()) {
 *     measure();
 * }
 * }</pre>
 *
 * <p>Windows has no {@code GetThreadAffinityMask}: {@link #allowedCpus()} learns the thread's
 * mask from what {@code SetThreadAffinityMask} returns when given the process's mask, and puts it
 * straight back. Masks cover the thread's processor group, so at most 64 CPUs. The priority
 * class belongs to the whole process: nest adjustments and close them in reverse order (as
 * try-with-resources does). Nothing is lowered: a class or priority already at or above the
 * target is left as it is. Off Windows the control is unavailable and says why.
 */
public final class WindowsThreadControl extends PlatformService implements ThreadControl {
    private static final String SET_THREAD_AFFINITY_MASK = "SetThreadAffinityMask";

    private final WindowsCalls api;
    private final String unavailableReason;

    /** The control over this process's Win32 layer; what {@link java.util.ServiceLoader} calls. */
    public WindowsThreadControl() {
        this(WindowsSystem.api().orElse(null), WindowsSystem.unavailableReason());
    }

    private WindowsThreadControl(WindowsCalls api, String unavailableReason) {
        super(WindowsKinds.PROVIDER);
        this.api = api;
        this.unavailableReason = unavailableReason;
    }

    /** A control over {@code api}, a fake in tests. */
    static WindowsThreadControl over(WindowsCalls api) {
        return new WindowsThreadControl(requireNonNull(api, "api"), "");
    }

    /** A control that is unavailable for {@code reason}. */
    static WindowsThreadControl unavailable(String reason) {
        return new WindowsThreadControl(null, requireNonNull(reason, "reason"));
    }

    @Override
    protected Optional<String> findUnavailableReason() {
        return api == null ? Optional.of(unavailableReason) : Optional.empty();
    }

    /** The CPUs the calling thread may run on now, ascending (within its processor group). */
    @Override
    public int[] allowedCpus() {
        WindowsCalls win32 = require();
        long thread = win32.getCurrentThread();
        long threadMask = setAffinity(win32, thread, processMask(win32));
        setAffinity(win32, thread, threadMask);
        return cpus(threadMask);
    }

    /**
     * Restricts the calling thread to {@code cpu}.
     *
     * @throws IllegalArgumentException if the process may not run on {@code cpu}
     */
    @Override
    public Adjustment pinCurrentThread(int cpu) {
        WindowsCalls win32 = require();
        long allowed = processMask(win32);
        checkArgument(cpu >= 0 && cpu < Long.SIZE && (allowed & (1L << cpu)) != 0,
                "CPU %s is not one this process may run on; choose one of %s (its affinity mask)", cpu, format(allowed));
        long thread = win32.getCurrentThread();
        long previous = win32.setThreadAffinityMask(thread, 1L << cpu);
        if (previous == 0) {
            return refused(WindowsErrors.lastError(win32, SET_THREAD_AFFINITY_MASK));
        }
        return Adjustment.restoring("pinned to CPU " + cpu + " (was " + format(previous) + ")",
                () -> setAffinity(win32, thread, previous));
    }

    /** Raises the process to {@code HIGH_PRIORITY_CLASS} and the thread to {@code THREAD_PRIORITY_HIGHEST}, where lower. */
    @Override
    public Adjustment raiseCurrentThreadPriority() {
        WindowsCalls win32 = require();
        long process = win32.getCurrentProcess();
        long thread = win32.getCurrentThread();
        int previousClass = win32.getPriorityClass(process);
        if (previousClass == 0) {
            throw WindowsErrors.lastError(win32, "GetPriorityClass");
        }
        int previousPriority = win32.getThreadPriority(thread);
        if (previousPriority == WindowsCalls.THREAD_PRIORITY_ERROR_RETURN) {
            throw WindowsErrors.lastError(win32, "GetThreadPriority");
        }
        List<String> done = new ArrayList<>();
        List<String> notDone = new ArrayList<>();

        boolean classRaised = false;
        if (!Priorities.classIsBelowHigh(previousClass)) {
            notDone.add("the process is already at " + Priorities.className(previousClass));
        } else if (win32.setPriorityClass(process, WindowsCalls.HIGH_PRIORITY_CLASS)) {
            classRaised = true;
            done.add("process " + Priorities.className(WindowsCalls.HIGH_PRIORITY_CLASS) + " (was " + Priorities.className(previousClass) + ")");
        } else {
            notDone.add(deniedOrThrow(WindowsErrors.lastError(win32, "SetPriorityClass(HIGH_PRIORITY_CLASS)")));
        }

        boolean threadRaised = false;
        if (!Priorities.threadIsBelowHighest(previousPriority)) {
            notDone.add("the thread is already at " + Priorities.threadName(previousPriority));
        } else if (win32.setThreadPriority(thread, WindowsCalls.THREAD_PRIORITY_HIGHEST)) {
            threadRaised = true;
            done.add("thread " + Priorities.threadName(WindowsCalls.THREAD_PRIORITY_HIGHEST) + " (was " + Priorities.threadName(previousPriority) + ")");
        } else {
            CounterException failure = WindowsErrors.lastError(win32, "SetThreadPriority(THREAD_PRIORITY_HIGHEST)");
            try {
                notDone.add(deniedOrThrow(failure));
            } catch (RuntimeException unexpected) {
                if (classRaised) {
                    win32.setPriorityClass(process, previousClass); // never leave the process raised behind a failure
                }
                throw unexpected;
            }
        }

        if (!classRaised && !threadRaised) {
            return Adjustment.notApplied(String.join("; ", notDone));
        }
        boolean restoreClass = classRaised;
        boolean restoreThread = threadRaised;
        String description = String.join(", ", done) + (notDone.isEmpty() ? "" : "; " + String.join("; ", notDone));
        return Adjustment.restoring(description, () -> {
            // Attempt both restores even if the first fails, then report the first failure.
            CounterException failure = null;
            if (restoreThread && !win32.setThreadPriority(thread, previousPriority)) {
                failure = WindowsErrors.lastError(win32, "SetThreadPriority(" + Priorities.threadName(previousPriority) + ")");
            }
            if (restoreClass && !win32.setPriorityClass(process, previousClass) && failure == null) {
                failure = WindowsErrors.lastError(win32, "SetPriorityClass(" + Priorities.className(previousClass) + ")");
            }
            if (failure != null) {
                throw failure;
            }
        });
    }

    private WindowsCalls require() {
        if (api == null) {
            throw new UnsupportedOperationException(unavailableReason);
        }
        return api;
    }

    private static long processMask(WindowsCalls win32) {
        long[] processMask = new long[1];
        long[] systemMask = new long[1];
        if (!win32.getProcessAffinityMask(win32.getCurrentProcess(), processMask, systemMask)) {
            throw WindowsErrors.lastError(win32, "GetProcessAffinityMask");
        }
        return processMask[0];
    }

    /** Sets the thread's mask and returns the previous one. */
    private static long setAffinity(WindowsCalls win32, long thread, long mask) {
        long previous = win32.setThreadAffinityMask(thread, mask);
        if (previous == 0) {
            throw WindowsErrors.lastError(win32, SET_THREAD_AFFINITY_MASK);
        }
        return previous;
    }

    /** Lacking the right to make a change is reported, not thrown; any other failure is thrown. */
    private static Adjustment refused(CounterException failure) {
        return Adjustment.notApplied(deniedOrThrow(failure));
    }

    private static String deniedOrThrow(CounterException failure) {
        if (failure.errorCode().orElse(0) != WindowsCalls.ERROR_ACCESS_DENIED) {
            throw failure;
        }
        return failure.getMessage();
    }

    static int[] cpus(long mask) {
        return IntStream.range(0, Long.SIZE).filter(cpu -> (mask & (1L << cpu)) != 0).toArray();
    }

    /** A mask as CPU ranges, e.g. {@code 0-3,6}; {@code "no CPU"} for an empty mask. */
    static String format(long mask) {
        int[] cpus = cpus(mask);
        return cpus.length == 0 ? "no CPU" : CpuLists.format(cpus);
    }
}
