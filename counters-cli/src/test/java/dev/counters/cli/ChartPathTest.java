package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --chart} is checked before anything is measured, written after the report, and a failed
 * write is an I/O failure (exit 1) that keeps the report; a missing folder is never created.
 */
class ChartPathTest {
    private static final String MEASURING = "unprepared runs";

    @TempDir
    Path folder;

    @AfterEach
    void forgetTheFolderToDelete() {
        System.clearProperty(TestTasks.DeletesAFolder.FOLDER);
    }

    private static Cli.Result measure(String chart) {
        return Cli.run("measure", "--runs", "3", "--trim", "0", "--warm-up", "10ms", "--iterations", "1000",
                "--chart", chart);
    }

    @Test
    void aMissingFolderIsAUsageErrorBeforeMeasuringAndIsNotCreated() {
        Path missing = folder.resolve("no/such/folder");
        Cli.Result result = measure(missing.resolve("runs.svg").toString());
        assertEquals(CountersCommand.EXIT_USAGE, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--chart: the folder of chart file"), result.err());
        assertTrue(result.err().contains("does not exist: create " + missing + " first"), result.err());
        assertFalse(result.err().contains(MEASURING), "nothing was measured:\n" + result.err());
        assertFalse(Files.exists(folder.resolve("no")), "no folder is created");
    }

    @Test
    void aFolderOrAFileAsFolderIsAUsageErrorBeforeMeasuring() throws IOException {
        Path asFolder = Files.createDirectory(folder.resolve("chart.svg"));
        Cli.Result result = measure(asFolder.toString());
        assertEquals(CountersCommand.EXIT_USAGE, result.exitCode(), result.toString());
        assertTrue(result.err().contains("is a folder; name a file inside it"), result.err());

        Path file = Files.writeString(folder.resolve("file"), "x");
        result = measure(file.resolve("runs.svg").toString());
        assertEquals(CountersCommand.EXIT_USAGE, result.exitCode(), result.toString());
        assertTrue(result.err().contains(file + " is a file, not a folder"), result.err());
        assertFalse(result.err().contains(MEASURING), result.err());
    }

    @Test
    void aFolderThatRefusesFilesIsAnIoFailureBeforeMeasuring() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "Linux /proc refuses new files, even to root");
        Cli.Result result = measure("/proc/x.svg");
        assertEquals(CountersCommand.EXIT_FAILURE, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--chart /proc/x.svg cannot be written, so nothing was measured"), result.err());
        assertFalse(result.err().contains(MEASURING), result.err());
        assertEquals("", result.out());
    }

    @Test
    void aChartThatFailsAfterTheRunKeepsTheReportAndExitsOne() throws IOException {
        Path vanishing = Files.createDirectory(folder.resolve("vanishing"));
        System.setProperty(TestTasks.DeletesAFolder.FOLDER, vanishing.toString());
        Cli.Result result = Cli.run("measure", "--task", TestTasks.DeletesAFolder.class.getName(), "--runs", "3",
                "--trim", "0", "--warm-up", "10ms", "--format", "csv", "-q", "--chart",
                vanishing.resolve("runs.png").toString());
        assertEquals(CountersCommand.EXIT_FAILURE, result.exitCode(), result.toString());
        assertTrue(result.err().contains("the report is complete, but the chart could not be written to "
                + vanishing.resolve("runs.png")), result.err());
        assertTrue(Cli.csv(result.out()).size() > 0, "the report came first:\n" + result.out());
        assertFalse(Files.exists(vanishing), "the folder was not recreated");
    }

    /** Issue #32 item 10: a chart name of 242 to 255 bytes is legal; the temporary file's name was longer and was refused. */
    @Test
    void aChartNameOfTheLongestLegalLengthIsWritten() throws IOException {
        String name = "c".repeat(255 - ".svg".length()) + ".svg";
        Cli.Result result = measure(folder.resolve(name).toString());
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(Files.size(folder.resolve(name)) > 0, "the chart was written");
        try (var left = Files.list(folder)) {
            assertEquals(List.of(name), left.map(file -> file.getFileName().toString()).toList(), "no temporary file");
        }
    }

    @Test
    void aWrittenChartReplacesTheOldOneAndLeavesNoTemporaryFile() throws IOException {
        Path chart = Files.writeString(folder.resolve("runs.svg"), "old");
        Cli.Result result = Cli.run("isolation", "--threads", "1", "--runs", "2", "--iterations", "1000", "-q",
                "--chart", chart.toString());
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(Files.readString(chart).contains("<svg"), "replaced");
        try (var files = Files.list(folder)) {
            assertEquals(1, files.count(), "only the chart is left");
        }
    }

    @Test
    void aChartThroughASymbolicLinkIsWrittenToItsTargetAndTheLinkStays() throws IOException {
        // Issue 23, item 7: the atomic rename replaced the link with a regular file.
        Path charts = Files.createDirectory(folder.resolve("charts"));
        Path target = Files.writeString(charts.resolve("runs.svg"), "old");
        Path link = Files.createSymbolicLink(folder.resolve("latest.svg"), Path.of("charts", "runs.svg"));
        Cli.Result result = Cli.run("isolation", "--threads", "1", "--runs", "2", "--iterations", "1000", "-q",
                "--chart", link.toString());
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(Files.isSymbolicLink(link), "the link is still a link");
        assertEquals(Path.of("charts", "runs.svg"), Files.readSymbolicLink(link), "pointing where it did");
        assertTrue(Files.readString(target).contains("<svg"), "the chart went to the link's target");
        try (var files = Files.list(charts)) {
            assertEquals(1, files.count(), "no temporary file is left beside the target");
        }
    }

    @Test
    void aLinkToAFullDeviceFailsWithAMessageAndKeepsTheLink() throws IOException {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.exists(full), "/dev/full is Linux's always-full device");
        Path link = Files.createSymbolicLink(folder.resolve("full.png"), full);
        Cli.Result result = Cli.run("isolation", "--threads", "1", "--runs", "2", "--iterations", "1000", "-q",
                "--format", "csv", "--chart", link.toString());
        assertEquals(CountersCommand.EXIT_FAILURE, result.exitCode(), result.toString());
        assertTrue(result.err().contains("the report is complete, but the chart could not be written to " + link), result.err());
        assertTrue(result.err().contains("No space left on device"), result.err());
        assertTrue(Files.isSymbolicLink(link) && Files.readSymbolicLink(link).equals(full), "the link is untouched");
        assertTrue(Cli.csv(result.out()).size() > 0, "the report came first:\n" + result.out());
    }
}
