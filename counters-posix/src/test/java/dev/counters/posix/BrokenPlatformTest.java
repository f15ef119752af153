package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.nativeaccess.ForeignLayers;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The provider in a whole JVM where it cannot work: it still loads through {@link java.util.ServiceLoader},
 * says why for every kind, and {@link dev.counters.Counters} falls back to the JDK floor.
 */
class BrokenPlatformTest {
    private static final List<String> WALL_AND_CPU_KINDS =
            List.of("TICK", "SYSTEM_TIME", "HIGH_PERFORMANCE", "PERFORMANCE", "THREAD_TIMES", "PROCESS_TIMES");
    /** The kinds that read libc: all but HIGH_PERFORMANCE and PERFORMANCE, which HotSpot's System.nanoTime() reads. */
    private static final List<String> NATIVE_WALL_AND_CPU_KINDS =
            List.of("TICK", "SYSTEM_TIME", "THREAD_TIMES", "PROCESS_TIMES");

    @Test
    void whenJnaCannotLoadItsNativeLibraryTheJdkFloorServesAndTheReasonIsReported() throws Exception {
        // JNA may look neither in the system library path nor in its own jar: its native support is "missing".
        Properties report = runRegistryReport("-Djna.nosys=true", "-Djna.noclasspath=true", "-Djna.nounpack=true");

        for (String kind : NATIVE_WALL_AND_CPU_KINDS) {
            assertEquals(JdkFloor.NAME, report.getProperty("served." + kind), kind);
            String reason = report.getProperty("report.posix." + kind);
            assertTrue(reason.startsWith("unsupported: libc could not be bound through JNA: UnsatisfiedLinkError"), reason);
        }
        assertEquals("none", report.getProperty("served.MULTIMEDIA"), "only counters-posix serves MULTIMEDIA here");
    }

    @Test
    void withoutLibcHotSpotsNanoTimeStillServesTheMonotonicKindsAndTheirInfoSaysWhatIsMissing() throws Exception {
        Properties report = runRegistryReport("-Djna.nosys=true", "-Djna.noclasspath=true", "-Djna.nounpack=true");

        // HotSpot's System.nanoTime() is clock_gettime(CLOCK_MONOTONIC): these kinds never needed libc.
        for (String kind : List.of("HIGH_PERFORMANCE", "PERFORMANCE")) {
            assertEquals("posix", report.getProperty("served." + kind), kind);
            assertEquals("supported", report.getProperty("report.posix." + kind), kind);
        }
        assertEquals("posix", report.getProperty("performance.provider"));
        assertEquals("JVM", report.getProperty("performance.binding"));
        String notes = report.getProperty("performance.notes");
        assertTrue(notes.contains("not confirmed, and clock_getres not asked, because libc could not be bound through JNA"), notes);
        assertEquals("", report.getProperty("performance.declared"), "no declared resolution without clock_getres");
    }

    @Test
    void whereFfmServesTheClocksDoNotNeedJnaAtAll() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() >= ForeignLayers.RELEASE, "FFM needs JDK 22+");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                PosixCalls.class.isAssignableFrom(FfmPosixCalls.class), "built without FFM (no JDK 22+ found)");
        Properties report = runRegistryReport("--enable-native-access=ALL-UNNAMED",
                "-Djna.nosys=true", "-Djna.noclasspath=true", "-Djna.nounpack=true");

        for (String kind : WALL_AND_CPU_KINDS) {
            assertEquals("posix", report.getProperty("served." + kind), kind);
        }
        assertEquals("posix", report.getProperty("served.MULTIMEDIA"));
    }

    @Test
    void onWindowsTheProviderLoadsAndRefusesWithItsReason() throws Exception {
        Properties report = runRegistryReport("-Dos.name=Windows 11", "-Dos.arch=amd64");

        for (String kind : WALL_AND_CPU_KINDS) {
            assertEquals(JdkFloor.NAME, report.getProperty("served." + kind), kind);
            assertEquals("unsupported: Windows 11/amd64 is not a POSIX system: counters-windows serves it, "
                    + "and the JDK provider is the floor", report.getProperty("report.posix." + kind));
        }
    }

    @Test
    void onA32BitJvmTheProviderRefusesWithItsReason() throws Exception {
        Properties report = runRegistryReport("-Dsun.arch.data.model=32");

        assertEquals(JdkFloor.NAME, report.getProperty("served.HIGH_PERFORMANCE"));
        String reason = report.getProperty("report.posix.THREAD_TIMES");
        assertTrue(reason.contains("32-bit JVM") && reason.contains("time_t"), reason);
    }

    private static Properties runRegistryReport(String... jvmOptions) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), RegistryReport.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the report JVM finished");
        assertEquals(0, process.exitValue(), output);
        Properties report = new Properties();
        report.load(new StringReader(output));
        return report;
    }
}
