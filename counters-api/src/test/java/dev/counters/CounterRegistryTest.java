package dev.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.jdk.JdkCounterProvider;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import dev.counters.testing.FakeCounters;
import dev.counters.testing.FakeTickSource;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CounterRegistryTest {

    /** Serves HIGH_PERFORMANCE and TICK from a fake clock, and refuses the rest with a reason. */
    static final class FakePlatformProvider implements CounterProvider {
        final FakeTickSource clock = FakeTickSource.at(0);

        @Override
        public String name() {
            return "fakeplatform";
        }

        @Override
        public int rank() {
            return RANK_PLATFORM;
        }

        @Override
        public KindSupport support(CounterKind kind) {
            return kind == CounterKind.HIGH_PERFORMANCE || kind == CounterKind.TICK
                    ? KindSupport.supported()
                    : KindSupport.unsupported("fake platform has no " + kind);
        }

        @Override
        public Counter create(CounterKind kind) {
            return FakeCounters.over(kind, clock, 1000);
        }
    }

    /** A provider whose class cannot even be constructed, as when its native library is missing. */
    public static final class BrokenProvider implements CounterProvider {
        public BrokenProvider() {
            throw new UnsatisfiedLinkError("Unable to load library 'c': libc.so.6: cannot open shared object file");
        }

        @Override
        public String name() {
            return "broken";
        }

        @Override
        public int rank() {
            return 1000;
        }

        @Override
        public KindSupport support(CounterKind kind) {
            return KindSupport.supported();
        }

        @Override
        public Counter create(CounterKind kind) {
            throw new AssertionError();
        }
    }

    private final FakePlatformProvider platform = new FakePlatformProvider();
    private final CounterRegistry registry = CounterRegistry.of(List.of(new JdkCounterProvider(), platform));

    @Test
    void theHighestRankedSupportingProviderWins() {
        Counter counter = registry.create(CounterKind.HIGH_PERFORMANCE);
        counter.start();
        platform.clock.advance(7);
        counter.stop();
        assertEquals(7, counter.getPeriodCount());
        assertEquals("fakeplatform", registry.providerFor(CounterKind.TICK).orElseThrow());
    }

    @Test
    void theJdkFloorServesWhatThePlatformDoesNot() {
        assertEquals("jdk", registry.providerFor(CounterKind.SYSTEM_TIME).orElseThrow());
        assertInstanceOf(CpuTimesCounter.class, registry.create(CounterKind.THREAD_TIMES));
    }

    @Test
    void aKindNobodyServesNamesThePlatformTheReasonsAndTheModuleToAdd() {
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> registry.create(CounterKind.MULTIMEDIA));
        String message = e.getMessage();
        assertTrue(message.contains("No provider serves MULTIMEDIA counters on " + System.getProperty("os.name")
                + "/" + System.getProperty("os.arch")), message);
        assertTrue(message.contains("fakeplatform: fake platform has no MULTIMEDIA"), message);
        assertTrue(message.contains("jdk: the JDK has no MULTIMEDIA clock"), message);
        assertTrue(message.contains("Add " + CounterRegistry.moduleToAdd(CounterKind.MULTIMEDIA)), message);
    }

    @Test
    void cycleKindsPointAtThePlatformModuleThatServesThem() {
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> registry.create(CounterKind.CPU_CYCLES));
        assertTrue(e.getMessage().contains("Add " + CounterRegistry.moduleToAdd(CounterKind.CPU_CYCLES)), e.getMessage());
        assertFalse(e.getMessage().contains("counters-measure"), e.getMessage());
    }

    @Test
    void theAdviceNamesAModuleOnlyWhenItIsTheMissingPiece() {
        assertEquals("Add dev.counters:counters-posix (Linux, macOS, FreeBSD) to the class or module path.",
                CounterRegistry.advice(CounterKind.THREAD_CYCLES, "Linux", Set.of("jdk")));
        assertEquals("Add dev.counters:counters-windows to the class or module path.",
                CounterRegistry.advice(CounterKind.THREAD_CYCLES, "Windows 11", Set.of("jdk", "posix")));
        String loaded = CounterRegistry.advice(CounterKind.THREAD_CYCLES, "Linux", Set.of("jdk", "posix"));
        assertFalse(loaded.contains("Add"), loaded);
        assertTrue(loaded.contains("posix) is loaded"), loaded);
        assertFalse(CounterRegistry.advice(CounterKind.PROCESS_CYCLES, "Windows 10", Set.of("windows")).contains("Add"));
    }

    @Test
    void processCyclesOnLinuxAreRefusedPlainly() {
        for (Set<String> loaded : List.of(Set.<String>of(), Set.of("jdk", "posix"))) {
            String advice = CounterRegistry.advice(CounterKind.PROCESS_CYCLES, "Linux", loaded);
            assertTrue(advice.startsWith("Linux has no counter of the cycles of all a process's threads"), advice);
            assertTrue(advice.contains("THREAD_CYCLES"), advice);
            assertFalse(advice.contains("Add"), advice);
        }
        assertTrue(CounterRegistry.advice(CounterKind.PROCESS_CYCLES, "Windows 11", Set.of()).contains("counters-windows"));
    }

    @Test
    void theModuleToAddFollowsTheOperatingSystem() {
        assertEquals("dev.counters:counters-windows", CounterRegistry.moduleToAdd(CounterKind.TICK, "Windows 11"));
        assertTrue(CounterRegistry.moduleToAdd(CounterKind.TICK, "Mac OS X").contains("counters-posix"));
        assertTrue(CounterRegistry.moduleToAdd(CounterKind.TICK, "Linux").contains("counters-posix"));
        assertEquals(CounterRegistry.moduleToAdd(CounterKind.TICK, System.getProperty("os.name")),
                CounterRegistry.moduleToAdd(CounterKind.TICK), "the running system's name by default");
    }

    @Test
    void availableListsEveryServedKindOnceWithItsProvider() {
        List<CounterInfo> available = registry.available();
        assertEquals(List.of(CounterKind.TICK, CounterKind.SYSTEM_TIME, CounterKind.HIGH_PERFORMANCE,
                CounterKind.THREAD_TIMES, CounterKind.PROCESS_TIMES, CounterKind.PERFORMANCE),
                available.stream().map(CounterInfo::kind).collect(Collectors.toList()));
        assertEquals("fake", available.get(0).provider());
        assertEquals("jdk", available.get(1).provider());
    }

    @Test
    void availableDescribesWithoutCreatingACounterWhereTheProviderCan() {
        RecordingProvider describing = new RecordingProvider("describing", CounterProvider.RANK_PLATFORM, EnumSet.of(CounterKind.TICK)) {
            @Override
            public CounterInfo describe(CounterKind kind) {
                return FakeCounters.info(kind, 1000).get();
            }
        };
        RecordingProvider plain = new RecordingProvider("plain", CounterProvider.RANK_JDK, EnumSet.of(CounterKind.HIGH_PERFORMANCE));

        List<CounterInfo> available = CounterRegistry.of(List.of(describing, plain)).available();

        assertEquals(List.of(CounterKind.TICK, CounterKind.HIGH_PERFORMANCE),
                available.stream().map(CounterInfo::kind).collect(Collectors.toList()));
        assertEquals(0, describing.created.get(), "a provider that describes is never asked for a counter");
        assertEquals(1, plain.created.get(), "by default a provider describes a kind through a counter of it");
    }

    @Test
    void cpuTimesCountersAreTypedAndOtherKindsRefused() {
        assertInstanceOf(CpuTimesCounter.class, registry.createCpuTimes(CounterKind.PROCESS_TIMES));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> registry.createCpuTimes(CounterKind.TICK));
        assertTrue(e.getMessage().contains("use THREAD_TIMES or PROCESS_TIMES"), e.getMessage());
    }

    @Test
    void nullKindSaysWhatToPass() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> registry.create(null));
        assertTrue(e.getMessage().contains("PERFORMANCE"), e.getMessage());
        NullPointerException cpu = assertThrows(NullPointerException.class, () -> registry.createCpuTimes(null));
        assertEquals("kind is null; pass one of [THREAD_TIMES, PROCESS_TIMES]", cpu.getMessage());
    }

    @Test
    void providersAreReportedBestFirstWithTheirSupport() {
        List<CounterRegistry.ProviderReport> reports = registry.providers();
        assertEquals("fakeplatform", reports.get(0).name());
        assertEquals(CounterProvider.RANK_PLATFORM, reports.get(0).rank());
        assertTrue(reports.get(0).isLoaded());
        assertEquals("", reports.get(0).loadFailure());
        assertFalse(reports.get(0).support(CounterKind.MULTIMEDIA).isSupported());
        assertEquals("jdk", reports.get(1).name());
        assertTrue(reports.get(1).toString().contains("rank 0"), reports.get(1).toString());
    }

    @Test
    void aProviderThatFailsToLoadIsReportedAndTheFloorServes(@TempDir Path dir) throws IOException {
        try (URLClassLoader loader = brokenThenJdk(dir)) {
            CounterRegistry loaded = CounterRegistry.load(ServiceLoader.load(CounterProvider.class, loader));
            assertEquals("jdk", loaded.providerFor(CounterKind.HIGH_PERFORMANCE).orElseThrow());
            CounterRegistry.ProviderReport broken = loaded.providers().stream()
                    .filter(report -> !report.isLoaded()).findFirst().orElseThrow();
            assertEquals(BrokenProvider.class.getName(), broken.name());
            assertTrue(broken.loadFailure().contains("UnsatisfiedLinkError"), broken.loadFailure());
            assertTrue(broken.loadFailure().contains("libc.so.6"), broken.loadFailure());
            assertFalse(broken.support(CounterKind.TICK).isSupported());
            assertTrue(broken.toString().contains("failed to load"), broken.toString());
        }
    }

    @Test
    void theDefaultLoadingFindsTheProvidersBesideCountersWhenTheContextLoaderCannot() throws IOException {
        // As inside an OpenTelemetry Java agent extension: the application's thread asks first,
        // and its context class loader does not see the jar counters-api came in.
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        try (URLClassLoader blind = new URLClassLoader(new URL[0], ClassLoader.getPlatformClassLoader())) {
            thread.setContextClassLoader(blind);
            assertEquals(List.of(), CounterRegistry.load(ServiceLoader.load(CounterProvider.class)).providers());

            CounterRegistry loaded = CounterRegistry.loadFromContextAndOwnLoader();
            assertEquals(List.of("jdk"), loaded.providers().stream().map(CounterRegistry.ProviderReport::name).toList());
            assertEquals("jdk", loaded.providerFor(CounterKind.THREAD_TIMES).orElseThrow());
        } finally {
            thread.setContextClassLoader(context);
        }
    }

    @Test
    void eachProviderIsListedOnceWhenBothLoadersFindIt() {
        CounterRegistry loaded = CounterRegistry.loadFromContextAndOwnLoader();
        assertEquals(CounterRegistry.systemDefault().providers().size(), loaded.providers().size());
        assertEquals(1, loaded.providers().stream().filter(report -> report.name().equals("jdk")).count());
    }

    @Test
    void theSystemDefaultFindsTheJdkProvider() {
        assertTrue(CounterRegistry.systemDefault().providers().stream().anyMatch(r -> r.name().equals("jdk")));
        assertEquals(CounterRegistry.systemDefault(), CounterRegistry.systemDefault());
    }

    @Test
    void aNullProviderIsRefused() {
        List<CounterProvider> withNull = new ArrayList<>();
        withNull.add(null);
        NullPointerException e = assertThrows(NullPointerException.class, () -> CounterRegistry.of(withNull));
        assertEquals("providers holds a null provider", e.getMessage());
        assertThrows(NullPointerException.class, () -> registry.providerFor(null));
    }

    @Test
    void aProviderThatFailedToLoadIsNamedWhenAKindGoesUnserved(@TempDir Path dir) throws IOException {
        try (URLClassLoader loader = brokenThenJdk(dir)) {
            CounterRegistry loaded = CounterRegistry.load(ServiceLoader.load(CounterProvider.class, loader));
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> loaded.create(CounterKind.MULTIMEDIA));
            assertTrue(e.getMessage().contains(BrokenProvider.class.getName() + ": failed to load (UnsatisfiedLinkError: "),
                    e.getMessage());
            assertTrue(e.getMessage().contains("jdk: the JDK has no MULTIMEDIA clock."), e.getMessage());
        }
    }

    /** A class loader whose services list {@link BrokenProvider}, which cannot be constructed, and then the JDK floor. */
    private URLClassLoader brokenThenJdk(Path dir) throws IOException {
        Path services = dir.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve(CounterProvider.class.getName()),
                BrokenProvider.class.getName() + "\n" + JdkCounterProvider.class.getName() + "\n");
        return new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader());
    }

    @Test
    void aProviderThatStepsAsideServesNothingAndSaysWhyForEveryKind() {
        CounterProvider steppingAside = new CounterProvider() {
            @Override
            public String name() {
                return "specialist";
            }

            @Override
            public int rank() {
                return RANK_SPECIALIST;
            }

            @Override
            public Optional<String> unavailableReason() {
                return Optional.of("its device is missing");
            }

            @Override
            public KindSupport support(CounterKind kind) {
                return KindSupport.supported();
            }

            @Override
            public Counter create(CounterKind kind) {
                throw new AssertionError("a provider that stepped aside is never asked to create");
            }
        };
        CounterRegistry registry = CounterRegistry.of(List.of(steppingAside, new FakePlatformProvider()));

        assertEquals(Optional.of("fakeplatform"), registry.providerFor(CounterKind.TICK));
        assertEquals(List.of(CounterProvider.RANK_PLATFORM, CounterProvider.RANK_SPECIALIST),
                registry.providers().stream().map(CounterRegistry.ProviderReport::rank).toList(),
                "the available first, then the one that stepped aside");
        CounterRegistry.ProviderReport aside = registry.providers().get(1);
        assertEquals(KindSupport.unsupported("its device is missing"), aside.support(CounterKind.TICK));
        assertTrue(aside.isLoaded());
        UnsupportedOperationException none = assertThrows(UnsupportedOperationException.class,
                () -> registry.create(CounterKind.THREAD_CYCLES));
        assertTrue(none.getMessage().contains("specialist: its device is missing"), none.getMessage());
    }
}
