package dev.counters.examples;

import dev.counters.examples.report.OutputFormat;
import dev.counters.examples.report.Report;
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

    /** Writes {@code report} to the command's standard output in the chosen format. */
    void print(CommandSpec spec, Report report) {
        format.write(report, spec.commandLine().getOut());
    }

    /** Progress on the command's standard error, unless {@code --quiet}. */
    Progress progress(CommandSpec spec) {
        return new Progress(spec.commandLine().getErr(), spec.name(), !quiet);
    }
}
