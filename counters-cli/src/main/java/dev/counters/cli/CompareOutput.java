package dev.counters.cli;

import dev.counters.cli.report.OutputFormat;
import dev.counters.measure.CompareReport;
import dev.counters.measure.CompareResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Prints what the library renders of a comparison ({@link CompareReport}): text for the table
 * format, Markdown, JSON; the command adds nothing of its own. Where {@code GITHUB_STEP_SUMMARY}
 * names a file (a GitHub Actions step), the Markdown is appended to it as well.
 */
final class CompareOutput {
    /** The environment variable GitHub Actions sets to the step summary's file. */
    static final String STEP_SUMMARY = "GITHUB_STEP_SUMMARY";

    private CompareOutput() {}

    /** Refuses a format a comparison is not rendered in. */
    static void check(CommandSpec spec, OutputFormat format) {
        if (format == OutputFormat.CSV) {
            throw new ParameterException(spec.commandLine(), "compare writes --format table (or text), markdown or json: its answer is "
                    + "a sentence and a few tables, which one CSV table cannot hold");
        }
    }

    /** Prints {@code result} in the format asked, and appends its Markdown to the step summary where there is one. */
    static void print(CommandSpec spec, OutputOptions output, CompareResult result) {
        String text = switch (output.format) {
            case JSON -> CompareReport.json(result);
            case MARKDOWN -> CompareReport.markdown(result);
            default -> CompareReport.text(result);
        };
        output.printText(spec, text);
        stepSummary(CompareReport.markdown(result));
    }


    static void stepSummary(String markdown) {
        String file = System.getenv(STEP_SUMMARY);
        if (file == null || file.isBlank()) {
            return;
        }
        try {
            Files.writeString(Path.of(file), markdown + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("the report is printed, but could not be appended to $" + STEP_SUMMARY + " ("
                    + file + ")", e);
        }
    }
}
