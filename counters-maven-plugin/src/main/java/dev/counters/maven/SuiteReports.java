package dev.counters.maven;

import dev.counters.measure.CompareResult;
import dev.counters.measure.Conclusion;
import dev.counters.measure.SuiteResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

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

    static String text(SuiteResult suite, String baseline) {
        StringBuilder text = new StringBuilder(suite.toString()).append("A: ").append(baseline)
                .append("\nB: this build\n");
        for (SuiteResult.TaskOutcome task : suite.tasks()) {
            text.append("\n== ").append(task.task()).append('\n');
            text.append(task.result().map(String::valueOf).orElseGet(() -> "failed: " + task.failure().orElseThrow()))
                    .append('\n');
        }
        return text.toString();
    }

    static String markdown(SuiteResult suite, String baseline) {
        String outcome = suite.gateOutcome().name();
        String summary = suite.summary();
        StringBuilder md = new StringBuilder("**").append(outcome).append("**")
                .append(escape(summary.startsWith(outcome) ? summary.substring(outcome.length()) : ": " + summary))
                .append("\n\nA: ").append(escape(baseline)).append(", B: this build.\n\n")
                .append("| task | gate | verdict | B/A | interval | A per run | B per run |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (SuiteResult.TaskOutcome task : suite.tasks()) {
            md.append("| `").append(task.task()).append("` | ").append(task.gateOutcome()).append(" | ");
            if (task.result().isPresent()) {
                CompareResult result = task.result().get();
                Conclusion c = result.conclusion();
                md.append(result.verdict().label()).append(" | ").append(f4(c.ratio())).append(" | [").append(f4(c.low()))
                        .append(", ").append(f4(c.high())).append("] ").append(c.clock()).append(" | ")
                        .append(nanos(result.nanosPerRunA())).append(" | ").append(nanos(result.nanosPerRunB())).append(" |\n");
            } else {
                md.append("failed | | ").append(escape(String.valueOf(task.failure().orElseThrow()))).append(" | | |\n");
            }
        }
        return md.toString();
    }

    static String json(SuiteResult suite, String baseline) {
        StringBuilder json = new StringBuilder("{\n  \"gate\": ").append(quote(suite.gateOutcome().name()))
                .append(",\n  \"summary\": ").append(quote(suite.summary()))
                .append(",\n  \"margin\": ").append(number(suite.margin()))
                .append(",\n  \"baseline\": ").append(quote(baseline))
                .append(",\n  \"elapsedSeconds\": ").append(number(suite.elapsed().toMillis() / 1000.0))
                .append(",\n  \"tasks\": [");
        String separator = "\n";
        for (SuiteResult.TaskOutcome task : suite.tasks()) {
            json.append(separator).append("    {\"task\": ").append(quote(task.task())).append(", \"gate\": ")
                    .append(quote(task.gateOutcome().name()));
            if (task.result().isPresent()) {
                CompareResult result = task.result().get();
                Conclusion c = result.conclusion();
                json.append(", \"verdict\": ").append(quote(result.verdict().label())).append(", \"clock\": ")
                        .append(quote(c.clock())).append(", \"ratio\": ").append(number(c.ratio())).append(", \"low\": ")
                        .append(number(c.low())).append(", \"high\": ").append(number(c.high())).append(", \"confidence\": ")
                        .append(number(c.confidence())).append(", \"nanosPerRunA\": ").append(number(result.nanosPerRunA()))
                        .append(", \"nanosPerRunB\": ").append(number(result.nanosPerRunB())).append(", \"jvms\": ")
                        .append(result.jvms()).append(", \"summary\": ").append(quote(result.summary()));
            } else {
                json.append(", \"failure\": ").append(quote(String.valueOf(task.failure().orElseThrow())));
            }
            json.append('}');
            separator = ",\n";
        }
        return json.append("\n  ]\n}\n").toString();
    }

    private static String f4(double value) {
        return String.format(Locale.ROOT, "%.4f", value);
    }

    private static String nanos(double nanos) {
        return Double.isFinite(nanos) ? String.format(Locale.ROOT, "%.1f us", nanos / 1e3) : "n/a";
    }

    /** A JSON number; null where there is none (NaN, infinite). */
    private static String number(double value) {
        return Double.isFinite(value) ? String.valueOf(value) : "null";
    }

    private static String quote(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                default -> quoted.append(c < 0x20 ? String.format(Locale.ROOT, "\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return quoted.append('"').toString();
    }

    private static String escape(String markdown) {
        return markdown.replace("|", "\\|").replace("\n", " ");
    }
}
