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
 * This class has the reads (clocks, CPU times, cycles) and the executable page of the cycle
 * counter; {@link FakeWindowsControlCalls} has affinity, priority, the timer period and the errors.
 * Results are written into the caller's {@link Scratch} where and as Windows writes them: a
 * {@code FILETIME} as its low then its high {@code DWORD}, all four of a times call.
 * Not thread-safe, except where a test needs a second thread (per-thread affinity, priority and
 * last error). Public, with the timer period's fields, for {@code TimerPeriodTest} in the exported package.
 */
public final class FakeWindowsCalls extends FakeWindowsControlCalls {
    static final long CURRENT_THREAD = -2;
    static final long CURRENT_PROCESS = -1;
    /** The creation time the times calls report for the thread and the process: 2021-06-01T00:00Z as a FILETIME. */
    static final long CREATION_FILETIME = 132_669_216_000_000_000L;

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
}
