package dev.counters.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A processor made after the application first used the context cannot wrap the context storage
 * (OpenTelemetry applies wrappers only when the storage is first used): in a fresh JVM, its spans say
 * so, and one WARNING says what to do.
 */
class LateProcessorTest {
    @Test
    void spansSayTheHookIsMissingAndOneWarningSaysWhatToDo(@TempDir Path dir) throws Exception {
        Path output = dir.resolve("late.log");
        Process application = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"),
                LateProcessorApplication.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        assertTrue(application.waitFor(2, TimeUnit.MINUTES), "the application did not end");
        List<String> lines = Files.readAllLines(output);
        assertEquals(0, application.exitValue(), String.join("\n", lines));

        List<String> spans = lines.stream().filter(line -> line.startsWith("'late'")).collect(Collectors.toList());
        assertEquals(List.of("'late' unmeasured=no-context-hook total=null", "'late' unmeasured=no-context-hook total=null"),
                spans, String.join("\n", lines));
        long warnings = lines.stream().filter(line -> line.contains(CpuTimeSpanProcessor.UNHOOKED)).count();
        assertEquals(1, warnings, String.join("\n", lines));
    }
}
