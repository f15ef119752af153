package dev.counters.cli;

import dev.counters.cli.report.OutputFormat;
import dev.counters.cli.report.Report;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The options every subcommand shares: how to write the report, and whether to report progress. */
final class OutputOptions {
    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            converter = OptionConverters.FormatConverter.class,
            description = "table or text (for people, the default), markdown (for a CI job summary or a pull-request comment), "
                    + "csv or json (for machines).")
    OutputFormat format = OutputFormat.TABLE;

    @Option(names = {"-q", "--quiet"}, description = "Print no progress on standard error.")
    boolean quiet;

    private boolean headingPrinted;

    /**
     * Writes {@code report} to the command's standard output in the chosen format.
     *
     * @throws ReaderWentAway if the output is a pipe whose reader closed it ({@code | head}): the
     *     command ends quietly, with exit code 0
     * @throws UncheckedIOException if the output reported another write error (a full disk): a
     *     {@link PrintWriter} only records those, so it is asked after the last line
     */
    void print(CommandSpec spec, Report report) {
        PrintWriter out = spec.commandLine().getOut();
        if (headingPrinted) {
            format.writeAfterHeading(report, out);
        } else {
            format.write(report, out);
        }
        checkWritten(spec, out);
    }

    /** Writes {@code text} as it is (a report the library rendered) to the command's standard output. */
    void printText(CommandSpec spec, String text) {
        PrintWriter out = spec.commandLine().getOut();
        out.print(text);
        out.flush();
        checkWritten(spec, out);
    }

    /**
     * Writes the heading of {@code report} (title and parameters) now, in the table format, before
     * anything is measured; {@link #print} then writes the rest. A task that ends the JVM with
     * {@code Runtime.halt} runs no shutdown hook and leaves its exit status, which nothing in the
     * JVM can report or change: the heading at least shows that the command started and never
     * finished, where the output was otherwise empty.
     */
    void printHeading(CommandSpec spec, Report heading) {
        PrintWriter out = spec.commandLine().getOut();
        headingPrinted = format.writeHeading(heading, out);
        checkWritten(spec, out);
    }

    private void checkWritten(CommandSpec spec, PrintWriter out) {
        if (out instanceof StandardOutput standardOutput && standardOutput.readerWentAway()) {
            throw new ReaderWentAway();
        }
        if (out.checkError()) {
            IOException cause = out instanceof StandardOutput standardOutput
                    ? standardOutput.failure().orElse(null)
                    : null;
            throw new UncheckedIOException("the " + spec.name() + " report could not be written to standard output "
                    + "(a full disk?); what was written is incomplete",
                    cause != null ? cause : new IOException("the output stream reported a write error"));
        }
    }

    /** Progress on the command's standard error, unless {@code --quiet}. */
    Progress progress(CommandSpec spec) {
        return new Progress(spec.commandLine().getErr(), spec.name(), !quiet);
    }

    /**
     * Nobody reads the output any more (a closed pipe): what was wanted has been read, so the
     * command ends at once, quietly, with exit code 0, as Unix tools do.
     */
    static final class ReaderWentAway extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ReaderWentAway() {
            super("the reader of standard output closed it", null, false, false);
        }
    }
}
