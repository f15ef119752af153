package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import dev.counters.testing.HandOff;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 50, item 2, on this provider's native clocks (FFM on JDK 22+, JNA before): a clock not
 * bound to a thread, started here and stopped, read or restarted on a pool thread that lives on,
 * read into the same native scratch memory by both threads one after the other; each reading
 * checked against System.nanoTime, or the JVM's process CPU time, over the same interval.
 */
class HandOffTest {
    private final PosixCounterProvider provider = new PosixCounterProvider();
    private final HandOff wall = HandOff.againstNanoTime();
    private final HandOff processCpu = HandOff.againstProcessCpuTime();

    @AfterEach
    void endThePools() {
        wall.close();
        processCpu.close();
    }

    @ParameterizedTest
    @EnumSource(names = {"TICK", "MULTIMEDIA", "SYSTEM_TIME", "HIGH_PERFORMANCE", "PERFORMANCE"})
    void aWallClockStartedHereIsStoppedInAFuturesCallbackAndRestartedThere(CounterKind kind) {
        wall.startHereStopInTheCallback(provider.create(kind));
    }

    @Test
    void theProcessCpuClockIsStoppedInAFuturesCallbackAndRestartedThere() {
        processCpu.startHereStopInTheCallback(provider.create(CounterKind.PROCESS_TIMES));
    }

    @ParameterizedTest
    @EnumSource(names = {"TICK", "PERFORMANCE"})
    void aStopwatchOnTheCounterIsReadOnAnotherThread(CounterKind kind) {
        wall.stopwatchReadOnThePoolThread(provider.create(kind));
    }

    @ParameterizedTest
    @EnumSource(names = {"HIGH_PERFORMANCE", "PROCESS_TIMES"})
    void overlappingUseStaysRefused(CounterKind kind) {
        HandOff handOff = kind == CounterKind.PROCESS_TIMES ? processCpu : wall;
        String message = handOff.overlappingStartIsRefused(provider.create(kind));
        assertTrue(message.startsWith("start() on thread 'pool-thread', but this " + kind + " counter's interval started on"),
                message);
    }

    @Test
    void threadTimesStoppedOnAnotherThreadStaysRefusedSayingWhatToUse() {
        Throwable refused = wall.stoppedOnThePoolThread(provider.create(CounterKind.THREAD_TIMES));
        String message = assertInstanceOf(IllegalStateException.class, refused).getMessage();
        assertTrue(message.contains("but stopped on thread 'pool-thread'; a thread's CPU time can only be read on that "
                + "thread") && message.contains("use PERFORMANCE (wall time) or PROCESS_TIMES"), message);
    }
}
