package dev.counters.posix;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import dev.counters.spi.CurrentThreadCpuClock;
import dev.counters.spi.TickSource;
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
    private final Supplier<? extends TickSource> sameClockNatively;

    /** Reads through the JVM; on a failure, asks {@code sameClockNatively}'s source (made only then) for the reason. */
    ThreadMxBeanCpuTime(Supplier<? extends TickSource> sameClockNatively) {
        this.sameClockNatively = requireNonNull(sameClockNatively, "sameClockNatively");
    }

    @Override
    public long read() {
        try {
            return CurrentThreadCpuClock.cpuTimeNanos();
        } catch (CounterException jvmFailure) {
            throw explained(jvmFailure);
        }
    }

    /** The native clock's own failure, if it fails now too; else the JVM's. */
    private CounterException explained(CounterException jvmFailure) {
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
