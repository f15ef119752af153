package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.testing.FloorProvider;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A report that cannot be written is a failure (exit 1, a message), never a silent success. */
class ReportOutputTest {

    @Test
    void aReportThatFailsToWriteExitsOneWithAMessage() {
        CounterRegistry registry = CounterRegistry.of(List.of(new FloorProvider(CounterKind.PERFORMANCE)));
        CommandLine commandLine = CountersCommand.commandLine(registry);
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(new FullDisk(), true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute("list", "-q", "--format", "csv");
        assertEquals(CountersCommand.EXIT_FAILURE, exitCode, err.toString());
        assertTrue(err.toString().contains("the list report could not be written to standard output"), err.toString());
        assertTrue(err.toString().lines().noneMatch(line -> line.matches("^\\s+at [\\w.$/]+\\(.*")), err.toString());
    }

    @Test
    void aFullDiskUnderTheRealStandardOutputIsReported() {
        File full = new File("/dev/full");
        assumeTrue(full.exists(), "/dev/full is Linux's always-full device");
        Cli.Result result = Cli.runInNewJvm(ProcessBuilder.Redirect.to(full), "list", "-q");
        assertEquals(CountersCommand.EXIT_FAILURE, result.exitCode(), result.toString());
        assertTrue(result.err().contains("counters list: failed: the list report could not be written to standard "
                + "output"), result.err());
    }

    @Test
    void aReaderThatClosesThePipeEndsTheCommandQuietlyWithExitZero() {
        // Issue 23, item 13: `counters list --format csv | head -5` exited 1 with a message.
        Cli.Result result = Cli.runInNewJvmReaderGone("list", "-q", "--format", "csv");
        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("", result.err(), "nothing to say: the reader had what it wanted");
    }

    /** A writer on a disk with no space left. */
    private static final class FullDisk extends Writer {
        @Override
        public void write(char[] chars, int offset, int length) throws IOException {
            throw new IOException("No space left on device");
        }

        @Override
        public void flush() throws IOException {
            throw new IOException("No space left on device");
        }

        @Override
        public void close() {}
    }
}
