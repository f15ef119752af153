package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import dev.counters.Durations;
import dev.counters.spi.TickSource;
import dev.counters.toolkit.CurrentThreadCpuClock;
import java.util.function.Supplier;

/**
 * The calling thread's CPU time through {@link java.lang.management.ThreadMXBean#getCurrentThreadCpuTime()}.
 * HotSpot on Linux answers it with {@code clock_gettime} on the thread's own CPU-time clock, the
 * very clock {@code CLOCK_THREAD_CPUTIME_ID} names, through a JNI call far cheaper than a JNA one.
 * {@link JvmClockCheck} confirms that before this source is used.
 *
 * <p>When that clock fails, HotSpot gives no error code, and passes on whatever its result
 * buffer held; {@link CurrentThreadCpuClock} refuses such a reading. This source then asks the
 * clock itself, through the native binding, why: the {@code errno} of
 * {@code clock_gettime(CLOCK_THREAD_CPUTIME_ID)} is the exception thrown, with the JVM's reading
 * attached as suppressed, the same failure the native path reports.
 */
final class ThreadMxBeanCpuTime implements TickSource {
    /**
     * What a thread's CPU time may gain beyond the wall time between two readings: the two clocks
     * are read one after the other, not at once. Generous, so that no true reading is refused.
     */
    static final long WALL_SLACK_NANOS = 1_000_000L;

    private final Supplier<? extends TickSource> sameClockNatively;
    /** The thread that took the last reading (its id), the reading, and the wall time just after it. */
    private long lastThreadId = -1;
    private long lastCpu;
    private long lastWall;

    /** Reads through the JVM; on a failure, asks {@code sameClockNatively}'s source (made only then) for the reason. */
    ThreadMxBeanCpuTime(Supplier<? extends TickSource> sameClockNatively) {
        this.sameClockNatively = requireNonNull(sameClockNatively, "sameClockNatively");
    }

    /**
     * The calling thread's CPU time. Besides {@link CurrentThreadCpuClock}'s checks, a reading must
     * follow from this source's last one on the same thread: a thread's CPU time never decreases,
     * and never grows faster than the wall time ({@link System#nanoTime()}, read after each reading).
     * HotSpot's garbage, when the clock fails, is often a stale reading that passes the other checks.
     */
    @Override
    public long read() {
        long cpu;
        try {
            cpu = CurrentThreadCpuClock.cpuTimeNanos();
        } catch (CounterException jvmFailure) {
            throw explained(jvmFailure);
        }
        long wall = System.nanoTime();
        long thread = Thread.currentThread().getId();
        if (thread == lastThreadId && (cpu < lastCpu || cpu - lastCpu > wall - lastWall + WALL_SLACK_NANOS)) {
            throw explained(CounterException.sourceFailure(CurrentThreadCpuClock.CPU_TIME_API, "returned " + cpu
                    + " ns after " + lastCpu + " ns on the same thread " + Durations.formatNanos(wall - lastWall)
                    + " earlier, a reading the clock cannot have produced: the thread's CPU clock failed (HotSpot does "
                    + "not check clock_gettime's result, and gives no error code)"));
        }
        lastThreadId = thread;
        lastCpu = cpu;
        lastWall = wall;
        return cpu;
    }

    /** The native clock's own failure, if it fails now too; else the JVM's. */
    CounterException explained(CounterException jvmFailure) {
        try {
            sameClockNatively.get().read();
        } catch (CounterException nativeFailure) {
            nativeFailure.addSuppressed(jvmFailure);
            return nativeFailure;
        } catch (LinkageError | RuntimeException unexplained) {
            jvmFailure.addSuppressed(unexplained);
        }
        return jvmFailure;
    }
}
