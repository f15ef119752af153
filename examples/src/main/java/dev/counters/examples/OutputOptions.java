package dev.counters.examples;

import dev.counters.examples.report.OutputFormat;
import dev.counters.examples.report.Report;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The options every subcommand shares: how to write the report, and whether to report progress. */
final class OutputOptions {
    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            converter = OptionConverters.FormatConverter.class,
            description = "table (for people, the default), csv or json (for machines).")
    OutputFormat format = OutputFormat.TABLE;

    @Option(names = {"-q", "--quiet"}, description = "Print no progress on standard error.")
    boolean quiet;

    /**
     * Writes {@code report} to the command's standard output in the chosen format.
     *
     * @throws UncheckedIOException if the output reported a write error (a full disk, a closed
     *     pipe): a {@link PrintWriter} only records those, so it is asked after the last line
     */
    void print(CommandSpec spec, Report report) {
        PrintWriter out = spec.commandLine().getOut();
        format.write(report, out);
        if (out.checkError()) {
            throw new UncheckedIOException("the " + spec.name() + " report could not be written to standard output "
                    + "(a full disk, or a closed pipe?); what was written is incomplete",
                    new IOException("the output stream reported a write error"));
        }
    }

    /** Progress on the command's standard error, unless {@code --quiet}. */
    Progress progress(CommandSpec spec) {
        return new Progress(spec.commandLine().getErr(), spec.name(), !quiet);
    }
}
