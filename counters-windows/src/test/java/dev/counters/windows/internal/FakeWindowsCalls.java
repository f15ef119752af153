package dev.counters.windows.internal;

import dev.counters.internal.TickSource;
import dev.counters.nativeaccess.CodeBinder;
import dev.counters.nativeaccess.Scratch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link WindowsCalls} whose every answer the test sets, and which records the calls that change
 * state. Failing calls set a per-thread last error, as Windows does, with Windows's own texts.
 * Results are written into the caller's {@link Scratch} where and as Windows writes them: a
 * {@code FILETIME} as its low then its high {@code DWORD}, all four of a times call.
 * Not thread-safe, except where a test needs a second thread (per-thread affinity, priority and
 * last error). Public, with the timer period's fields, for {@code TimerPeriodTest} in the exported package.
 */
public final class FakeWindowsCalls implements WindowsCalls {
    static final long CURRENT_THREAD = -2;
    static final long CURRENT_PROCESS = -1;
    static final int NORMAL_PRIORITY_CLASS = 0x20;
    static final int ERROR_INVALID_PARAMETER = 87;
    static final int ERROR_CALL_NOT_IMPLEMENTED = 120;
    static final int ERROR_INVALID_HANDLE = 6;
    /** The creation time the times calls report for the thread and the process: 2021-06-01T00:00Z as a FILETIME. */
    static final long CREATION_FILETIME = 132_669_216_000_000_000L;

