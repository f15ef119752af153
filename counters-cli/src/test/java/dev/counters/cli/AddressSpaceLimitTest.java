package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, item 10: under {@code ulimit -v}, {@code counters frequency} aborted the JVM ("There is
 * insufficient memory for the Java Runtime Environment to continue", an hs_err file) at limits
 * under which {@code counters list} and {@code cost} ran. It created its counters, and so bound the
 * native layer, on the thread of {@code --timeout}, started after the JVM had reserved its heap;
 * glibc gives each thread a malloc arena of 64 MB of address space, and where the limit leaves no
 * room for one, every allocation of that thread becomes a mapping of its own, until the address
 * space is gone. On JDK 17, with the options below, list needed about 930 MB and frequency about
 * 1,410 MB.
 *
 * <p>How much address space the JVM needs does not grow smoothly with the limit: a JVM that runs
 * under one limit can abort under a slightly larger one. So the test asks the JVM itself: it looks
 * for a limit under which list runs (twice), and requires frequency to run under it too. Should
 * frequency fail, list is run a third time, so that a limit at the edge of what the JVM needs, where
 * list too runs only sometimes, is not taken for a fault of frequency.
 */
class AddressSpaceLimitTest {
    /**
     * Small, fixed reservations of the JVM's own (the default heap is a quarter of the machine's
     * memory, or half the limit), so that the limit list needs is much the same on every machine,
     * and low: each run is quick.
     */
    private static final List<String> SMALL_JVM = List.of("-Xmx64m", "-XX:ReservedCodeCacheSize=48m",
            "-XX:CompressedClassSpaceSize=64m");
    private static final long FIRST_MB = 512;
    private static final long LAST_MB = 4096;
    private static final long STEP_MB = 64;

    @TempDir
    Path dir;

    private int runs;

    @Test
    void frequencyRunsUnderAnAddressSpaceLimitThatListRunsUnder() {
        assumeTrue(System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux"),
                "ulimit -v limits the address space as described on Linux (glibc's per-thread arenas)");
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs /bin/bash for ulimit");
        assumeTrue(limitCanBeSet(), "this shell may not set ulimit -v");
        List<String> tried = new ArrayList<>();
        for (long mb = FIRST_MB; mb <= LAST_MB; mb += STEP_MB) {
            if (!limited(mb, "list", "-q").ran() || !limited(mb, "list", "-q").ran()) {
                tried.add(mb + " MB");
                continue;
            }
            Run frequency = limited(mb, "frequency", "--interval", "5ms", "--repeats", "5", "-q");
            if (frequency.ran()) {
                assertTrue(frequency.out().contains("Every sample"), frequency.toString());
                return;
            }
            if (!limited(mb, "list", "-q").ran()) {
                tried.add(mb + " MB (list ran twice, then failed: the edge of what the JVM needs)");
                continue;
            }
            fail("under ulimit -v of " + mb + " MB list ran three times, but frequency failed: " + frequency);
        }
        Assumptions.abort("list ran under none of the limits tried: " + tried);
    }

    /** Whether {@code ulimit -v} may be lowered here, as the test will lower it. */
    private static boolean limitCanBeSet() {
        try {
            Process process = new ProcessBuilder("/bin/bash", "-c", "ulimit -v 4194304").inheritIO().start();
            return process.waitFor(1, TimeUnit.MINUTES) && process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Runs {@code java dev.counters.cli.Main ARGS} on this test's class path under
     * {@code ulimit -v} of {@code megabytes}, in a folder of its own, where the JVM writes its hs_err
     * file if it aborts.
     */
    private Run limited(long megabytes, String... args) {
        Path folder = dir.resolve("run-" + ++runs + "-" + megabytes + "mb-" + args[0]);
        try {
            Files.createDirectory(folder);
            List<String> command = new ArrayList<>(List.of("/bin/bash", "-c", "ulimit -v \"$0\" && exec \"$@\"",
                    Long.toString(megabytes * 1024),
                    Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            command.addAll(SMALL_JVM);
            command.addAll(List.of("-XX:ErrorFile=" + folder.resolve("hs_err_pid%p.log"),
                    "--enable-native-access=ALL-UNNAMED",
                    "-cp", System.getProperty("java.class.path"), Main.class.getName()));
            command.addAll(List.of(args));
            Path out = folder.resolve("out.txt");
            Path err = folder.resolve("err.txt");
            Process process = new ProcessBuilder(command).directory(folder.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("did not end under ulimit -v " + megabytes + " MB: " + command);
            }
            List<String> errorFiles;
            try (Stream<Path> files = Files.list(folder)) {
                errorFiles = files.map(file -> file.getFileName().toString()).filter(name -> name.startsWith("hs_err"))
                        .toList();
            }
            return new Run(megabytes, List.of(args), process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8), errorFiles);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** One limited run: what it printed, its exit code and the hs_err files the JVM left. */
    private record Run(long megabytes, List<String> args, int exitCode, String out, String err,
            List<String> errorFiles) {
        /** Whether the command ran to its end: exit 0, and no abort of the JVM. */
        boolean ran() {
            return exitCode == 0 && errorFiles.isEmpty() && !(out + err).contains("insufficient memory");
        }

        @Override
        public String toString() {
            return String.join(" ", args) + " under ulimit -v " + megabytes + " MB: exit " + exitCode
                    + (errorFiles.isEmpty() ? "" : ", " + errorFiles) + "\n--- out\n" + out + "--- err\n" + err;
        }
    }
}
