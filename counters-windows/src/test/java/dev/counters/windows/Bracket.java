package dev.counters.windows;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.Resolution;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Times the same work with a counter and with an independent clock read just inside and just
 * outside the counter's start and stop, so that, whatever the scheduler does, the counter's
 * interval must lie between the inner and the outer interval, give or take the counter's own
 * quantisation (two of its measured steps) and a small margin for the calls themselves.
 */
final class Bracket {
    /** For JNA calls and Wine's clock reads between the paired readings. */
    private static final Duration MARGIN = Duration.ofMillis(5);

    final Duration inner;
    final Duration outer;

    private Bracket(Duration inner, Duration outer) {
        this.inner = inner;
        this.outer = outer;
    }

    /** Runs {@code work} between {@code counter}'s start and stop, with {@code clock} (in nanoseconds) read around both. */
    static Bracket time(Counter counter, LongSupplier clockNanos, Runnable work) {
        long outerStart = clockNanos.getAsLong();
        counter.start();
        long innerStart = clockNanos.getAsLong();
        work.run();
        long innerEnd = clockNanos.getAsLong();
        counter.stop();
        long outerEnd = clockNanos.getAsLong();
        return new Bracket(Duration.ofNanos(innerEnd - innerStart), Duration.ofNanos(outerEnd - outerStart));
    }

    /** Asserts {@code measured} lies within the bracket widened by two steps of {@code resolution} and the margin. */
    void assertContains(Duration measured, Resolution resolution, String what) {
        assertContains(measured, resolution, Duration.ZERO, what);
    }

    /**
     * As {@link #assertContains(Duration, Resolution, String)}, for a clock whose step may grow to
     * {@code coarsestStep} after its resolution was probed: a step is the larger of the two.
     */
    void assertContains(Duration measured, Resolution resolution, Duration coarsestStep, String what) {
        Duration probed = resolution.typical().compareTo(resolution.smallest()) > 0 ? resolution.typical() : resolution.smallest();
        Duration step = probed.compareTo(coarsestStep) >= 0 ? probed : coarsestStep;
        Duration slack = step.multipliedBy(2).plus(MARGIN);
        String detail = what + ": measured " + measured + ", independent clock inside " + inner + ", outside " + outer
                + ", slack " + slack + " (resolution " + resolution + ")";
        assertTrue(measured.compareTo(inner.minus(slack)) >= 0, "too short: " + detail);
        assertTrue(measured.compareTo(outer.plus(slack)) <= 0, "too long: " + detail);
    }

    static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
