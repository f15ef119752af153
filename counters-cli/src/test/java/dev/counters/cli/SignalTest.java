package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.counters.cli.report.ChartFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #32 item 9: a real SIGINT or SIGTERM to a real {@code counters} process. The command that
 * runs a task prints what it measured before the signal, as {@code --timeout} does, and the JVM
 * exits with the signal's code (130, 143), which {@code --help} lists; a chart being written when
 * the signal comes leaves no temporary file behind.
 */
class SignalTest {
    /**
     * A thread for each pipe reader: CompletableFuture's default pool can be one thread on a 2-CPU
     * machine (JDK 25), where a reader blocked on standard error would keep standard output unread.
     */
    private static final Executor READERS = runnable -> {
        Thread reader = new Thread(runnable, "pipe reader");
        reader.setDaemon(true);
        reader.start();
    };

    @TempDir
    Path folder;

    @Test
    void sigintDuringARunPrintsWhatWasMeasuredAndExits130() throws Exception {
        assumeTrue(isPosix(), "signals are sent with kill(1)");
        assumeTrue(!ignoresSigint(), "this JVM ignores SIGINT (started in the background by a shell without job "
                + "control), and so would the command it starts: its handler is never installed");
        Process process = start(List.of(Main.class.getName(), "measure", "--task", TestTasks.HangsAfterThreeRuns.class.getName(),
                "--runs", "3", "--trim", "0", "--format", "json"));
        CompletableFuture<String> out = readAll(process);
        BufferedReader errors = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        List<String> err = new ArrayList<>();
        // The task hangs in its fourth call: the prepared phase, after the unprepared runs were measured.
        awaitLine(errors, err, "warm-up of up to");
        // The rest of standard error is read while the process runs: a full pipe would block its writes.
        CompletableFuture<List<String>> rest = CompletableFuture.supplyAsync(() -> errors.lines().toList(), READERS);
        Thread.sleep(200);
        kill("-INT", process);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the signal ended it; standard error so far: " + err);
        err.addAll(rest.get(10, TimeUnit.SECONDS));

        assertEquals(130, process.exitValue(), String.join("\n", err));
        assertTrue(err.stream().anyMatch(line -> line.contains("counters measure: a signal (SIGINT or SIGTERM) ended the command"
                + " during the warm-up and prepared runs")), String.join("\n", err));
        JsonNode statistics = new ObjectMapper().readTree(out.get(10, TimeUnit.SECONDS)).get("statistics");
        assertEquals("unprepared", statistics.get(0).get("preparation").asText());
        assertEquals(3, statistics.get(0).get("count").asInt(), "the three runs measured before the signal");
    }

    @Test
    void sigtermDuringAForkedComparisonPrintsTheForksThatEndedAndLeavesNoProcess() throws Exception {
        // Issue 44, item 2: exit 143 with nothing on standard error, no figures, and the running fork left running.
        // A against A at a target no interval reaches: each of the 3 forks runs its whole share, about 5 s.
        Process process = start(List.of(Main.class.getName(), "compare", "--iterations-a", "200000", "--iterations-b",
                "200000", "--forks", "3", "--budget", "15s", "--target", "0.001%", "--format", "json"));
        CompletableFuture<String> out = readAll(process);
        BufferedReader errors = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        List<String> err = new ArrayList<>();
        awaitLine(errors, err, "in fresh JVMs");
        CompletableFuture<List<String>> rest = CompletableFuture.supplyAsync(() -> errors.lines().toList(), READERS);
        long first = aForkOtherThan(process, -1).pid();
        aForkOtherThan(process, first); // the first fork has ended, the second runs
        List<ProcessHandle> forks = process.descendants().toList();
        kill("-TERM", process); // not Process.destroy(), which closes the pipes this test reads
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the signal ended it");
        err.addAll(rest.get(10, TimeUnit.SECONDS));

        assertEquals(143, process.exitValue(), String.join("\n", err));
        assertTrue(err.stream().anyMatch(line -> line.contains("counters compare: a signal (SIGINT or SIGTERM) ended the "
                + "command during the comparison in fresh JVMs")), String.join("\n", err));
        String printed = out.get(10, TimeUnit.SECONDS);
        JsonNode report = new ObjectMapper().readTree(printed);
        assertTrue(report.has("stopped_by"), "standard output: " + printed + "\nstandard error: " + String.join("\n", err));
        assertEquals("interrupted", report.get("stopped_by").asText(), report.toString());
        assertTrue(report.get("forks").size() >= 1, "the forks that ended: " + report);
        assertTrue(report.get("summary").asText().length() > 0, report.toString());
        assertTrue(!forks.isEmpty(), "a fork was running when the signal came");
        for (ProcessHandle fork : forks) {
            fork.onExit().get(10, TimeUnit.SECONDS); // ended with its parent, or the test fails here
        }
    }

