package dev.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.base.Stopwatch;
import com.google.common.base.Ticker;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeTickSource;
import dev.counters.testing.Work;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TickersTest {

    @Test
    void guavaStopwatchRunsOnTheCounter() {
        FakeTickSource clock = FakeTickSource.at(5_000);
        Ticker ticker = Tickers.of(FakeCounters.over(clock, 10_000_000));
        Stopwatch stopwatch = Stopwatch.createStarted(ticker);
        clock.advance(12_345);
        assertEquals(Duration.ofNanos(1_234_500), stopwatch.elapsed());
        clock.advance(10_000_000);
        assertEquals(1001, stopwatch.elapsed(TimeUnit.MILLISECONDS));
    }

    @Test
    void readsNanosecondsFromTheFirstStartAtOneReadEach() {
        FakeTickSource clock = FakeTickSource.at(0);
        Ticker ticker = Tickers.of(FakeCounters.over(clock, 1000));
        assertEquals(1, clock.reads());
        clock.advance(3);
        assertEquals(3_000_000, ticker.read());
        clock.advance(2);
        assertEquals(5_000_000, ticker.read());
        assertEquals(3, clock.reads());
    }

    @Test
    void threadCpuTimeStopwatchAdvancesWithWork() {
        Stopwatch cpu = Stopwatch.createStarted(Tickers.of(Counters.threadTimes()));
        long used = Work.burnCpu(Duration.ofMillis(20));
        long elapsed = cpu.elapsed(TimeUnit.NANOSECONDS);
        assertTrue(elapsed >= used - 1_000_000L, elapsed + " ns on the ticker, " + used + " ns burnt");
    }

    @Test
    void nullSaysWhatToPass() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> Tickers.of(null));
        assertTrue(e.getMessage().contains("Counters.threadTimes()"), e.getMessage());
    }
}
