package dev.counters.internal;

/**
 * One reading of a CPU-time source, written into a caller-owned array so that nothing is
 * allocated: {@code into[TOTAL]} is the total CPU time in the counter's ticks, {@code into[KERNEL]}
 * and {@code into[USER]} the kernel and user times in any one unit of the source's choosing.
 * The counter apportions the exact total between kernel and user in the ratio of those two, so a
 * source whose split is coarser than its total (Linux {@code getrusage} beside
 * {@code CLOCK_THREAD_CPUTIME_ID}) still yields kernel + user == total.
 *
 * <p>Where the total and the split take two calls, {@link #sampleStart} and {@link #sampleEnd}
 * order them so that an empty interval does not time the second call.
 *
 * <p>A source with no split writes zero to both {@code KERNEL} and {@code USER} and is described
 * with {@code kernelUserSplit(false)}.
 */
@FunctionalInterface
public interface CpuTimesSource {
    int TOTAL = 0;
    int KERNEL = 1;
    int USER = 2;
    /** The length of the array {@link #sample} writes into. */
    int SAMPLE_LENGTH = 3;

    /** Reads total, kernel and user into {@code into}. */
    void sample(long[] into);

    /**
     * The reading that opens an interval. A source that reads the total and the split with two
     * calls overrides this to read the split first and the total last, so that the split's cost
     * falls before the interval instead of inside it.
     */
    default void sampleStart(long[] into) {
        sample(into);
    }

    /** The reading that closes an interval: a two-call source reads the total first, then the split. */
    default void sampleEnd(long[] into) {
        sample(into);
    }
}
