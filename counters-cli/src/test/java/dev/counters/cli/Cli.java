package dev.counters.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.counters.CounterRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;

/** Runs the command line in-process, as {@code java -jar counters.jar ARGS} would, capturing both streams. */
final class Cli {
    private Cli() {}

    /** What one run printed and returned. */
    record Result(int exitCode, String out, String err) {
        /** The output parsed as JSON by an independent reader. */
        JsonNode json() {
            try {
                return new ObjectMapper().readTree(out);
            } catch (IOException e) {
                throw new AssertionError("output is not JSON: " + e.getMessage() + "\n" + out, e);
            }
        }

        /**
         * The output as one CSV table read by an independent reader: every row must be as long as
         * the header, whose first column is {@code section}; the rows keyed by column id, grouped
         * by section in the order they appear.
         */
        Map<String, List<Map<String, String>>> csvSections() {
            List<List<String>> rows = csvRows(out);
            List<String> header = rows.get(0);
            if (!header.get(0).equals("section")) {
                throw new AssertionError("the first column is not 'section': " + header);
            }
            Map<String, List<Map<String, String>>> sections = new LinkedHashMap<>();
            for (List<String> row : rows.subList(1, rows.size())) {
                if (row.size() != header.size()) {
                    throw new AssertionError("not rectangular: a row of " + row.size() + " fields under a header of "
                            + header.size() + ": " + row + "\n" + out);
                }
                Map<String, String> cells = new LinkedHashMap<>();
                for (int i = 0; i < header.size(); i++) {
                    cells.put(header.get(i), row.get(i));
                }
                sections.computeIfAbsent(row.get(0), section -> new ArrayList<>()).add(cells);
            }
            return sections;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    static Result run(String... args) {
        return run(CounterRegistry.systemDefault(), args);
    }

    static Result run(CounterRegistry registry, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = CountersCommand.commandLine(registry);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new Result(exitCode, out.toString(), err.toString());
    }

    /**
     * Runs {@code java --enable-native-access=ALL-UNNAMED dev.counters.cli.Main ARGS} in a new JVM on this test's class path, as a
     * user's shell would, with standard output going to {@code out}; returns the exit code and
     * standard error ({@code out} of the result is empty).
     */
    static Result runInNewJvm(ProcessBuilder.Redirect out, String... args) {
        return runInNewJvm(out, false, args);
    }

    /**
     * Runs {@code java dev.counters.cli.Main ARGS} in a new JVM whose standard output is a pipe
     * nobody reads: its read end is closed before the command writes, as {@code | head} does once it
     * has its lines. Returns the exit code and standard error.
     */
    static Result runInNewJvmReaderGone(String... args) {
        return runInNewJvm(ProcessBuilder.Redirect.PIPE, true, args);
    }

    private static Result runInNewJvm(ProcessBuilder.Redirect out, boolean closeOutput, String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", // as the README tells class-path users; JDK 24+ warns without it
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectOutput(out).start();
            if (closeOutput) {
                process.getInputStream().close();
            }
            String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("the command did not end: " + command + "\n" + err);
            }
            return new Result(process.exitValue(), "", err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Every record of {@code text}, blank lines included, as Jackson's CSV reader splits them. */
    static List<List<String>> csvRows(String text) {
        CsvMapper mapper = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        try (MappingIterator<List<String>> rows = mapper.readerFor(List.class).readValues(text)) {
            return rows.readAll();
        } catch (IOException e) {
            throw new UncheckedIOException("not CSV:\n" + text, e);
        }
    }

    static List<Map<String, String>> csv(String text) {
        CsvMapper mapper = new CsvMapper();
        CsvSchema schema = CsvSchema.emptySchema().withHeader();
        try (MappingIterator<Map<String, String>> rows =
                mapper.readerFor(Map.class).with(schema).readValues(text)) {
            return rows.readAll();
        } catch (IOException e) {
            throw new UncheckedIOException("not CSV:\n" + text, e);
        }
    }
}
