package dev.counters.windows.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The part of {@link FakeWindowsCalls} that changes the system's state rather than reads it, and its
 * errors: affinity, priority and winmm's timer period, whose answers the test sets and whose changes
 * it records, and the per-thread last error that every failing fake call sets, with Windows's own
 * texts. Per-thread where a test needs a second thread (affinity, priority and the last error).
 * Public members, with the timer period's fields, for {@code TimerPeriodTest} in the exported package.
 */
abstract class FakeWindowsControlCalls implements WindowsCalls {
    static final int NORMAL_PRIORITY_CLASS = 0x20;
    static final int ERROR_INVALID_PARAMETER = 87;
    static final int ERROR_CALL_NOT_IMPLEMENTED = 120;
    static final int ERROR_INVALID_HANDLE = 6;

    private static final Map<Integer, String> MESSAGES = Map.of(
            WindowsCalls.ERROR_ACCESS_DENIED, "Access is denied.\r\n",
            ERROR_INVALID_HANDLE, "The handle is invalid.\r\n",
            ERROR_INVALID_PARAMETER, "The parameter is incorrect.\r\n",
            ERROR_CALL_NOT_IMPLEMENTED, "This function is not supported on this system.\r\n");

    private final ThreadLocal<Integer> lastError = ThreadLocal.withInitial(() -> 0);

    // affinity and priority
    long processMask = 0b1111;
    final Map<Thread, Long> threadMasks = new HashMap<>();
    int affinityError;
    int priorityClass = NORMAL_PRIORITY_CLASS;
    final Map<Thread, Integer> threadPriorities = new HashMap<>();
    int priorityClassError;
    int threadPriorityError;

    // winmm
    public int multimediaTime;
    public String winmmMissing;
    public int periodMin = 1;
    public int periodMax = 1_000_000;
    public int devCapsResult;
    public int beginResult;
    public int endResult;
    public final List<Integer> begun = new ArrayList<>();
    private final List<Integer> ended = new ArrayList<>();

    /** The periods ended so far; the Cleaner may end one on its own thread. */
    public synchronized List<Integer> ended() {
        return List.copyOf(ended);
    }

    /** The periods begun and not yet ended, as Windows counts them. */
    public synchronized List<Integer> activePeriods() {
        List<Integer> active = new ArrayList<>(begun);
        ended.forEach(active::remove);
        return active;
    }

    long threadMask() {
        return threadMasks.getOrDefault(Thread.currentThread(), processMask);
    }

    int threadPriority() {
        return threadPriorities.getOrDefault(Thread.currentThread(), 0);
    }

    /** A failing call: sets this thread's last error to {@code error} and returns {@code false}. */
    boolean fail(int error) {
        lastError.set(error);
        return false;
    }

    @Override
    public long setThreadAffinityMask(long thread, long mask) {
        if (affinityError != 0) {
            fail(affinityError);
            return 0;
        }
        if (mask == 0 || (mask & ~processMask) != 0) {
            fail(ERROR_INVALID_PARAMETER);
            return 0;
        }
        long previous = threadMask();
        threadMasks.put(Thread.currentThread(), mask);
        return previous;
    }

    @Override
    public boolean getProcessAffinityMask(long process, long[] processBits, long[] systemBits) {
        processBits[0] = processMask;
        systemBits[0] = processMask;
        return true;
    }

    @Override
    public int getPriorityClass(long process) {
        return priorityClass;
    }

    @Override
    public boolean setPriorityClass(long process, int value) {
        if (priorityClassError != 0) {
            return fail(priorityClassError);
        }
        priorityClass = value;
        return true;
    }

    @Override
    public int getThreadPriority(long thread) {
        return threadPriority();
    }

    @Override
    public boolean setThreadPriority(long thread, int priority) {
        if (threadPriorityError != 0) {
            return fail(threadPriorityError);
        }
        threadPriorities.put(Thread.currentThread(), priority);
        return true;
    }

    @Override
    public Optional<String> winmmMissing() {
        return Optional.ofNullable(winmmMissing);
    }

    @Override
    public int timeGetTime() {
        return multimediaTime;
    }

    @Override
    public int timeBeginPeriod(int milliseconds) {
        if (beginResult == WindowsCalls.TIMERR_NOERROR) {
            begun.add(milliseconds);
        }
        return beginResult;
    }

    @Override
    public synchronized int timeEndPeriod(int milliseconds) {
        ended.add(milliseconds);
        return endResult;
    }

    @Override
    public int timeGetDevCaps(int[] caps) {
        caps[0] = periodMin;
        caps[1] = periodMax;
        return devCapsResult;
    }

    @Override
    public int lastError() {
        return lastError.get();
    }

    @Override
    public String formatMessage(int errorCode) {
        return MESSAGES.getOrDefault(errorCode, "");
    }
}
