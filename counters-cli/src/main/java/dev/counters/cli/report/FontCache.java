package dev.counters.cli.report;

import java.awt.GraphicsEnvironment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Keeps the JDK's font cache out of the user's home. On Linux, a JDK without a
 * {@code fontconfig.properties} for the distribution (Temurin; Debian's JDK 17 too) asks
 * fontconfig for the system's fonts the first time it needs one, and stores the answer in
 * {@code ~/.java/fonts/<java.version>/fcinfo-*.properties}: a file written outside what the user
 * asked for (issue 44, item 9). The JDK takes that path from {@code user.home} once, when it makes
 * its font configuration; {@link #keepOutOfHome} has it made then, with {@code user.home} pointing
 * at a temporary folder that is deleted at once, and puts {@code user.home} back. The cache would
 * only save the next JVM one fontconfig query, a few milliseconds.
 */
final class FontCache {
    private static boolean configured;

    private FontCache() {}

    /**
     * Makes the JDK's font configuration, once per JVM, with its cache written to a temporary folder
     * that is then deleted. Call before anything draws text.
     */
    static synchronized void keepOutOfHome() {
        if (configured) {
            return;
        }
        configured = true;
        if (!System.getProperty("os.name", "").startsWith("Linux")) {
            return; // macOS and Windows keep no such cache
        }
        String home = System.getProperty("user.home");
        Path scratch;
        try {
            scratch = Files.createTempDirectory("counters-fonts-");
        } catch (IOException e) {
            throw new UncheckedIOException("a temporary folder for the JDK's font cache could not be made (charts need "
                    + "one, to keep the cache out of " + home + ")", e);
        }
        try {
            System.setProperty("user.home", scratch.toString());
            GraphicsEnvironment.getLocalGraphicsEnvironment().getAvailableFontFamilyNames();
        } finally {
            if (home == null) {
                System.clearProperty("user.home");
            } else {
                System.setProperty("user.home", home);
            }
            deleteQuietly(scratch);
            // The JDK may write its cache there later, from another thread: what it leaves goes when the JVM ends.
            ShutdownHooks.add(new Thread(() -> deleteQuietly(scratch), "counters-font-cache-cleanup"));
        }
    }

    private static void deleteQuietly(Path folder) {
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // What is left is in the temporary folder, which the system clears.
        }
    }
}
