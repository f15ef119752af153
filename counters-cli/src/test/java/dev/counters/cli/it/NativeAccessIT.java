package dev.counters.cli.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged {@code counters} jar launched as a user launches it, on the JDK running the build
 * and on the newest JDK 24+ installed (CI: 17 and 25). JDK 24+ warns about, and under
 * {@code --illegal-native-access=deny} refuses, native access that was not enabled: the jar's
 * manifest enables it ({@code Enable-Native-Access: ALL-UNNAMED}); on the class path without the
 * flag every native provider must report itself unavailable with the reason while the JDK floor
 * serves, and no {@link LinkageError} or stack trace may reach the user.
 */
class NativeAccessIT {
    private static final Path JAR = Path.of("target", "counters.jar");
    private static final String MAIN = "dev.counters.cli.Main";

    @BeforeAll
    static void jarWasPackaged() {
        assertTrue(Files.isRegularFile(JAR), JAR.toAbsolutePath() + " is missing: run mvn verify, which packages it first");
    }

    @Test
    void listPrintsNoWarningOnAnyJdk() throws Exception {
        for (Jdks.Jdk jdk : Jdks.toTest()) {
            Launch list = Launch.run(jdk.java(), List.of("-jar", JAR.toString(), "list", "--quiet"));
            assertEquals(0, list.exitCode(), list.toString());
            assertEquals(List.of(), list.warnings(), jdk + ": " + list);
            assertTrue(list.out().lines().anyMatch(line -> line.startsWith("PERFORMANCE") && line.contains("posix")),
                    jdk + " should read the native clocks: " + list);
        }
    }

    @Test
    void listOnJdk25PrintsNoWarningLine() throws Exception {
        Jdks.Jdk jdk25 = Jdks.newest(25).orElse(null);
        assumeTrue(jdk25 != null, "no JDK 25 installed (CI has one under /usr/lib/jvm)");
        Launch list = Launch.run(jdk25.java(), List.of("-jar", JAR.toString(), "list", "--quiet"));
        assertEquals(0, list.exitCode(), list.toString());
        assertFalse(list.err().lines().anyMatch(line -> line.contains("WARNING")), list.toString());
        System.out.println(jdk25 + ": counters list printed " + list.err().lines().count() + " lines on stderr, no WARNING");
    }

    @Test
    void onJdk22PlusTheNativeKindsReadThroughFfmAndJnaOnRequest() throws Exception {
        Jdks.Jdk jdk = Jdks.newest(22).orElse(null);
        assumeTrue(jdk != null, "no JDK 22+ installed");
        assumeTrue(Files.exists(Path.of("..", "counters-posix", "target", "classes", "META-INF", "versions", "22", "dev",
                "counters", "posix", "FfmPosixCalls.class")), "built where no JDK 22+ was found: no FFM classes in this build");
        Launch ffm = Launch.run(jdk.java(), List.of("-jar", JAR.toString(), "list", "--quiet"));
        assertEquals(0, ffm.exitCode(), ffm.toString());
        for (String kind : List.of("TICK ", "MULTIMEDIA ", "PROCESS_TIMES ", "CPU_CYCLES ")) {
            assertTrue(ffm.out().lines().anyMatch(line -> line.startsWith(kind) && line.contains(" posix ")
                    && line.contains(" FFM ")), kind + "through FFM: " + ffm);
        }
        Launch jna = Launch.run(jdk.java(), List.of("-Ddev.counters.binding=jna", "-jar", JAR.toString(), "list", "--quiet"));
        assertEquals(0, jna.exitCode(), jna.toString());
        assertTrue(jna.out().lines().anyMatch(line -> line.startsWith("TICK ") && line.contains(" JNA ")), jna.toString());
        assertEquals(List.of(), jna.warnings(), jna.toString());
    }

    @Test
    void theManifestEnablesNativeAccessEvenWhereItIsDenied() throws Exception {
        Jdks.Jdk jdk = newestWithNativeAccessRules();
        Launch list = Launch.run(jdk.java(),
                List.of("--illegal-native-access=deny", "-jar", JAR.toString(), "list", "--quiet"));
        assertEquals(0, list.exitCode(), list.toString());
        assertEquals(List.of(), list.warnings(), list.toString());
        assertTrue(list.out().lines().anyMatch(line -> line.startsWith("TICK") && line.contains("posix")), list.toString());
    }

    @Test
    void listWithNativeAccessDeniedSaysWhyAndTheJdkFloorServes() throws Exception {
        Launch list = Launch.run(newestWithNativeAccessRules().java(),
                List.of("--illegal-native-access=deny", "-cp", JAR.toString(), MAIN, "list", "--quiet"));
        System.out.println("counters list, native access denied:\n" + list.out() + list.err());
        assertEquals(0, list.exitCode(), list.toString());
        assertFalse(list.printedStackTrace(), list.toString());
        assertTrue(list.out().lines().anyMatch(line -> line.startsWith("TICK ") && line.contains(" jdk ")), list.toString());
        // HotSpot's System.nanoTime() reads CLOCK_MONOTONIC itself: counters-posix keeps PERFORMANCE without native code.
        assertTrue(list.out().lines().anyMatch(line -> line.startsWith("PERFORMANCE ") && line.contains(" posix ")
                && line.contains(" JVM ")), list.toString());
        assertTrue(list.out().lines().anyMatch(line -> line.startsWith("posix") && line.contains("native access is denied")
                && line.contains("--enable-native-access=ALL-UNNAMED")), list.toString());
        assertTrue(list.out().lines().noneMatch(line -> line.startsWith("CPU_CYCLES ")), "no cycle counter: " + list);
        // Issue #32 item 13: the fallback is said once where the user sees it, not only in the table.
        assertEquals(1, list.err().lines().filter(line -> line.contains("the JDK's own clocks serve instead")
                && line.contains("--enable-native-access=ALL-UNNAMED")).count(), list.toString());
    }

    @Test
    void frequencyWithNativeAccessDeniedFailsWithTheReasonAndNoStackTrace() throws Exception {
        Launch frequency = Launch.run(newestWithNativeAccessRules().java(),
                List.of("--illegal-native-access=deny", "-cp", JAR.toString(), MAIN, "frequency", "--quiet"));
        System.out.println("counters frequency, native access denied: exit " + frequency.exitCode() + "\n"
                + frequency.out() + frequency.err());
        assertFalse(frequency.printedStackTrace(), frequency.toString());
        assertFalse(frequency.err().contains("NoClassDefFoundError: Could not initialize class dev.counters"), frequency.toString());
        assertEquals(5, frequency.exitCode(), frequency.toString());
        assertTrue(frequency.err().contains("native access is denied")
                && frequency.err().contains("--enable-native-access=ALL-UNNAMED"), frequency.toString());
    }

    private static Jdks.Jdk newestWithNativeAccessRules() {
        Jdks.Jdk jdk = Jdks.newest(24).orElse(null);
        assumeTrue(jdk != null, "no JDK 24+ installed: native access is not restricted before JDK 24");
        return jdk;
    }
}
