package dev.counters.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** A value per kind: computed on the first request for that kind alone, once, whichever threads ask. */
class PerKindTest {

    /** Counts its computations per kind; each value is a new object, so "the same value" means "computed once". */
    private static final class Counting extends PerKind<Object> {
        final Map<CounterKind, AtomicInteger> computed = new EnumMap<>(CounterKind.class);

        Counting() {
            for (CounterKind kind : CounterKind.values()) {
                computed.put(kind, new AtomicInteger());
            }
        }

        @Override
        protected Object compute(CounterKind kind) {
            computed.get(kind).incrementAndGet();
            return new Object();
        }
    }

    @Test
    void computesAKindOnItsFirstRequestAndNoOtherKind() {
        Counting values = new Counting();
        assertFalse(values.isKnown(CounterKind.PERFORMANCE));

        Object performance = values.get(CounterKind.PERFORMANCE);

        assertTrue(values.isKnown(CounterKind.PERFORMANCE));
        assertSame(performance, values.get(CounterKind.PERFORMANCE));
        assertSame(performance, values.supplier(CounterKind.PERFORMANCE).get());
        assertEquals(1, values.computed.get(CounterKind.PERFORMANCE).get());
        for (CounterKind kind : CounterKind.values()) {
            if (kind != CounterKind.PERFORMANCE) {
                assertEquals(0, values.computed.get(kind).get(), kind + " was not asked for");
                assertFalse(values.isKnown(kind), kind.toString());
            }
        }
    }

    @Test
    void aSupplierComputesOnlyWhenItIsFirstAskedAndSaysWhetherItHas() {
        Counting values = new Counting();
        Supplier<Object> tick = values.supplier(CounterKind.TICK);
        assertEquals("TICK=(not yet computed)", tick.toString());
        assertEquals(0, values.computed.get(CounterKind.TICK).get(), "handing out the supplier computes nothing");

        Object value = tick.get();
        assertSame(value, values.get(CounterKind.TICK));
        assertEquals("TICK=" + value, tick.toString());
    }

    @Test
    void concurrentFirstRequestsWaitForOneComputation() throws Exception {
        CountDownLatch computing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger computations = new AtomicInteger();
        PerKind<Object> slow = new PerKind<>() {
            @Override
            protected Object compute(CounterKind kind) {
                computations.incrementAndGet();
                computing.countDown();
                try {
                    assertTrue(release.await(10, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return new Object();
            }
        };
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Object>> answers = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                answers.add(pool.submit(() -> slow.get(CounterKind.HIGH_PERFORMANCE)));
            }
            assertTrue(computing.await(10, TimeUnit.SECONDS), "one thread computes");
            Thread.sleep(50); // the others are blocked on the computation, or not yet started
            release.countDown();
            Object first = answers.get(0).get(10, TimeUnit.SECONDS);
            for (Future<Object> answer : answers) {
                assertSame(first, answer.get(10, TimeUnit.SECONDS), "every thread sees the one value");
            }
            assertEquals(1, computations.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aComputationThatThrowsIsTriedAgainByTheNextRequest() {
        AtomicInteger attempts = new AtomicInteger();
        PerKind<String> flaky = new PerKind<>() {
            @Override
            protected String compute(CounterKind kind) {
                if (attempts.incrementAndGet() == 1) {
                    throw new IllegalStateException("not yet");
                }
                return "ready";
            }
        };
        IllegalStateException first = assertThrows(IllegalStateException.class, () -> flaky.get(CounterKind.TICK));
        assertEquals("not yet", first.getMessage());
        assertFalse(flaky.isKnown(CounterKind.TICK));
        assertEquals("ready", flaky.get(CounterKind.TICK));
        assertEquals("ready", flaky.get(CounterKind.TICK));
        assertEquals(2, attempts.get());
    }

    @Test
    void aNullValueIsRefusedNamingTheComputation() {
        PerKind<String> none = new PerKind<>() {
            @Override
            protected String compute(CounterKind kind) {
                return null;
            }
        };
        NullPointerException e = assertThrows(NullPointerException.class, () -> none.get(CounterKind.TICK));
        assertTrue(e.getMessage().endsWith(".compute(TICK) returned null"), e.getMessage());
        assertFalse(none.isKnown(CounterKind.TICK));
    }

    @Test
    void aNullKindIsRefused() {
        Counting values = new Counting();
        assertThrows(NullPointerException.class, () -> values.get(null));
        assertThrows(NullPointerException.class, () -> values.isKnown(null));
        assertThrows(NullPointerException.class, () -> values.supplier(null));
    }
}
