package dev.counters.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.base.Stopwatch;
import dev.counters.Counter;
import dev.counters.Resolution;
import dev.counters.Tickers;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Issue 50, item 2, on real counters: a clock that is not bound to a thread handed from the
 * calling thread to a pool thread that lives on, as a request's {@code CompletableFuture} does,
 * with every reading checked against {@code reference.getAsLong()} read inside and outside the same
 * interval ({@link Bracket}), within the counter's resolution and a scheduling margin. Shared by
 * the tests of counters-api (the JDK provider) and counters-posix (its own provider).
 */
public final class HandOff implements AutoCloseable {
    private static final Duration WORK = Duration.ofMillis(30);
    /** Scheduling noise between adjacent readings on a shared, busy machine (as counters-posix's WallClockTest). */
    private static final Duration MARGIN = Duration.ofMillis(10);

    /** One platform thread that lives until {@link #close()}: a pool thread that never ends. */
    private final ExecutorService pool = Executors.newSingleThreadExecutor(task -> new Thread(task, "pool-thread"));
    private final LongSupplier reference;
    private final String referenceName;
    /** The reference clock's own step: either end of its bracket may be off by one. */
    private final Duration referenceStep;

    private HandOff(LongSupplier reference, String referenceName, Duration referenceStep) {
        this.reference = reference;
        this.referenceName = referenceName;
        this.referenceStep = referenceStep;
    }

    /** Checks wall clocks against {@code System.nanoTime()}. */
    public static HandOff againstNanoTime() {
        return new HandOff(System::nanoTime, "System.nanoTime", Duration.ZERO);
    }

    /**
     * Checks a process CPU clock against {@code OperatingSystemMXBean.getProcessCpuTime()}, all threads' CPU in
     * nanoseconds, which JDK 17 on Linux reads in 10 ms clock ticks.
     */
    public static HandOff againstProcessCpuTime() {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return new HandOff(os::getProcessCpuTime, "OperatingSystemMXBean.getProcessCpuTime", Duration.ofMillis(10));
    }

    /** How far a reading of {@code counter} may lie outside the reference's bracket: two steps of each clock and the margin. */
    private Duration slack(Counter counter) {
        Resolution resolution = counter.getInfo().measureResolution();
        long step = Math.max(resolution.typical().toNanos(), resolution.declared().orElse(Duration.ZERO).toNanos());
        return Duration.ofNanos(2 * step).plus(referenceStep.multipliedBy(2)).plus(MARGIN);
    }

    /**
     * Started here, stopped in a {@code CompletableFuture}'s callback on the pool thread, then
     * restarted and stopped there while this thread lives; returns the first reading.
     */
    public Duration startHereStopInTheCallback(Counter counter) {
        long outerStart = reference.getAsLong();
        counter.start();
        long innerStart = reference.getAsLong();
        AtomicLong innerEnd = new AtomicLong();
        AtomicLong outerEnd = new AtomicLong();
        Thread stoppedOn = CompletableFuture.runAsync(() -> Work.burnCpu(WORK), pool).thenApplyAsync(done -> {
            innerEnd.set(reference.getAsLong());
            counter.stop();
            outerEnd.set(reference.getAsLong());
            return Thread.currentThread();
        }, pool).join();
        assertNotSame(Thread.currentThread(), stoppedOn, "the callback ran on the pool thread");
        Duration handedOff = counter.getElapsed();
        assertWithin(handedOff, innerEnd.get() - innerStart, outerEnd.get() - outerStart, counter, "stopped in the callback");

        Duration again = CompletableFuture.supplyAsync(() -> {
            Bracket bracket = Bracket.time(counter, reference, () -> Work.burnCpu(WORK));
            bracket.assertContains(counter.getElapsed(), slack(counter), counter.getInfo().kind() + " restarted on the pool thread");
            return counter.getElapsed();
        }, pool).join();
        assertFalse(again.isNegative());
        return handedOff;
    }

    /** A Guava {@code Stopwatch} on {@code Tickers.of(counter)} started here and read on the pool thread. */
    public Duration stopwatchReadOnThePoolThread(Counter counter) {
        long outerStart = reference.getAsLong();
        Stopwatch stopwatch = Stopwatch.createStarted(Tickers.of(counter));
        long innerStart = reference.getAsLong();
        Work.burnCpu(WORK);
        long[] ends = CompletableFuture.supplyAsync(() -> {
            long inner = reference.getAsLong();
            long nanos = stopwatch.elapsed(TimeUnit.NANOSECONDS);
            return new long[] {inner, nanos, reference.getAsLong()};
        }, pool).join();
        Duration read = Duration.ofNanos(ends[1]);
        assertWithin(read, ends[0] - innerStart, ends[2] - outerStart, counter, "a Stopwatch read on the pool thread");
        return read;
    }

    /**
     * A second thread's {@code start()} while this thread's interval runs: refused with the message
     * it returns, and this thread's interval stays whole.
     */
    public String overlappingStartIsRefused(Counter counter) {
        long outerStart = reference.getAsLong();
        counter.start();
        long innerStart = reference.getAsLong();
        CompletionException refused = assertInstanceOf(CompletionException.class,
                catchThrown(() -> CompletableFuture.runAsync(counter::start, pool).join()));
        IllegalStateException overlap = assertInstanceOf(IllegalStateException.class, refused.getCause());
        Work.burnCpu(WORK);
        long innerEnd = reference.getAsLong();
        counter.stop();
        long outerEnd = reference.getAsLong();
        assertWithin(counter.getElapsed(), innerEnd - innerStart, outerEnd - outerStart, counter,
                "the first thread's interval after the refused start()");
        assertFalse(overlap.getMessage().isEmpty());
        return overlap.getMessage();
    }

    /** What {@code counter.stop()} on the pool thread threw, after {@code start()} here; null if nothing. */
    public Throwable stoppedOnThePoolThread(Counter counter) {
        counter.start();
        Throwable thrown = catchThrown(() -> CompletableFuture.runAsync(counter::stop, pool).join());
        return thrown instanceof CompletionException ? thrown.getCause() : thrown;
    }

    private void assertWithin(Duration measured, long innerNanos, long outerNanos, Counter counter, String what) {
        Duration slack = slack(counter);
        String detail = counter.getInfo().kind() + " " + what + ": " + measured + ", " + referenceName + " inside "
                + Duration.ofNanos(innerNanos) + ", outside " + Duration.ofNanos(outerNanos) + ", slack " + slack;
        System.out.println(detail);
        assertTrue(measured.compareTo(Duration.ofNanos(innerNanos).minus(slack)) >= 0, "too short: " + detail);
        assertTrue(measured.compareTo(Duration.ofNanos(outerNanos).plus(slack)) <= 0, "too long: " + detail);
    }

    private static Throwable catchThrown(Runnable call) {
        try {
            call.run();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
