package dev.counters.posix;

import dev.counters.testing.Work;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The ThreadMXBean source's own checks and explanations, with fake native clocks standing in for the one asked why. */
class ThreadMxBeanCpuTimeTest {
    private final CounterException jvmFailure =
            CounterException.sourceFailure("ThreadMXBean.getCurrentThreadCpuTime()", "returned -7424");

    @Test
    void successiveReadingsOnOneThreadPassAndAnotherThreadsAreNotCompared() throws Exception {
        ThreadMxBeanCpuTime source = new ThreadMxBeanCpuTime(() -> {
            throw new AssertionError("the native clock is asked only on a failure");
        });
        long first = source.read();
        Work.burnCpu(Duration.ofMillis(5));
        long second = source.read();
        assertTrue(second >= first + 4_000_000L, first + " then " + second);
        assertTrue(OnThread.call("fresh", source::read) < second, "a fresh thread's CPU time is lower, and legitimate");
        assertTrue(source.read() >= second);
    }

    @Test
    void aReadingAheadOfTheWallClockStandsWhenTheNativeClockConfirmsIt() {
        // The kernel's thread clock jumps ahead now and then; here the wall clock stands still instead.
        long[] nativeReads = {0};
        ThreadMxBeanCpuTime source = new ThreadMxBeanCpuTime(() -> () -> {
            nativeReads[0]++;
            return dev.counters.internal.CurrentThreadCpuClock.cpuTimeNanos();
        }, () -> 1_000L);
        long first = source.read();
        Work.burnCpu(Duration.ofMillis(5));
        long second = source.read();
        assertTrue(second >= first + 4_000_000L, first + " then " + second);
        assertEquals(1, nativeReads[0], "asked once, for the reading 5 ms ahead of a wall clock that stood still");
        assertTrue(source.read() >= second);
    }

    @Test
    void aReadingTheNativeClockCannotConfirmIsRefusedWithItsError() {
        CounterException nativeFailure =
                CounterException.nativeFailure("clock_gettime(CLOCK_THREAD_CPUTIME_ID)", 1, "Operation not permitted");
        ThreadMxBeanCpuTime failing = new ThreadMxBeanCpuTime(() -> () -> {
            throw nativeFailure;
        }, () -> 1_000L);
        failing.read();
        Work.burnCpu(Duration.ofMillis(5));
        CounterException thrown = assertThrows(CounterException.class, failing::read);
        assertSame(nativeFailure, thrown);
        assertTrue(thrown.getSuppressed()[0].getMessage().contains("the native clock could not confirm it"),
                thrown.getSuppressed()[0].getMessage());

        ThreadMxBeanCpuTime behind = new ThreadMxBeanCpuTime(() -> () -> 0L, () -> 1_000L);
        behind.read();
        Work.burnCpu(Duration.ofMillis(5));
        assertTrue(assertThrows(CounterException.class, behind::read).getMessage().contains("could not confirm"),
                "a native reading below the last one confirms nothing");
    }

    @Test
    void theNativeClocksErrorIsThrownWhenItFailsToo() {
        CounterException nativeFailure =
                CounterException.nativeFailure("clock_gettime(CLOCK_THREAD_CPUTIME_ID)", 22, "Invalid argument");
        ThreadMxBeanCpuTime source = new ThreadMxBeanCpuTime(() -> () -> {
            throw nativeFailure;
        });
        assertSame(nativeFailure, source.explained(jvmFailure));
        assertArrayEquals(new Throwable[] {jvmFailure}, nativeFailure.getSuppressed());
    }

    @Test
    void theJvmsFailureIsThrownWhenTheNativeClockWorks() {
        ThreadMxBeanCpuTime source = new ThreadMxBeanCpuTime(() -> () -> 42);
        assertSame(jvmFailure, source.explained(jvmFailure));
    }

    @Test
    void aNativeClockThatCannotBeAskedIsAttached() {
        UnsatisfiedLinkError unbound = new UnsatisfiedLinkError("no libc");
        ThreadMxBeanCpuTime source = new ThreadMxBeanCpuTime(() -> {
            throw unbound;
        });
        assertSame(jvmFailure, source.explained(jvmFailure));
        assertArrayEquals(new Throwable[] {unbound}, jvmFailure.getSuppressed());
    }
}
