package dev.counters.examples.it;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A process run to its end: its exit code and what it printed (stdout and stderr merged). */
record Launch(List<String> command, int exitCode, String output) {
    static final Path PROJECT = Path.of("..").toAbsolutePath().normalize();
    private static final long TIME_LIMIT_SECONDS = 180;

    static Launch run(List<String> command, Path directory, Map<String, String> environment) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(TIME_LIMIT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(command + " ran longer than " + TIME_LIMIT_SECONDS + " s");
        }
        return new Launch(command, process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }

    /** The java of the JVM running the tests (JDK 17 or 25 in CI), not whichever is first on the PATH. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Maven's launcher on the PATH. */
    static String maven() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            File mvn = new File(dir, "mvn");
            if (mvn.canExecute()) {
                return mvn.getPath();
            }
        }
        throw new AssertionError("no mvn on the PATH: this test runs Maven on examples/platform-pick/pom.xml; put Maven on the PATH");
    }

    boolean printedStackTrace() {
        return output.contains("\n\tat ") || output.contains("Exception in thread");
    }

    @Override
    public String toString() {
        return String.join(" ", command) + "\nexit " + exitCode + "\n" + output;
    }
}
