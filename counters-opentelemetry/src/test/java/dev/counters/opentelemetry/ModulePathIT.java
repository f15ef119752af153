package dev.counters.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.opentelemetry.modulepath.ModulePathApplication;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged module on the module path: the SDK's autoconfiguration finds
 * {@code CpuTimeSpanProcessorProvider} through {@code provides} in the module descriptor, although
 * its package, {@code dev.counters.opentelemetry.internal}, is not exported. (The class path is
 * {@code CpuTimeSpanProcessorProviderTest}'s, the Java agent {@link JavaAgentExtensionIT}'s.)
 */
class ModulePathIT {
    private static final Pattern TOTAL = Pattern.compile("'computing' total=([0-9.E-]+)");

    @Test
    void theAutoconfiguredSdkFindsTheProviderOfTheNamedModule(@TempDir Path dir) throws Exception {
        Path output = dir.resolve("application.log");
        Process application = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--module-path", modulePath(),
                "--add-modules", "ALL-MODULE-PATH",
                "-cp", testClasses(),
                ModulePathApplication.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        assertTrue(application.waitFor(2, TimeUnit.MINUTES), "the application did not end");
        String log = Files.readString(output);
        assertEquals(0, application.exitValue(), log);

        assertTrue(log.contains("module dev.counters.opentelemetry, exports internal: false"), log);
        Matcher total = TOTAL.matcher(log);
        assertTrue(total.find(), log);
        assertTrue(Double.parseDouble(total.group(1)) >= 0.015, log);
    }

    /** The packaged module, counters and their dependencies, and the SDK with its autoconfiguration and testing exporter: jars only. */
    private static String modulePath() {
        Stream<String> dependencies = classPath()
                .filter(entry -> entry.endsWith(".jar") && !entry.contains("counters-opentelemetry"))
                .filter(entry -> Stream.of("counters-api-", "counters-native-", "counters-posix-", "counters-windows-",
                                "guava-", "failureaccess-", "jna-", "opentelemetry-api-", "opentelemetry-context-",
                                "opentelemetry-common-", "opentelemetry-sdk-")
                        .anyMatch(entry::contains))
                .filter(entry -> !entry.contains("tests"));
        return Stream.concat(Stream.of(System.getProperty("counters.jar")), dependencies)
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** The test classes (the application) and counters-api's test fixtures, on the class path. */
    private static String testClasses() {
        List<String> kept = classPath()
                .filter(entry -> entry.endsWith("test-classes") || entry.contains("counters-api") && entry.contains("tests"))
                .collect(Collectors.toList());
        return String.join(File.pathSeparator, kept);
    }

    private static Stream<String> classPath() {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator));
    }
}
