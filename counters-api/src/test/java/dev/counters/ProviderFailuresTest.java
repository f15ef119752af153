package dev.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterRegistry.ProviderReport;
import dev.counters.ThrowingProvider.Method;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeTickSource;
import dev.counters.testing.FreshJvm;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44, item 5: a provider that throws from any of its methods is reported with its name and
 * class, and the next provider serves; before, one that threw from unavailableReason() broke the
 * default registry for good, and one that threw from support() or create() broke every creation
 * with its bare message.
 */
class ProviderFailuresTest {
    private static final String CLASS = ThrowingProvider.class.getName();
    private static final String THREW = "threw java.lang.IllegalStateException: " + ThrowingProvider.MESSAGE;

    private static CounterRegistry buggyThenPlatform(Method throwing) {
        return CounterRegistry.of(List.of(new ThrowingProvider(throwing), new CounterRegistryTest.FakePlatformProvider()));
    }

    private static ProviderReport reportOf(CounterRegistry registry, String name) {
        return registry.providers().stream().filter(report -> report.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in " + registry.providers()));
    }

    @Test
    void aProviderWhoseUnavailableReasonThrowsIsReportedAsFailedAndTheNextServes() {
        CounterRegistry registry = buggyThenPlatform(Method.UNAVAILABLE_REASON);

        assertEquals(1000, registry.create(CounterKind.TICK).getFrequency());
        assertEquals("fakeplatform", registry.providerFor(CounterKind.TICK).orElseThrow());
        ProviderReport buggy = reportOf(registry, "buggy");
        assertFalse(buggy.isLoaded());
        assertEquals("failed: its unavailableReason() " + THREW + " (" + CLASS + ")", buggy.loadFailure());
        assertEquals(buggy.loadFailure(), buggy.support(CounterKind.TICK).reason());
        UnsupportedOperationException none = assertThrows(UnsupportedOperationException.class,
                () -> registry.create(CounterKind.MULTIMEDIA));
        assertTrue(none.getMessage().contains("buggy: failed: its unavailableReason() " + THREW), none.getMessage());
    }

    @Test
    void aProviderWhoseNameOrRankThrowsIsReportedByItsClass() {
        CounterRegistry namesless = buggyThenPlatform(Method.NAME);
        assertEquals("fakeplatform", namesless.providerFor(CounterKind.TICK).orElseThrow());
        assertEquals("failed: its name() " + THREW, reportOf(namesless, CLASS).loadFailure());

        CounterRegistry rankless = buggyThenPlatform(Method.RANK);
        assertEquals("fakeplatform", rankless.providerFor(CounterKind.TICK).orElseThrow());
        assertEquals("failed: its rank() " + THREW + " (" + CLASS + ")", reportOf(rankless, "buggy").loadFailure());
    }

    @Test
    void aProviderWhoseSupportThrowsIsPassedOverForThatKindAndTheReportSaysWhy() {
        CounterRegistry registry = buggyThenPlatform(Method.SUPPORT);

        Counter tick = registry.create(CounterKind.TICK);
        tick.start();
        tick.stop();
        assertEquals("fakeplatform", registry.providerFor(CounterKind.TICK).orElseThrow());
        KindSupport why = reportOf(registry, "buggy").support(CounterKind.TICK);
        assertEquals("its support(TICK) " + THREW + " (" + CLASS + ")", why.reason());
        UnsupportedOperationException none = assertThrows(UnsupportedOperationException.class,
                () -> registry.create(CounterKind.MULTIMEDIA));
        assertTrue(none.getMessage().contains("buggy: its support(MULTIMEDIA) " + THREW), none.getMessage());
    }

    @Test
    void aProviderWhoseCreateThrowsIsPassedOverAndTheReportSaysWhy() {
        CounterRegistry registry = buggyThenPlatform(Method.CREATE);
        assertEquals("buggy", registry.providerFor(CounterKind.TICK).orElseThrow(), "chosen before it failed");
        List<ProviderReport> before = registry.providers();
        assertTrue(before.get(0).support(CounterKind.TICK).isSupported());

        assertEquals(1000, registry.create(CounterKind.TICK).getFrequency());
        assertEquals("fakeplatform", registry.providerFor(CounterKind.TICK).orElseThrow(), "the next serves from now on");
        registry.create(CounterKind.TICK);
        assertEquals("its create(TICK) " + THREW + " (" + CLASS + ")", reportOf(registry, "buggy").support(CounterKind.TICK).reason(),
                "the report made before the failure is made anew");

        UnsupportedOperationException none = assertThrows(UnsupportedOperationException.class,
                () -> registry.create(CounterKind.MULTIMEDIA));
        assertTrue(none.getMessage().contains("buggy: its create(MULTIMEDIA) " + THREW), none.getMessage());
        IllegalStateException cause = assertInstanceOf(IllegalStateException.class, none.getCause(), "what the provider threw");
        assertEquals(ThrowingProvider.MESSAGE, cause.getMessage());
    }

    @Test
    void aProviderWhoseDescribeThrowsIsPassedOverInTheListing() {
        CounterRegistry registry = buggyThenPlatform(Method.DESCRIBE);

        List<CounterInfo> available = registry.available();
        assertEquals(List.of(CounterKind.TICK, CounterKind.HIGH_PERFORMANCE), available.stream().map(CounterInfo::kind).toList(),
                "the platform describes what it serves; the kinds only the buggy one served are left out");
        assertEquals("its describe(TICK) " + THREW + " (" + CLASS + ")", reportOf(registry, "buggy").support(CounterKind.TICK).reason());
    }

    @Test
    void aCpuTimesKindCreatedAsAPlainCounterIsAFailureOfTheProviderNotAClassCastException() {
        CounterProvider wrongType = new ThrowingProvider(null) {
            @Override
            public Counter create(CounterKind kind) {
                return FakeCounters.over(kind, FakeTickSource.at(0), 1000);
            }
        };
        CounterRegistry registry = CounterRegistry.of(List.of(wrongType));
        UnsupportedOperationException none = assertThrows(UnsupportedOperationException.class,
                () -> registry.createCpuTimes(CounterKind.THREAD_TIMES));
        assertTrue(none.getMessage().contains("buggy: its create(THREAD_TIMES) returned a dev.counters.internal.SourceCounter, not "
                + "the CpuTimesCounter a CPU-times kind needs"), none.getMessage());
        assertTrue(CounterRegistry.of(List.of(wrongType)).create(CounterKind.THREAD_TIMES) instanceof Counter,
                "create(kind) promises a Counter only; the type is checked where it is needed");
    }

    /**
     * The case as a user meets it, in a fresh JVM: the default registry, found by
     * {@link java.util.ServiceLoader}, with a provider whose unavailableReason() throws. Before:
     * ExceptionInInitializerError, then NoClassDefFoundError on every later call.
     */
    @Test
    void theDefaultRegistryServesBesideAProviderWhoseUnavailableReasonThrows(@TempDir Path providers) throws Exception {
        Properties report = FreshJvm.report(BuggyProviderProbe.class, "-D" + BuggyProviderProbe.DIRECTORY + "=" + providers);
        assertEquals("2", report.getProperty("counters"), report.toString());
        assertEquals("jdk", report.getProperty("tick.provider"));
        assertEquals("failed: its unavailableReason() " + THREW + " (" + ThrowingProvider.UnavailableReasonThrows.class.getName() + ")",
                report.getProperty("buggy"));
    }
}
