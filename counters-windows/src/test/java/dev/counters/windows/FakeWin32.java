package dev.counters.windows;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link Win32} whose every answer the test sets, and which records the calls that change
 * state. Failing calls set a per-thread last error, as Windows does, with Windows's own texts.
 * Not thread-safe, except where a test needs a second thread (per-thread affinity, priority and
 * last error).
 */
final class FakeWin32 implements Win32 {
    static final long CURRENT_THREAD = -2;
    static final long CURRENT_PROCESS = -1;
    static final int NORMAL_PRIORITY_CLASS = 0x20;
    static final int ERROR_INVALID_PARAMETER = 87;
    static final int ERROR_CALL_NOT_IMPLEMENTED = 120;
    static final int ERROR_INVALID_HANDLE = 6;

    private static final Map<Integer, String> MESSAGES = Map.of(
            Win32.ERROR_ACCESS_DENIED, "Access is denied.\r\n",
            ERROR_INVALID_HANDLE, "The handle is invalid.\r\n",
            ERROR_INVALID_PARAMETER, "The parameter is incorrect.\r\n",
            ERROR_CALL_NOT_IMPLEMENTED, "This function is not supported on this system.\r\n");

    private final ThreadLocal<Integer> lastError = ThreadLocal.withInitial(() -> 0);

    // clocks
    long tickCount64;
    long performanceCount;
    long performanceStep;
    int performanceCounterError;
    long performanceFrequency = 10_000_000L;
    int performanceFrequencyError;
    int performanceFrequencyCalls;
    long fileTime;
    String preciseMissing;
    int preciseReads;
    int plainReads;
    int multimediaTime;

    // CPU times and cycles
    long threadKernel;
    long threadUser;
    long processKernel;
    long processUser;
    int threadTimesError;
    int processTimesError;
    String cycleMissing;
    int cycleError;
    long threadCycles;
    long processCycles;
    long megahertz = 2_400;
    final List<Long> handlesUsed = new ArrayList<>();

    // affinity and priority
    long processMask = 0b1111;
    final Map<Thread, Long> threadMasks = new HashMap<>();
    int affinityError;
    int priorityClass = NORMAL_PRIORITY_CLASS;
    final Map<Thread, Integer> threadPriorities = new HashMap<>();
    int priorityClassError;
    int threadPriorityError;

    // winmm
    String winmmMissing;
    int periodMin = 1;
    int periodMax = 1_000_000;
    int devCapsResult;
    int beginResult;
    int endResult;
    final List<Integer> begun = new ArrayList<>();
    private final List<Integer> ended = new ArrayList<>();

    /** The periods ended so far; the Cleaner may end one on its own thread. */
    synchronized List<Integer> ended() {
        return List.copyOf(ended);
    }

    /** The periods begun and not yet ended, as Windows counts them. */
    synchronized List<Integer> activePeriods() {
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

    private boolean fail(int error) {
        lastError.set(error);
        return false;
    }

    @Override
    public long getTickCount64() {
        return tickCount64;
    }

    @Override
    public boolean queryPerformanceCounter(long[] count) {
        if (performanceCounterError != 0) {
            return fail(performanceCounterError);
        }
        count[0] = performanceCount;
        performanceCount += performanceStep;
        return true;
    }

    @Override
    public boolean queryPerformanceFrequency(long[] frequency) {
        performanceFrequencyCalls++;
        if (performanceFrequencyError != 0) {
            return fail(performanceFrequencyError);
        }
        frequency[0] = performanceFrequency;
        return true;
    }

    @Override
    public void getSystemTimeAsFileTime(long[] value) {
        plainReads++;
        value[0] = fileTime;
    }

    @Override
    public Optional<String> preciseSystemTimeMissing() {
        return Optional.ofNullable(preciseMissing);
    }

    @Override
    public void getSystemTimePreciseAsFileTime(long[] value) {
        if (preciseMissing != null) {
            throw new AssertionError("GetSystemTimePreciseAsFileTime called although missing");
        }
        preciseReads++;
        value[0] = fileTime;
    }

    @Override
    public long getCurrentThread() {
        return CURRENT_THREAD;
    }

    @Override
    public long getCurrentProcess() {
        return CURRENT_PROCESS;
    }

    @Override
    public boolean getThreadTimes(long thread, long[] creation, long[] exit, long[] kernel, long[] user) {
        handlesUsed.add(thread);
        if (threadTimesError != 0) {
            return fail(threadTimesError);
        }
        kernel[0] = threadKernel;
        user[0] = threadUser;
        return true;
    }

    @Override
    public boolean getProcessTimes(long process, long[] creation, long[] exit, long[] kernel, long[] user) {
        handlesUsed.add(process);
        if (processTimesError != 0) {
            return fail(processTimesError);
        }
        kernel[0] = processKernel;
        user[0] = processUser;
        return true;
    }

    @Override
    public Optional<String> cycleTimeMissing() {
        return Optional.ofNullable(cycleMissing);
    }

    @Override
    public boolean queryThreadCycleTime(long thread, long[] cycles) {
        handlesUsed.add(thread);
        if (cycleError != 0) {
            return fail(cycleError);
        }
        cycles[0] = threadCycles;
        return true;
    }

    @Override
    public boolean queryProcessCycleTime(long process, long[] cycles) {
        handlesUsed.add(process);
        if (cycleError != 0) {
            return fail(cycleError);
        }
        cycles[0] = processCycles;
        return true;
    }

    @Override
    public long processorMegahertz() {
        return megahertz;
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
        if (beginResult == Win32.TIMERR_NOERROR) {
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