    @Test
    void sigtermAfterTheMeasurementWhileTheReportIsWrittenLetsItFinishAndSaysSo() throws Exception {
        // Issue 50, item 7: a signal just after the last fork ended cut the report off, with nothing on standard
        // error. Here the report (3,000 runs of CSV, about 200 KB) fills the pipe, which this test does not read
        // yet: the command waits in its write, after the measurement, when the signal comes.
        assumeTrue(isPosix(), "signals are sent with kill(1)");
        Process process = start(List.of(Main.class.getName(), "measure", "--runs", "3000", "--iterations", "1000",
                "--warm-up", "100ms", "--format", "csv"));
        BufferedReader errors = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        List<String> err = new ArrayList<>();
        awaitLine(errors, err, "prepared runs");
        CompletableFuture<List<String>> rest = CompletableFuture.supplyAsync(() -> errors.lines().toList(), READERS);
        // The prepared runs and the noise probes take about a second on a quiet machine; then the report waits on the pipe.
        Thread.sleep(8_000);
        kill("-TERM", process);
        Thread.sleep(500);
        String out = readAll(process).get(60, TimeUnit.SECONDS);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the signal ended it");
        err.addAll(rest.get(10, TimeUnit.SECONDS));
        assumeTrue(err.stream().noneMatch(line -> line.contains("ended the command during")),
                "a machine this loaded was still measuring after 8 s, when the signal came: " + err);

        assertEquals(143, process.exitValue(), "the signal's code, not the command's: " + String.join("\n", err));
        assertEquals(3000, out.lines().filter(line -> line.startsWith("runs,")).count(), "the whole report: every run");
        assertTrue(out.endsWith("\n"), "down to its last line");
        assertEquals(2, out.lines().filter(line -> line.startsWith("noise,")).count(), "and its last sections");
        assertTrue(err.stream().anyMatch(line -> line.equals("counters: a signal (SIGINT or SIGTERM) came after the "
                + "measurement; the command was let finish, and what it printed is whole")), String.join("\n", err));
    }

    @Test
    void sigtermWhileAChartIsWrittenLeavesNoTemporaryFileAndExits143() throws Exception {
        Path chart = Files.createDirectory(folder.resolve("charts")).resolve("c3.png");
        Path errors = folder.resolve("stderr.txt");
        Process process = start(List.of(WritesAChartForever.class.getName(), chart.toString()), ProcessBuilder.Redirect.to(errors.toFile()));
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals(WritesAChartForever.WRITING, out.readLine(), "the chart is being written");
        }
        try (var files = Files.list(chart.getParent())) {
            assertEquals(1, files.count(), "the temporary file is there while the chart is written");
        }
        process.destroy(); // SIGTERM
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the signal ended it");

        assertEquals(143, process.exitValue(), Files.readString(errors));
        try (var files = Files.list(chart.getParent())) {
            assertEquals(List.of(), files.toList(), "nothing left behind");
        }
    }

    @Test
    void helpListsTheSignalsExitCodes() {
        Cli.Result help = Cli.run("--help");
        assertTrue(help.out().contains("130") && help.out().contains("SIGINT"), help.out());
        assertTrue(help.out().contains("143") && help.out().contains("SIGTERM"), help.out());
    }

    /** Writes a chart whose drawing never ends, after saying so on standard output. */
    public static final class WritesAChartForever {
        static final String WRITING = "writing";

        public static void main(String[] args) throws IOException {
            ChartFile.parse(args[0]).write(out -> {
                out.write(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
                out.flush();
                System.out.println(WRITING);
                System.out.flush();
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
    }

    /**
     * Whether this process ignores SIGINT (bit 2 of {@code SigIgn} in {@code /proc/self/status}), as
     * a command started with {@code &} by a shell without job control does: the JVMs it starts inherit
     * that, and the JVM then installs no handler for it, so SIGINT cannot end them.
     */
    private static boolean ignoresSigint() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16) & (1L << (2 - 1))) != 0;
            }
        }
        return false;
    }

    private static boolean isPosix() {
        return !System.getProperty("os.name").startsWith("Windows");
    }

    private static Process start(List<String> mainAndArgs) throws IOException {
        return start(mainAndArgs, ProcessBuilder.Redirect.PIPE);
    }

    private static Process start(List<String> mainAndArgs, ProcessBuilder.Redirect err) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path")));
        command.addAll(mainAndArgs);
        return new ProcessBuilder(command).redirectError(err).start();
    }

    private static CompletableFuture<String> readAll(Process process) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, READERS);
    }

    private static void awaitLine(BufferedReader err, List<String> lines, String fragment) throws IOException {
        for (String line = err.readLine(); line != null; line = err.readLine()) {
            lines.add(line);
            if (line.contains(fragment)) {
                return;
            }
        }
        throw new AssertionError("no line with '" + fragment + "' before the end: " + lines);
    }

    private static void kill(String signal, Process process) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid())).inheritIO().start();
        assertTrue(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill " + signal);
    }

    /**
     * The first fork of {@code process} whose pid is not {@code pid}, as soon as one runs (60 s at most):
     * a child running {@code java}, not the {@code jspawnhelper} that JDK 17 starts it with, a child too.
     */
    private static ProcessHandle aForkOtherThan(Process process, long pid) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            for (ProcessHandle child : process.children().toList()) {
                boolean java = child.info().command().map(command -> Path.of(command).getFileName().toString())
                        .filter(name -> name.equals("java") || name.equals("java.exe")).isPresent();
                if (java && child.pid() != pid) {
                    return child;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no fork other than " + pid + " started in 60 s");
    }
}
