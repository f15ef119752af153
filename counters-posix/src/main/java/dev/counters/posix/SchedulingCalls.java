package dev.counters.posix;

/**
 * The Linux calls behind {@link PosixThreadControl}, as C sees them: {@code 0} or a result for
 * success, {@code -1} and {@link PosixCalls#lastError()} for failure. Kept apart from
 * {@link PosixCalls} because they exist on Linux only: binding them elsewhere would fail.
 */
interface SchedulingCalls {
    /** The number of bytes {@code sched_*affinity} is told one mask word holds. */
    int BYTES_PER_MASK_WORD = Long.BYTES;

    /** {@code syscall(number)} with no arguments, used for {@code gettid}. */
    long syscall(long number);

    /** {@code sched_getaffinity(tid, mask.length * 8, mask)}; {@code tid} 0 is the calling thread. */
    int schedGetaffinity(int tid, long[] mask);

    /** {@code sched_setaffinity(tid, mask.length * 8, mask)}; {@code tid} 0 is the calling thread. */
    int schedSetaffinity(int tid, long[] mask);

    /**
     * {@code getpriority(which, who)}. Since {@code -1} is also a valid nice value, the
     * implementation clears {@code errno} first: a failure is {@code -1} with a non-zero
     * {@link PosixCalls#lastError()}.
     */
    int getpriority(int which, int who);

    /** {@code setpriority(which, who, nice)}. */
    int setpriority(int which, int who, int nice);
}
