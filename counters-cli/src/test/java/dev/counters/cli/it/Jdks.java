package dev.counters.cli.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The JDKs a launch test runs on: the one running the build, and the newest one found beside it
 * ({@code $COUNTERS_JDK25_HOME}, or a JDK 24+ under {@code /usr/lib/jvm}), so that one build on
 * JDK 17 also proves the JDK 24+ behaviour, and a build on JDK 25 proves it directly.
 */
final class Jdks {
    private static final Pattern VERSION = Pattern.compile("JAVA_VERSION=\"(\\d+)");

    /** A JDK: its home and feature release. */
    record Jdk(Path home, int feature) {
        Path java() {
            return home.resolve("bin").resolve("java");
        }

        @Override
        public String toString() {
            return "JDK " + feature + " (" + home + ")";
        }
    }

    private Jdks() {}

    /** The JDK running this test. */
    static Jdk current() {
        return new Jdk(Path.of(System.getProperty("java.home")), Runtime.version().feature());
    }

    /** The running JDK and, if another one of release 24 or later is installed, the newest of those. */
    static List<Jdk> toTest() {
        Map<Path, Jdk> jdks = new LinkedHashMap<>();
        jdks.put(current().home().toAbsolutePath().normalize(), current());
        newest(24).ifPresent(jdk -> jdks.putIfAbsent(jdk.home().toAbsolutePath().normalize(), jdk));
        return new ArrayList<>(jdks.values());
    }

    /** The newest JDK of at least {@code feature} found, the running one included. */
    static Optional<Jdk> newest(int feature) {
        List<Jdk> found = new ArrayList<>();
        found.add(current());
        String configured = System.getenv("COUNTERS_JDK25_HOME");
        if (configured != null && !configured.isBlank()) {
            read(Path.of(configured)).ifPresent(found::add);
        }
        Path installed = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(installed)) {
            try (Stream<Path> homes = Files.list(installed)) {
                homes.map(Jdks::read).flatMap(Optional::stream).forEach(found::add);
            } catch (IOException e) {
                throw new IllegalStateException("cannot list " + installed, e);
            }
        }
        return found.stream().filter(jdk -> jdk.feature() >= feature)
                .max((a, b) -> Integer.compare(a.feature(), b.feature()));
    }

    private static Optional<Jdk> read(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release) || !Files.isExecutable(home.resolve("bin").resolve("java"))) {
            return Optional.empty();
        }
        try {
            Matcher version = VERSION.matcher(Files.readString(release));
            return version.find() ? Optional.of(new Jdk(home, Integer.parseInt(version.group(1)))) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
