package dev.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * How {@link CounterRegistry} decides lazily which provider serves a kind: building a registry asks
 * no provider anything, the first counter of a kind asks about that kind alone and stops at the
 * first provider that serves it, each kind is decided once (once for concurrent first requests too),
 * the report asks about every kind only when first asked for, and providers of equal rank keep the
 * order they were found in. Each provider here is a {@link RecordingProvider}, which records the
 * questions it was asked.
 */
class CounterRegistryLazyDecisionTest {

    @Test
    void buildingARegistryAsksNoProviderAnything() {
        RecordingProvider floor = new RecordingProvider("floor", CounterProvider.RANK_JDK, EnumSet.allOf(CounterKind.class));
        CounterRegistry.of(List.of(floor));
        assertEquals(List.of(), floor.asked);
    }

    @Test
    void theFirstCounterOfAKindAsksAboutThatKindAloneAndStopsAtTheFirstProviderThatServesIt() {
        RecordingProvider specialist = new RecordingProvider("specialist", CounterProvider.RANK_SPECIALIST, EnumSet.of(CounterKind.TICK));
        RecordingProvider platformLike = new RecordingProvider("platform", CounterProvider.RANK_PLATFORM,
                EnumSet.of(CounterKind.PERFORMANCE, CounterKind.TICK));
        RecordingProvider floor = new RecordingProvider("floor", CounterProvider.RANK_JDK, EnumSet.allOf(CounterKind.class));
        CounterRegistry lazy = CounterRegistry.of(List.of(floor, specialist, platformLike));

        lazy.create(CounterKind.PERFORMANCE);

        assertEquals(List.of(CounterKind.PERFORMANCE), specialist.asked);
        assertEquals(List.of(CounterKind.PERFORMANCE), platformLike.asked);
        assertEquals(List.of(), floor.asked, "the floor is not asked when a better provider serves");
        assertEquals(1, platformLike.created.get());
    }

    @Test
    void eachKindIsDecidedOnceAndLaterRequestsAskNoProvider() {
        RecordingProvider floor = new RecordingProvider("floor", CounterProvider.RANK_JDK, EnumSet.of(CounterKind.TICK));
        CounterRegistry lazy = CounterRegistry.of(List.of(floor));

        lazy.create(CounterKind.TICK);
        lazy.create(CounterKind.TICK);
        assertEquals("floor", lazy.providerFor(CounterKind.TICK).orElseThrow());
        assertThrows(UnsupportedOperationException.class, () -> lazy.create(CounterKind.MULTIMEDIA));
        assertEquals(Optional.empty(), lazy.providerFor(CounterKind.MULTIMEDIA));

        // One question per kind to decide it; the refusal's message asks once more, for the reason.
        assertEquals(List.of(CounterKind.TICK, CounterKind.MULTIMEDIA, CounterKind.MULTIMEDIA), floor.asked);
        assertEquals(2, floor.created.get());
    }

    @Test
    void concurrentFirstRequestsForAKindGetOneDecision() throws Exception {
        CountDownLatch deciding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger questions = new AtomicInteger();
        RecordingProvider floor = new RecordingProvider("floor", CounterProvider.RANK_JDK, EnumSet.allOf(CounterKind.class));
        CounterProvider slow = new RecordingProvider("slow", CounterProvider.RANK_PLATFORM, EnumSet.allOf(CounterKind.class)) {
            @Override
            public KindSupport support(CounterKind kind) {
                questions.incrementAndGet();
                deciding.countDown();
                try {
                    assertTrue(release.await(10, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return super.support(kind);
            }
        };
        CounterRegistry lazy = CounterRegistry.of(List.of(floor, slow));
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<String>> providers = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                providers.add(pool.submit(() -> {
                    lazy.create(CounterKind.PERFORMANCE);
                    return lazy.providerFor(CounterKind.PERFORMANCE).orElseThrow();
                }));
            }
            assertTrue(deciding.await(10, TimeUnit.SECONDS));
            Thread.sleep(50);
            release.countDown();
            for (Future<String> provider : providers) {
                assertEquals("slow", provider.get(10, TimeUnit.SECONDS));
            }
            assertEquals(1, questions.get(), "one decision for all the threads");
            assertEquals(List.of(), floor.asked);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theReportAsksEveryProviderAboutEveryKindOnlyWhenFirstAskedFor() {
        RecordingProvider floor = new RecordingProvider("floor", CounterProvider.RANK_JDK, EnumSet.of(CounterKind.TICK));
        CounterRegistry lazy = CounterRegistry.of(List.of(floor));
        lazy.create(CounterKind.TICK);
        assertEquals(1, floor.asked.size());

        List<CounterRegistry.ProviderReport> reports = lazy.providers();
        assertEquals(1 + CounterKind.values().length, floor.asked.size());
        assertSame(reports, lazy.providers(), "made once");
        assertEquals(1 + CounterKind.values().length, floor.asked.size());
        assertTrue(reports.get(0).support(CounterKind.TICK).isSupported());
        assertEquals("floor has no MULTIMEDIA", reports.get(0).support(CounterKind.MULTIMEDIA).reason());
    }

    @Test
    void providersOfEqualRankKeepTheOrderTheyWereFoundIn() {
        RecordingProvider first = new RecordingProvider("first", CounterProvider.RANK_PLATFORM, EnumSet.of(CounterKind.TICK));
        RecordingProvider second = new RecordingProvider("second", CounterProvider.RANK_PLATFORM, EnumSet.of(CounterKind.TICK));
        CounterRegistry registry = CounterRegistry.of(List.of(first, second));
        assertEquals("first", registry.providerFor(CounterKind.TICK).orElseThrow());
        assertEquals(List.of("first", "second"), registry.providers().stream().map(CounterRegistry.ProviderReport::name).toList());
    }
}
