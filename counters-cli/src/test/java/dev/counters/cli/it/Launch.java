package dev.counters.cli.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A JVM launched as a user would launch it, with what it printed and its exit code. */
record Launch(List<String> command, int exitCode, String out, String err) {
    private static final long TIMEOUT_SECONDS = 240;

    static Launch run(Path java, List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(arguments);
        Path out = Files.createTempFile("launch", ".out");
        Path err = Files.createTempFile("launch", ".err");
        try {
            Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(command + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            return new Launch(command, process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** The lines of standard error that the JVM's own warnings start with. */
    List<String> warnings() {
        return err.lines().filter(line -> line.startsWith("WARNING")).toList();
    }

    /** Whether anything printed looks like a stack trace. */
    boolean printedStackTrace() {
        return (out + err).lines().anyMatch(line -> line.startsWith("\tat ") || line.startsWith("Exception in thread")
                || line.startsWith("Caused by: "));
    }

    @Override
    public String toString() {
        return String.join(" ", command) + "\nexit " + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
}