    private static final Map<Integer, String> MESSAGES = Map.of(
            WindowsCalls.ERROR_ACCESS_DENIED, "Access is denied.\r\n",
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
    public int multimediaTime;

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
    /** Other threads by id: their kernel and user times; a thread missing here cannot be opened. */
    final Map<Integer, long[]> otherThreads = new HashMap<>();
    int openThreadError;
    int closeHandleError;
    final Map<Long, Integer> openHandles = new HashMap<>();
    final List<Long> closedHandles = new ArrayList<>();
    int openThreadAccess;
    private long nextHandle = 0x1000;

    // an executable page for the cycle counter's code
    int virtualAllocError;
    int virtualProtectError;
    int flushError;
    long processorCycles;
    final List<Long> pagesAllocated = new ArrayList<>();
    final List<Long> pagesFreed = new ArrayList<>();
    final List<Integer> pageProtections = new ArrayList<>();

    // affinity and priority
    long processMask = 0b1111;
    final Map<Thread, Long> threadMasks = new HashMap<>();
    int affinityError;
    int priorityClass = NORMAL_PRIORITY_CLASS;
    final Map<Thread, Integer> threadPriorities = new HashMap<>();
    int priorityClassError;
    int threadPriorityError;

    // winmm
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

    private boolean fail(int error) {
        lastError.set(error);
        return false;
    }

    /** A {@code FILETIME} at {@code offset}: {@code dwLowDateTime}, then {@code dwHighDateTime}. */
    private static void putFileTime(Scratch scratch, int offset, long value) {
        scratch.buffer().putInt(offset, (int) value).putInt(offset + Integer.BYTES, (int) (value >>> Integer.SIZE));
    }

    /** What a times call writes for a thread or process that is still running: its creation, no exit, its times. */
    private static boolean putTimes(Scratch times, long kernel, long user) {
        putFileTime(times, TIMES_CREATION, CREATION_FILETIME);
        putFileTime(times, TIMES_EXIT, 0);
        putFileTime(times, TIMES_KERNEL, kernel);
        putFileTime(times, TIMES_USER, user);
        return true;
    }

    @Override
    public Scratch allocate(int bytes) {
        return Scratch.allocateHeap(bytes);
    }

    @Override
    public long getTickCount64() {
        return tickCount64;
    }

    @Override
    public boolean queryPerformanceCounter(Scratch count) {
        if (performanceCounterError != 0) {
            return fail(performanceCounterError);
        }
        count.buffer().putLong(0, performanceCount);
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
    public void getSystemTimeAsFileTime(Scratch value) {
        plainReads++;
        putFileTime(value, 0, fileTime);
    }

    @Override
    public Optional<String> preciseSystemTimeMissing() {
        return Optional.ofNullable(preciseMissing);
    }

    @Override
    public void getSystemTimePreciseAsFileTime(Scratch value) {
        if (preciseMissing != null) {
            throw new AssertionError("GetSystemTimePreciseAsFileTime called although missing");
        }
        preciseReads++;
        putFileTime(value, 0, fileTime);
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
    public boolean getThreadTimes(long thread, Scratch times) {
        handlesUsed.add(thread);
        if (threadTimesError != 0) {
            return fail(threadTimesError);
        }
        if (openHandles.containsKey(thread)) {
            long[] other = otherThreads.get(openHandles.get(thread));
            return putTimes(times, other[0], other[1]);
        }
        if (thread != CURRENT_THREAD) {
            return fail(ERROR_INVALID_HANDLE);
        }
        return putTimes(times, threadKernel, threadUser);
    }

    @Override
    public long openThread(int access, int threadId) {
        openThreadAccess = access;
        if (openThreadError != 0 || !otherThreads.containsKey(threadId)) {
            fail(openThreadError != 0 ? openThreadError : ERROR_INVALID_PARAMETER);
            return 0;
        }
        long handle = nextHandle += 4;
        openHandles.put(handle, threadId);
        return handle;
    }

    @Override
    public boolean closeHandle(long handle) {
        if (closeHandleError != 0 || !openHandles.containsKey(handle)) {
            return fail(closeHandleError != 0 ? closeHandleError : ERROR_INVALID_HANDLE);
        }
        openHandles.remove(handle);
        closedHandles.add(handle);
        return true;
    }

    @Override
    public boolean getProcessTimes(long process, Scratch times) {
        handlesUsed.add(process);
        if (processTimesError != 0) {
            return fail(processTimesError);
        }
        return putTimes(times, processKernel, processUser);
    }

    @Override
    public Optional<String> cycleTimeMissing() {
        return Optional.ofNullable(cycleMissing);
    }

    @Override
    public boolean queryThreadCycleTime(long thread, Scratch cycles) {
        return cycleQuery(thread, cycles, threadCycles);
    }

    @Override
    public boolean queryProcessCycleTime(long process, Scratch cycles) {
        return cycleQuery(process, cycles, processCycles);
    }

    /** A cycle-time query of {@code handle}: fails with {@link #cycleError} if set, else writes {@code count}. */
    private boolean cycleQuery(long handle, Scratch cycles, long count) {
        handlesUsed.add(handle);
        if (cycleError != 0) {
            return fail(cycleError);
        }
        cycles.buffer().putLong(0, count);
        return true;
    }

    @Override
    public long processorMegahertz() {
        return megahertz;
    }

    @Override
    public long virtualAlloc(long size, int protect) {
        if (virtualAllocError != 0) {
            fail(virtualAllocError);
            return 0;
        }
        long page = 0x7FF0_0000_0000L + 0x1000L * pagesAllocated.size();
        pagesAllocated.add(page);
        pageProtections.add(protect);
        return page;
    }

    @Override
    public boolean virtualProtect(long address, long size, int newProtect) {
        if (virtualProtectError != 0) {
            return fail(virtualProtectError);
        }
        pageProtections.add(newProtect);
        return true;
    }

    @Override
    public boolean virtualFree(long address) {
        pagesFreed.add(address);
        return true;
    }

    @Override
    public boolean flushInstructionCache(long process, long address, long size) {
        handlesUsed.add(process);
        return flushError == 0 || fail(flushError);
    }

    @Override
    public CodeBinder codeBinder() {
        return new CodeBinder() {
            @Override
            public void copy(byte[] code, long address) {
                // nothing is executed: the reader below stands for the code
            }

            @Override
            public TickSource bindCycleReader(long address) {
                return () -> processorCycles;
            }

            @Override
            public long call(long address) {
                return processorCycles;
            }
        };
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
