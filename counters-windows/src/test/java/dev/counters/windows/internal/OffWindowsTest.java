package dev.counters.windows.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.Counters;
import dev.counters.internal.ThreadControl;
import dev.counters.spi.CounterProvider;
import dev.counters.testing.FreshJvm;
import dev.counters.windows.MultimediaCounter;
import dev.counters.windows.TimerPeriod;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** The real module on this non-Windows machine: it loads, serves nothing, says why, and the floor serves. */
@OffWindows
class OffWindowsTest {
    private static final String OS = System.getProperty("os.name");

    @Test
    void theServiceLoaderFindsTheProviderAndItLoads() {
        CounterRegistry.ProviderReport report = CounterRegistry.systemDefault().providers().stream()
                .filter(provider -> provider.name().equals("windows"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no windows provider in " + CounterRegistry.systemDefault().providers()));

        assertTrue(report.isLoaded(), report.loadFailure());
        for (CounterKind kind : CounterKind.values()) {
            assertFalse(report.support(kind).isSupported(), kind.toString());
            assertTrue(report.support(kind).reason().contains("serves Windows only; this JVM runs on " + OS),
                    report.support(kind).reason());
        }
    }

    @Test
    void anotherProviderServesTheCounters() {
        assertNotEquals("windows", Counters.tick().getInfo().provider());
        assertNotEquals("windows", Counters.threadTimes().getInfo().provider());
    }

    @Test
    void theProviderTouchesNothingNative() {
        WindowsCounterProvider provider = new WindowsCounterProvider();

        assertEquals(CounterProvider.RANK_PLATFORM, provider.rank());
        assertThrows(UnsupportedOperationException.class, () -> provider.create(CounterKind.TICK));
        assertTrue(WindowsSystem.api().isEmpty());
    }

    @Test
    void creatingTheProviderInAFreshJvmLoadsNoOtherClassOfTheModule() throws Exception {
        List<String> lines = FreshJvm.run(CreateTheProvider.class, "-verbose:class");
        int created = lines.indexOf(CreateTheProvider.CREATED);
        assertTrue(created >= 0, String.join("\n", lines));
        List<String> ours = new ArrayList<>();
        for (String line : lines.subList(0, created)) {
            if (line.contains("[class,load] dev.counters.windows.")) {
                ours.add(line.substring(line.indexOf("dev.counters.windows."), line.indexOf(" source:")));
            }
        }

        assertEquals(List.of(CreateTheProvider.class.getName(), WindowsCounterProvider.class.getName()), ours);
        assertTrue(lines.subList(created, lines.size()).stream().anyMatch(line -> line.contains("serves Windows only; this JVM runs on " + OS)),
                "asked afterwards, it says why it serves nothing: " + lines.subList(created, lines.size()));
    }

    /** Creates the system provider, as {@link ServiceLoader} does, and only then asks it about a kind. */
    static final class CreateTheProvider {
        static final String CREATED = "created";

        public static void main(String[] args) {
            WindowsCounterProvider provider = new WindowsCounterProvider();
            System.out.println(CREATED);
            System.out.println(provider.support(CounterKind.PERFORMANCE).reason());
        }
    }

    @Test
    void theThreadControlIsFoundAndUnavailableSayingWhy() {
        List<ThreadControl> controls = ServiceLoader.load(ThreadControl.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(control -> control.name().equals("windows"))
                .toList();

        assertEquals(1, controls.size());
        assertTrue(controls.get(0).unavailableReason().orElseThrow().contains(OS));
        assertThrows(UnsupportedOperationException.class, () -> controls.get(0).pinCurrentThread(0));
    }

    @Test
    void theTimerPeriodAndMultimediaCounterSayWhyNot() {
        UnsupportedOperationException period = assertThrows(UnsupportedOperationException.class, () -> TimerPeriod.request(1));
        UnsupportedOperationException counter = assertThrows(UnsupportedOperationException.class,
                () -> MultimediaCounter.withTimerPeriod(1));

        assertTrue(period.getMessage().contains("serves Windows only"), period.getMessage());
        assertTrue(counter.getMessage().contains("serves Windows only"), counter.getMessage());
    }
}
