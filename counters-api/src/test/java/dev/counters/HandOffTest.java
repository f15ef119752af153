package dev.counters;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.jdk.JdkCounterProvider;
import dev.counters.testing.HandOff;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 50, item 2, with the JDK provider's real clocks: a wall clock or the process's CPU clock
 * started on one thread and stopped, read or restarted on a pool thread that lives on, as
 * {@code System.nanoTime()} and Guava's {@code Stopwatch} allow; before, each threw
 * {@link IllegalStateException}. Overlapping use and a thread's CPU clock on another thread stay refused.
 */
class HandOffTest {
    private final JdkCounterProvider jdk = new JdkCounterProvider();
    private final HandOff wall = HandOff.againstNanoTime();
    private final HandOff processCpu = HandOff.againstProcessCpuTime();

    @AfterEach
    void endThePools() {
        wall.close();
        processCpu.close();
    }

    @ParameterizedTest
    @EnumSource(names = {"TICK", "SYSTEM_TIME", "HIGH_PERFORMANCE", "PERFORMANCE"})
    void aWallClockStartedHereIsStoppedInAFuturesCallbackAndRestartedThere(CounterKind kind) {
        wall.startHereStopInTheCallback(jdk.create(kind));
    }

    @Test
    void theProcessCpuClockIsStoppedInAFuturesCallbackAndRestartedThere() {
        processCpu.startHereStopInTheCallback(jdk.create(CounterKind.PROCESS_TIMES));
    }

    @Test
    void aStopwatchOnThePerformanceCounterIsReadOnAnotherThread() {
        wall.stopwatchReadOnThePoolThread(Counters.performance());
    }

    @ParameterizedTest
    @EnumSource(names = {"PERFORMANCE", "PROCESS_TIMES"})
    void overlappingUseStaysRefused(CounterKind kind) {
        HandOff handOff = kind == CounterKind.PERFORMANCE ? wall : processCpu;
        String message = handOff.overlappingStartIsRefused(jdk.create(kind));
        assertTrue(message.startsWith("start() on thread 'pool-thread', but this " + kind + " counter's interval started on"),
                message);
    }

    @Test
    void threadTimesStoppedOnAnotherThreadStaysRefusedSayingWhatToUse() {
        Throwable refused = wall.stoppedOnThePoolThread(jdk.create(CounterKind.THREAD_TIMES));
        String message = assertInstanceOf(IllegalStateException.class, refused).getMessage();
        assertTrue(message.contains("but stopped on thread 'pool-thread'; a thread's CPU time can only be read on that "
                + "thread") && message.contains("use PERFORMANCE (wall time) or PROCESS_TIMES"), message);
    }
}
