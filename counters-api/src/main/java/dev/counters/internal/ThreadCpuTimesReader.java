package dev.counters.internal;

import dev.counters.spi.RankedService;


/**
 * Reads the CPU time of <em>another</em> thread of this process, named by its native id, with its
 * kernel/user split: what a profiler running on one thread needs to account for the CPU used by
 * threads it does not run on, such as JMH's worker threads seen from its harness thread. A
 * {@link dev.counters.CounterKind#THREAD_TIMES} counter cannot do this, as it is confined to the
 * thread that starts it.
 *
 * <p>Served by the platform modules and found with {@link java.util.ServiceLoader}; the highest
 * {@link #rank()} that is available wins:
 * <ul>
 *   <li>Linux (counters-posix): the thread's CPU-time clock ids, read with {@code clock_gettime}
 *       from any thread of the process. {@code CPUCLOCK_SCHED} gives the exact total in
 *       nanoseconds, as {@code CLOCK_THREAD_CPUTIME_ID} does for the calling thread;
 *       {@code CPUCLOCK_PROF} and {@code CPUCLOCK_VIRT} give the sampled user + system and user
 *       times whose ratio splits it, as {@code getrusage(RUSAGE_THREAD)} does.
 *   <li>Windows (counters-windows): {@code GetThreadTimes} on a handle from
 *       {@code OpenThread(THREAD_QUERY_LIMITED_INFORMATION)}.
 * </ul>
 *
 * <p>Each sample is written as {@link CpuTimesSource} defines it; split an interval's total with
 * {@link CpuTimesSplit#kernelPart}, so that kernel + user == total exactly.
 */
public interface ThreadCpuTimesReader extends RankedService {

    /** The units of a sample's {@code TOTAL}: ticks per second (10⁹ on Linux, 10⁷ on Windows). */
    long frequency();

    /** The calls that serve the samples, for reports, e.g. {@code "GetThreadTimes(OpenThread(tid))"}. */
    String source();

    /**
     * The CPU times of thread {@code nativeThreadId} of this process (a Linux tid, a Win32 thread
     * id), to be {@linkplain ThreadCpuTimes#close() closed} when no longer needed.
     *
     * @throws dev.counters.CounterException if the system refuses: no such thread in this process,
     *     or no right to read it
     * @throws UnsupportedOperationException where the reader is {@linkplain #unavailableReason() unavailable}
     */
    ThreadCpuTimes open(long nativeThreadId);

    /**
     * One thread's CPU-time source. {@link #sample} reads all three values on every call and
     * allocates nothing; one instance serves one reading thread at a time.
     */
    interface ThreadCpuTimes extends CpuTimesSource, AutoCloseable {

        /** The native id this source reads. */
        long nativeThreadId();

        /** Releases what the source holds (a Windows thread handle); sampling afterwards throws. */
        @Override
        void close();
    }
}
