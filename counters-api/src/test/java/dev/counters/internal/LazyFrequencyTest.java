package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LazyFrequencyTest {

    @Test
    void sixteenRacingThreadsQueryTheSourceExactlyOnce() throws Exception {
        for (int round = 0; round < 20; round++) {
            AtomicInteger queries = new AtomicInteger();
            LazyFrequency frequency = LazyFrequency.of("QueryPerformanceFrequency", () -> {
                queries.incrementAndGet();
                Thread.yield();
                return 10_000_000L;
            });
            int threads = 16;
            CountDownLatch ready = new CountDownLatch(threads);
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<Long>> results = new ArrayList<>();
                for (int i = 0; i < threads; i++) {
                    results.add(pool.submit(() -> {
                        ready.countDown();
                        go.await();
                        return frequency.get();
                    }));
                }
                ready.await();
                go.countDown();
                for (Future<Long> result : results) {
                    assertEquals(10_000_000L, result.get(10, TimeUnit.SECONDS));
                }
            } finally {
                pool.shutdownNow();
            }
            assertEquals(1, queries.get(), "queries in round " + round);
            assertEquals(10_000_000L, frequency.get());
            assertEquals(1, queries.get());
        }
    }

    @Test
    void isNotQueriedUntilNeeded() {
        AtomicInteger queries = new AtomicInteger();
        LazyFrequency frequency = LazyFrequency.of("api", () -> {
            queries.incrementAndGet();
            return 1000;
        });
        assertFalse(frequency.isKnown());
        assertEquals(0, queries.get());
        assertEquals(1000, frequency.get());
        assertTrue(frequency.isKnown());
    }

    @Test
    void aNonPositiveFrequencyIsAFailureRememberedNotAZero() {
        AtomicInteger queries = new AtomicInteger();
        LazyFrequency frequency = LazyFrequency.of("QueryPerformanceFrequency", () -> {
            queries.incrementAndGet();
            return 0;
        });
        CounterException first = assertThrows(CounterException.class, frequency::get);
        assertTrue(first.getMessage().contains("QueryPerformanceFrequency"), first.getMessage());
        assertTrue(first.getMessage().contains("reported a frequency of 0"), first.getMessage());
        CounterException second = assertThrows(CounterException.class, frequency::get);
        assertSame(first, second);
        assertEquals(1, queries.get());
        assertFalse(frequency.isKnown());
    }

    @Test
    void aThrowingQueryBecomesACounterExceptionWithTheCause() {
        IllegalStateException cause = new IllegalStateException("no HPET");
        LazyFrequency frequency = LazyFrequency.of("hpet", () -> {
            throw cause;
        });
        CounterException e = assertThrows(CounterException.class, frequency::get);
        assertSame(cause, e.getCause());
        assertEquals("hpet", e.api());
        CounterException nativeFailure = CounterException.nativeFailure("QueryPerformanceFrequency", 5, "Access is denied.");
        LazyFrequency failing = LazyFrequency.of("QueryPerformanceFrequency", () -> {
            throw nativeFailure;
        });
        assertSame(nativeFailure, assertThrows(CounterException.class, failing::get));
    }

    @Test
    void fixedFrequenciesAreKnownAtOnceAndMustBePositive() {
        LazyFrequency fixed = LazyFrequency.fixed(1_000_000_000L);
        assertTrue(fixed.isKnown());
        assertEquals(1_000_000_000L, fixed.get());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LazyFrequency.fixed(0));
        assertTrue(e.getMessage().contains("positive"), e.getMessage());
    }
}
