package dev.counters.posix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code /proc/thread-self/status} lines the thread control is checked against. */
final class ProcStatus {
    private ProcStatus() {}

    /** The calling thread's {@code Cpus_allowed_list}, e.g. {@code "0-1"}. */
    static String cpusAllowedList() {
        return cpusAllowedList(Path.of("/proc/thread-self/status"));
    }

    /** The {@code Cpus_allowed_list} of thread {@code tid} of this process. */
    static String cpusAllowedList(long tid) {
        return cpusAllowedList(Path.of("/proc/self/task/" + tid + "/status"));
    }

    private static String cpusAllowedList(Path status) {
        try {
            return Files.readAllLines(status).stream()
                    .filter(line -> line.startsWith("Cpus_allowed_list:"))
                    .map(line -> line.substring(line.indexOf(':') + 1).trim())
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no Cpus_allowed_list in /proc/thread-self/status"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
