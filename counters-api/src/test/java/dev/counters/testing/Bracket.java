package dev.counters.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Times the same work with a counter and with an independent clock read just inside and just
 * outside the counter's start and stop, so that, whatever the scheduler does, the counter's
 * interval must lie between the inner and the outer interval, give or take a slack for the
 * counter's own quantisation and the calls themselves.
 */
public final class Bracket {
    private final Duration inner;
    private final Duration outer;

    private Bracket(Duration inner, Duration outer) {
        this.inner = inner;
        this.outer = outer;
    }

    /** Runs {@code work} between {@code counter}'s start and stop, with {@code clock} (in nanoseconds) read around both. */
    public static Bracket time(Counter counter, LongSupplier clockNanos, Runnable work) {
        long outerStart = clockNanos.getAsLong();
        counter.start();
        long innerStart = clockNanos.getAsLong();
        work.run();
        long innerEnd = clockNanos.getAsLong();
        counter.stop();
        long outerEnd = clockNanos.getAsLong();
        return new Bracket(Duration.ofNanos(innerEnd - innerStart), Duration.ofNanos(outerEnd - outerStart));
    }

    /** The independent clock's interval between the counter's start and stop. */
    public Duration inner() {
        return inner;
    }

    /** The independent clock's interval around the counter's start and stop. */
    public Duration outer() {
        return outer;
    }

    /** Asserts {@code measured} lies within the bracket widened by {@code slack} on either side. */
    public void assertContains(Duration measured, Duration slack, String what) {
        String detail = what + ": measured " + measured + ", independent clock " + this + ", slack " + slack;
        assertTrue(measured.compareTo(inner.minus(slack)) >= 0, "too short: " + detail);
        assertTrue(measured.compareTo(outer.plus(slack)) <= 0, "too long: " + detail);
    }

    /** Sleeps for {@code duration}, as work to time; an interrupt fails the test. */
    public static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    @Override
    public String toString() {
        return "inside " + inner + ", outside " + outer;
    }
}
