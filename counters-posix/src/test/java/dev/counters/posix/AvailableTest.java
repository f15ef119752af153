package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.counters.testing.FreshJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.counters.Counters#available()} describes every kind without holding what a counter
 * holds, checked against the kernel's accounting in a fresh JVM ({@link KindResources}): no more
 * open descriptors in {@code /proc/self/fd} (a THREAD_CYCLES counter holds a perf event) and no more
 * anonymous executable pages in {@code /proc/self/maps} (CPU_CYCLES reads through a W^X code page)
 * than before the registry existed: deciding who serves each kind proves the cycle reader in a
 * trial page and gives it back. Creating the counters afterwards shows that the same
 * counts see what a counter holds.
 */
class AvailableTest {
    @Test
    void availableOpensNoDescriptorAndMapsNoPage() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "Linux's /proc shows what a process holds");
        Properties report = FreshJvm.report(KindResources.class);

        assertTrue(count(report, "available.kinds") > 0, report.toString());
        assertEquals(report.getProperty("available.open"), report.getProperty("again.open"),
                "descriptors open after the first and the second available()");
        assertEquals(count(report, "start.executablePages"), count(report, "decided.executablePages"),
                "anonymous executable pages before the registry and after it decided the providers: the cycle "
                        + "reader's trial page is given back");
        assertEquals(count(report, "decided.executablePages"), count(report, "available.executablePages"),
                "anonymous executable pages after deciding the providers and after available()");
        assertEquals(count(report, "decided.executablePages"), count(report, "again.executablePages"),
                "anonymous executable pages after deciding the providers and after available() again");
        if (!report.getProperty("served.CPU_CYCLES").equals("none")) {
            assertEquals(count(report, "again.executablePages") + 1, count(report, "created.CPU_CYCLES.executablePages"),
                    "a CPU_CYCLES counter reads through one page that stays: " + report);
        }
        if (!report.getProperty("served.THREAD_CYCLES").equals("none")) {
            assertEquals(count(report, "again.descriptors") + 1, count(report, "created.THREAD_CYCLES.descriptors"),
                    "a THREAD_CYCLES counter holds one perf event: " + report);
        }
    }

    private static long count(Properties report, String key) {
        return Long.parseLong(report.getProperty(key));
    }
}
