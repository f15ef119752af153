package dev.counters.maven;

import dev.counters.measure.SuiteReport;
import dev.counters.measure.SuiteResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The gate's reports in {@code target/counters/}: {@code compare.txt} (the suite's table, then each
 * task's full result), {@code compare.json} (for programs) and {@code compare.md} (for a pull
 * request or {@code $GITHUB_STEP_SUMMARY}). Each opens with the suite's one-sentence summary.
 */
final class SuiteReports {
    private SuiteReports() {}

    static void write(SuiteResult suite, String baseline, Path directory) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("compare.txt"), text(suite, baseline), StandardCharsets.UTF_8);
        Files.writeString(directory.resolve("compare.json"), json(suite, baseline), StandardCharsets.UTF_8);
        Files.writeString(directory.resolve("compare.md"), markdown(suite, baseline), StandardCharsets.UTF_8);
    }

    /** Appends the Markdown report to {@code file} (GitHub Actions' step summary). */
    static void append(SuiteResult suite, String baseline, Path file) throws IOException {
        Files.writeString(file, markdown(suite, baseline) + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    /** The library's text report ({@link SuiteReport#text}), naming the builds after the summary. */
    static String text(SuiteResult suite, String baseline) {
        String report = SuiteReport.text(suite);
        int firstLine = report.indexOf('\n') + 1;
        return report.substring(0, firstLine) + "A: " + baseline + "; B: this build.\n" + report.substring(firstLine);
    }

    /** The library's Markdown report ({@link SuiteReport#markdown}), naming the builds after the summary. */
    static String markdown(SuiteResult suite, String baseline) {
        String report = SuiteReport.markdown(suite);
        int firstLine = report.indexOf('\n') + 1;
        return report.substring(0, firstLine) + "\nA: `" + baseline + "`, B: this build.\n" + report.substring(firstLine);
    }

    /** The library's JSON report ({@link SuiteReport#json}); each comparison names its builds ({@code task_a}, {@code task_b}). */
    static String json(SuiteResult suite, String baseline) {
        return SuiteReport.json(suite);
    }
}
