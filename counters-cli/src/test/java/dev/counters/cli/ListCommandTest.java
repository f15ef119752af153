package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.Counters;
import dev.counters.spi.CounterProvider;
import dev.counters.spi.KindSupport;
import dev.counters.testing.FloorProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ListCommandTest {

    /** A provider that serves nothing here, as the Windows one does on Linux. */
    static final class ElsewhereProvider implements CounterProvider {
        @Override
        public String name() {
            return "windows";
        }

        @Override
        public int rank() {
            return RANK_PLATFORM;
        }

        @Override
        public KindSupport support(CounterKind kind) {
            return KindSupport.unsupported("not Windows");
        }

        @Override
        public Counter create(CounterKind kind) {
            throw new UnsupportedOperationException("not Windows");
        }
    }

    @Test
    void tableListsEveryKindAvailableWithItsProviderAndSource() {
        Cli.Result result = Cli.run("list", "--quiet");
        assertEquals(0, result.exitCode(), result.toString());
        for (CounterInfo info : Counters.available()) {
            String line = result.out().lines().filter(l -> l.startsWith(info.kind().name() + " ")).findFirst()
                    .orElseThrow(() -> new AssertionError(info.kind() + " missing:\n" + result.out()));
            assertTrue(line.contains(info.provider()) && line.contains(info.source()), line);
        }
        assertTrue(result.out().contains("Providers found"), result.out());
        assertEquals("", result.err());
    }

    /** Issue #32 item 18: the note said "add counters-posix or counters-windows" while counters-posix was loaded. */
    @Test
    void theNoteSaysToAddAPlatformModuleOnlyWhereNoneIsLoaded() {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("os.name").startsWith("Linux"), "counters-posix loads here");
        Cli.Result withPosix = Cli.run("list", "--quiet");
        assertFalse(withPosix.out().contains("add counters-posix"), withPosix.out());
        assertTrue(withPosix.out().contains("the providers table says why"), withPosix.out());

        Cli.Result floorOnly = Cli.run(CounterRegistry.of(List.of(FloorProvider.jdk())), "list", "--quiet");
        assertTrue(floorOnly.out().contains("only the JDK's own clocks are here: add counters-posix"), floorOnly.out());
    }

    @Test
    void jsonDescribesEachKindAsTheRegistryDoes() {
        Cli.Result result = Cli.run("list", "--format", "json", "--quiet");
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode kinds = result.json().get("kinds");
        List<CounterInfo> available = Counters.available();
        assertEquals(available.size(), kinds.size());
        for (int i = 0; i < available.size(); i++) {
            CounterInfo info = available.get(i);
            JsonNode kind = kinds.get(i);
            assertEquals(info.kind().name(), kind.get("kind").asText());
            assertEquals(info.provider(), kind.get("provider").asText());
            assertEquals(info.source(), kind.get("source").asText());
            assertEquals(info.frequency(), kind.get("frequency_hz").asLong());
            assertEquals(info.isMonotonic(), kind.get("monotonic").asBoolean());
            assertEquals(info.measures().name(), kind.get("measures").asText());
            assertEquals(info.hasKernelUserSplit(), kind.get("split").asBoolean());
            assertTrue(kind.get("resolution_ns").asLong() > 0, kind.toString());
        }
    }

    @Test
    void aProviderThatFailedToLoadIsNamedWithItsReason() {
        Cli.Result result = Cli.run("list", "--format", "json", "--quiet");
        JsonNode failed = null;
        for (JsonNode provider : result.json().get("providers")) {
            if (provider.get("provider").asText().equals(UnloadableProvider.class.getName())) {
                failed = provider;
            }
        }
        assertTrue(failed != null, result.out());
        assertTrue(failed.get("status").asText().contains(UnloadableProvider.REASON), failed.toString());
        assertTrue(failed.get("rank").isNull(), failed.toString());
        assertEquals(0, failed.get("serves").size());
    }

    @Test
    void providersThatServeNothingHereSayWhy() {
        CounterRegistry registry = CounterRegistry.of(List.of(
                new FloorProvider(CounterKind.PERFORMANCE, CounterKind.THREAD_TIMES), new ElsewhereProvider()));
        Cli.Result result = Cli.run(registry, "list", "--quiet");
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.out().lines().anyMatch(l -> l.matches("windows\\s+all\\s+not Windows")), result.out());
        assertTrue(result.out().lines().anyMatch(l -> l.matches("floor\\s+MULTIMEDIA\\s+the floor has no MULTIMEDIA clock")),
                result.out());
        assertTrue(result.out().lines().anyMatch(l -> l.startsWith("PERFORMANCE ")), result.out());
        assertTrue(result.out().lines().anyMatch(l -> l.matches("windows\\s+100\\s+loaded\\s+-")), result.out());

        List<Map<String, String>> unserved = Cli.run(registry, "list", "--format", "csv", "--quiet").csvSections().get("unserved");
        List<String> windowsRows = new ArrayList<>();
        unserved.stream().filter(row -> row.get("provider").equals("windows"))
                .forEach(row -> windowsRows.add(row.get("kinds") + "|" + row.get("reason")));
        assertEquals(List.of("all|not Windows"), windowsRows);
    }

    @Test
    void csvIsOneTableWithASectionForKindsProvidersAndUnservedKinds() {
        Cli.Result result = Cli.run("list", "--format", "csv", "--quiet");
        assertEquals(0, result.exitCode(), result.toString());
        Map<String, List<Map<String, String>>> sections = result.csvSections();
        assertEquals(List.of("kinds", "providers", "unserved"), List.copyOf(sections.keySet()));
        assertEquals(Counters.available().size(), sections.get("kinds").size());
        assertTrue(sections.get("providers").stream().anyMatch(row -> row.get("provider").equals("jdk")));
        assertTrue(sections.get("providers").stream().allMatch(row -> row.get("frequency_hz").isEmpty()),
                "a kinds column stays empty in a providers row");
    }
}
