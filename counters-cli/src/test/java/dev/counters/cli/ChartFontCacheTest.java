package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44, item 9: {@code --chart} wrote the JDK's font cache, {@code ~/.java/fonts/<version>},
 * into the user's home. A real {@code counters} process, its home a fresh folder, draws a chart; no
 * {@code .java} folder appears there, and the chart is written.
 */
class ChartFontCacheTest {
    @TempDir
    Path folder;

    @Test
    void aChartLeavesTheUsersHomeAlone() throws Exception {
        Path home = Files.createDirectory(folder.resolve("home"));
        Path chart = folder.resolve("runs.png");
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Duser.home=" + home, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "measure", "--iterations", "20000", "--runs", "3", "--trim", "0", "--warm-up", "20ms",
                "--chart", chart.toString(), "-q")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), err);
        assertEquals(0, process.exitValue(), err);
        assertTrue(Files.size(chart) > 0, "the chart is written");
        // JNA's own ~/.cache/JNA (where it unpacks its library) is not the chart's doing, and not looked at here.
        assertFalse(Files.exists(home.resolve(".java")), "no font cache under the home folder");
        try (var files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertFalse(files.anyMatch(path -> path.getFileName().toString().startsWith("counters-fonts-")
                    && path.toFile().lastModified() > System.currentTimeMillis() - 60_000), "no scratch folder left");
        }
    }
}
