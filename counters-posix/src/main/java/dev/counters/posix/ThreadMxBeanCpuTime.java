package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import dev.counters.internal.CurrentThreadCpuClock;
import dev.counters.internal.Durations;
import dev.counters.internal.TickSource;
import java.util.function.LongSupplier;
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
 *
 * <p>A reading that does not follow from the last one on the same thread (lower, the same to the
 * nanosecond although reading the clock costs CPU time, or ahead by more than the wall time since)
 * is only a suspicion: the kernel's thread clock does jump ahead of the
 * wall clock now and then (by 1 to 19 ms within a few microseconds, seen on a 2-vCPU VM under
 * JMH). So the native clock decides: if it reads, its reading, taken just after, stands in for the
 * JVM's; if it fails, its error is thrown.
 *
 * <p>What no check can catch: when the clock fails, the buffer HotSpot passes on may hold an
 * earlier true reading of a CPU clock (this thread's, taken by other code, or another thread's, left
 * on a reused thread stack) that happens to follow from the last. Almost all such garbage is a
 * pointer or zero, and is refused; a failing thread clock that must never go unnoticed is best read
 * natively: FFM on JDK 22 or later, which reports the clock's own {@code errno}.
 */
final class ThreadMxBeanCpuTime implements TickSource {
    /**
     * What a thread's CPU time may gain beyond the wall time between two readings. Each wall reading
     * follows its CPU reading, so the CPU time between two readings could exceed the wall time
     * between them only by the two clocks' disagreement: they are kept by different kernel sources
     * (the scheduler's clock, the clocksource). On the 2-vCPU VM, under load, consecutive readings
     * disagreed by more than 50 us 1,072 times in 20 million, by more than 200 us 8 times, and never
     * by 1 ms (at most 491 us). A reading beyond this margin is only a suspicion, settled natively.
     */
    static final long WALL_SLACK_NANOS = 1_000_000L;

    private final Supplier<? extends TickSource> sameClockNatively;
    private final LongSupplier wallClock;
    /** The thread that took the last reading (its id), the reading, and the wall time just after it. */
    private long lastThreadId = -1;
    private long lastCpu;
    private long lastWall;

    /** Reads through the JVM; on a failure or a suspicion, asks {@code sameClockNatively}'s source (made only then). */
    ThreadMxBeanCpuTime(Supplier<? extends TickSource> sameClockNatively) {
        this(sameClockNatively, System::nanoTime);
    }

    /** As {@link #ThreadMxBeanCpuTime(Supplier)}, with the wall time of the plausibility check from {@code wallClock}. */
    ThreadMxBeanCpuTime(Supplier<? extends TickSource> sameClockNatively, LongSupplier wallClock) {
        this.sameClockNatively = requireNonNull(sameClockNatively, "sameClockNatively");
        this.wallClock = requireNonNull(wallClock, "wallClock");
    }

    /**
     * The calling thread's CPU time. Besides {@link CurrentThreadCpuClock}'s checks, a reading is
     * expected to follow from this source's last one on the same thread: a thread's CPU time grows
     * with every reading (each costs some), and rarely faster than the wall time ({@link System#nanoTime()}, read after
     * each reading). HotSpot's garbage, when the clock fails, is often a stale reading that passes
     * the other checks; a reading that does not follow is {@linkplain #confirmed confirmed} natively.
     */
    @Override
    public long read() {
        long cpu;
        try {
            cpu = CurrentThreadCpuClock.cpuTimeNanos();
        } catch (CounterException jvmFailure) {
            throw explained(jvmFailure);
        }
        long wall = wallClock.getAsLong();
        long thread = Thread.currentThread().getId();
        if (thread == lastThreadId && (cpu <= lastCpu || cpu - lastCpu > wall - lastWall + WALL_SLACK_NANOS)) {
            cpu = confirmed(cpu, wall);
        }
        lastThreadId = thread;
        lastCpu = cpu;
        lastWall = wall;
        return cpu;
    }

    /**
     * The native clock's reading in place of the JVM's {@code suspect} one, which did not follow from
     * the last: the same clock, read just after, so at least as high. Throws the native clock's
     * failure, or the suspicion itself when the native reading does not follow either.
     */
    private long confirmed(long suspect, long wall) {
        long confirmation;
        try {
            confirmation = sameClockNatively.get().read();
        } catch (LinkageError | RuntimeException nativeFailure) {
            throw explained(suspicion(suspect, wall));
        }
        if (confirmation < lastCpu) {
            throw suspicion(suspect, wall);
        }
        return confirmation;
    }

    /** The failure a {@code suspect} reading is, once the native clock has not confirmed it. */
    private CounterException suspicion(long suspect, long wall) {
        return CounterException.sourceFailure(CurrentThreadCpuClock.CPU_TIME_API, "returned " + suspect + " ns after "
                + lastCpu + " ns on the same thread " + Durations.formatNanos(wall - lastWall) + " earlier, and the native "
                + "clock could not confirm it: the thread's CPU clock failed (HotSpot does not check clock_gettime's "
                + "result, and gives no error code)");
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
