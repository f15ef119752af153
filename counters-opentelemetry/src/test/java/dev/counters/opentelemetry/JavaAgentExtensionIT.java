package dev.counters.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * The packaged extension jar under the real OpenTelemetry Java agent: an application with no
 * tracing code but the API gets CPU time on its spans, as the agent's logging exporter prints them.
 */
class JavaAgentExtensionIT {
    private static final Pattern TOTAL = Pattern.compile("'computing' .*dev\\.counters\\.cpu\\.total=([0-9.E-]+)");
    private static final Pattern HANDED = Pattern.compile("'handed' .*dev\\.counters\\.cpu\\.total=([0-9.E-]+)");
    private static final Pattern PROPAGATED = Pattern.compile("'propagated' .*dev\\.counters\\.cpu\\.total=([0-9.E-]+)");

    @Test
    void theAgentWithTheExtensionAddsCpuTimeToSpans(@TempDir Path dir) throws Exception {
        Path output = dir.resolve("agent.log");
        Process application = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + System.getProperty("counters.javaagent"),
                "-Dotel.javaagent.extensions=" + System.getProperty("counters.extension"),
                "-Dotel.traces.exporter=logging", "-Dotel.metrics.exporter=none", "-Dotel.logs.exporter=none",
                "-cp", applicationClassPath(),
                AgentApplication.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        assertTrue(application.waitFor(3, TimeUnit.MINUTES), "the application did not end");
        String log = Files.readString(output);
        assertEquals(0, application.exitValue(), log);

        Matcher total = TOTAL.matcher(log);
        assertTrue(total.find(), log);
        assertTrue(Double.parseDouble(total.group(1)) >= 0.045, log);
        // Started on main, computing and ended on a pool thread the context reached: measured there.
        Matcher handed = HANDED.matcher(log);
        assertTrue(handed.find(), log);
        assertTrue(Double.parseDouble(handed.group(1)) >= 0.025, log);
        // Current on main while the agent's executor instrumentation carried its context to a pool thread.
        Matcher propagated = PROPAGATED.matcher(log);
        assertTrue(propagated.find(), log);
        assertTrue(Double.parseDouble(propagated.group(1)) >= 0.025, log);
        assertFalse(log.matches("(?s).*'(computing|handed|propagated)' [^\\n]*dev\\.counters\\.cpu\\.unmeasured.*"), log);
        if (Runtime.version().feature() >= 21) {
            assertTrue(log.matches("(?s).*'virtual' [^\\n]*dev\\.counters\\.cpu\\.unmeasured=virtual-thread.*"), log);
        }
        // The split needs the platform module inside the extension jar: found through the
        // extension's own class loader, not the application's (the thread's context loader).
        assertTrue(log.matches("(?s).*'computing' .*dev\\.counters\\.cpu\\.user=.*"), log);
        assertTrue(log.matches("(?s).*'computing' .*dev\\.counters\\.cpu\\.system=.*"), log);
    }

    /** The OpenTelemetry API and the test classes: what an application instrumented by the agent has. */
    private static String applicationClassPath() {
        List<String> kept = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> entry.contains("opentelemetry-api-") || entry.contains("opentelemetry-context-")
                        || entry.contains("opentelemetry-common-") || entry.endsWith("test-classes")
                        || entry.contains("counters-api") && entry.contains("tests"))
                .collect(Collectors.toList());
        return String.join(File.pathSeparator, kept);
    }
}
