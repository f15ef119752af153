package dev.counters.examples;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the examples' figures are checked against: the kernel's accounting and the JDK's clocks. */
public final class Truths {
    private static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");

    private Truths() {}

    /**
     * This thread's CPU time in nanoseconds as the kernel accounts it: the first field of
     * /proc/thread-self/schedstat (the scheduler's sum of the thread's run time), read as text, not
     * through any clock counters binds; where there is no such file, ThreadMXBean's.
     */
    public static long threadCpuNanos() {
        if (Files.isReadable(SCHEDSTAT)) {
            try {
                return Long.parseLong(Files.readString(SCHEDSTAT).trim().split("\\s+")[0]);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    /** Whether {@link #threadCpuNanos()} reads the kernel's accounting (Linux) rather than ThreadMXBean. */
    public static boolean kernelAccounting() {
        return Files.isReadable(SCHEDSTAT);
    }

    /** What {@code main} printed to System.out. */
    public static String printedBy(ThrowingRunnable main) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            main.run();
        } finally {
            System.setOut(original);
        }
        String text = printed.toString(StandardCharsets.UTF_8);
        original.print(text);                   // the test's log shows it too
        return text;
    }

    /** A main method, or anything else that may throw. */
    @FunctionalInterface
    public interface ThrowingRunnable {
        void run() throws Exception;
    }
}
