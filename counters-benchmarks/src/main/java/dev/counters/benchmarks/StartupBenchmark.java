package dev.counters.benchmarks;

import com.google.common.math.Quantiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * How long a fresh JVM takes to its first reading: runs {@link FirstReading} in a new JVM per
 * sample, for each configuration (a {@code java} and a class path), the configurations interleaved
 * round by round so that a noisy machine weighs on all of them alike, and prints the median and
 * quartiles of each figure, in milliseconds:
 *
 * <ul>
 *   <li>{@code first reading}: the first {@code Counters.performance()}, started and stopped, timed
 *       inside the JVM from {@code main}'s first statement ({@code System.nanoTime()}, nanoseconds);
 *   <li>{@code exec to reading}: from the instant this launcher started the process to the end of
 *       the first reading: the JVM's own start-up included (the wall clock on both sides, read to the
 *       microsecond or better on Linux; it includes the fork and exec, well under a millisecond);
 *   <li>{@code exec to main}: the same start to {@code main}'s first statement, the JVM's part alone;
 *   <li>{@code VM start to reading}: from the JVM's own start time, {@code RuntimeMXBean.getStartTime()},
 *       to the end of the reading (whole milliseconds: within 1 ms).
 * </ul>
 *
 * A configuration whose probe argument is {@link FirstReading#SERVICE_LOADER_ONLY} times, in place
 * of the reading, {@link java.util.ServiceLoader} finding and creating the providers: the floor. One
 * whose argument is {@link FirstReading#STAGES} times the reading in stages, and a second table gives
 * the median of each stage ({@link FirstReading#STAGE_NAMES}).
 *
 * <pre>
 * java -cp counters-benchmarks.jar dev.counters.benchmarks.StartupBenchmark --runs 20 --out results \
 *     --config "jdk17 all|/usr/lib/jvm/java-17/bin/java|lib/counters-api.jar:lib/counters-posix.jar:..."
 * </pre>
 *
 * {@code scripts/startup-benchmark.sh} builds the class paths (every module, counters-api alone;
 * this tree and a baseline revision) and runs it on JDK 17 and 25. Each child runs with
 * {@code --enable-native-access=ALL-UNNAMED}, as a user of counters-posix on JDK 22+ would.
 */
public final class StartupBenchmark {
    private static final String PROBE = FirstReading.class.getName();
    private static final double NANOS_PER_MILLI = 1e6;

    private StartupBenchmark() {}

    /** One JVM and class path to start, under a label, with the probe's arguments ({@link FirstReading#SERVICE_LOADER_ONLY}, or none). */
    record Config(String label, String java, String classPath, List<String> probeArguments) {
        /** {@code label|java|classPath}, or {@code label|java|classPath|probe arguments}. */
        static Config parse(String spec) {
            String[] parts = spec.split("\\|", 4);
            if (parts.length < 3 || parts[0].isBlank() || parts[1].isBlank() || parts[2].isBlank()) {
                throw new IllegalArgumentException(
                        "--config wants \"label|path/to/java|class path[|probe arguments]\", not \"" + spec + "\"");
            }
            List<String> arguments = parts.length == 4 && !parts[3].isBlank() ? List.of(parts[3].trim().split("\\s+")) : List.of();
            return new Config(parts[0].trim(), parts[1].trim(), parts[2].trim(), arguments);
        }
    }

    /** What one fresh JVM reported, in nanoseconds. */
    record Sample(double firstReading, double execToReading, double execToMain, double vmStartToReading, String servedBy,
            Map<String, Double> stages) {}

    public static void main(String[] args) throws IOException, InterruptedException {
        int runs = 20;
        Path out = Path.of("startup-results");
        List<Config> configs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--config" -> configs.add(Config.parse(args[++i]));
                default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'; see the class's Javadoc");
            }
        }
        if (configs.isEmpty() || runs < 1) {
            throw new IllegalArgumentException("give at least one --config and --runs of 1 or more");
        }
        Path probe = writeProbe(out.resolve("probe"));
        Map<Config, List<Sample>> samples = new LinkedHashMap<>();
        for (Config config : configs) {
            samples.put(config, new ArrayList<>());
        }
        for (int round = 0; round < runs; round++) {
            for (Config config : configs) {
                samples.get(config).add(run(config, probe));
            }
        }
        String table = table(samples);
        System.out.print(table);
        Files.writeString(out.resolve("startup.md"), table);
        Files.writeString(out.resolve("startup.json"), json(samples));
    }

    /** Copies the probe's class file to its own directory, so that each child's class path holds nothing else of this module. */
    private static Path writeProbe(Path directory) throws IOException {
        String resource = PROBE.replace('.', '/') + ".class";
        Path file = directory.resolve(resource);
        Files.createDirectories(file.getParent());
        try (InputStream in = StartupBenchmark.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("cannot find " + resource + " on the class path");
            }
            Files.write(file, in.readAllBytes());
        }
        return directory;
    }

    private static Sample run(Config config, Path probe) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(config.java(), Forks.ENABLE_NATIVE_ACCESS,
                "-cp", probe + java.io.File.pathSeparator + config.classPath(), PROBE));
        command.addAll(config.probeArguments());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        Instant started = Instant.now();
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(config.label() + ": the probe failed:\n" + output);
        }
        Properties report = new Properties();
        report.load(new java.io.StringReader(output));
        double startedNanos = started.getEpochSecond() * 1e9 + started.getNano();
        double reading = number(report, "reading_epoch_ns", output);
        return new Sample(number(report, "first_reading_ns", output),
                reading - startedNanos,
                number(report, "main_epoch_ns", output) - startedNanos,
                reading - number(report, "vm_start_epoch_ms", output) * NANOS_PER_MILLI,
                report.getProperty("provider") + " (" + report.getProperty("binding") + ")",
                stages(report, output));
    }

    /** The stages the probe reported ({@code stage_<name>_ns}), by name in {@link FirstReading#STAGE_NAMES} order; none unless it ran in stages. */
    private static Map<String, Double> stages(Properties report, String output) {
        Map<String, Double> stages = new LinkedHashMap<>();
        for (String name : FirstReading.STAGE_NAMES) {
            if (report.getProperty("stage_" + name + "_ns") != null) {
                stages.put(name, number(report, "stage_" + name + "_ns", output));
            }
        }
        return stages;
    }

    private static double number(Properties report, String key, String output) {
        String value = report.getProperty(key);
        if (value == null) {
            throw new IllegalStateException("the probe did not report " + key + ":\n" + output);
        }
        return Double.parseDouble(value.trim());
    }

    private static String table(Map<Config, List<Sample>> samples) {
        StringBuilder table = new StringBuilder()
                .append("| configuration | runs | first reading, ms | best | exec to reading, ms | exec to main, ms | VM start to reading, ms | served by |\n")
                .append("|---|---|---|---|---|---|---|---|\n");
        for (Map.Entry<Config, List<Sample>> entry : samples.entrySet()) {
            List<Sample> runs = entry.getValue();
            table.append("| ").append(entry.getKey().label())
                    .append(" | ").append(runs.size())
                    .append(" | ").append(quartiles(runs, Figure.FIRST_READING))
                    .append(" | ").append(String.format("%.1f", best(runs, Figure.FIRST_READING) / NANOS_PER_MILLI))
                    .append(" | ").append(quartiles(runs, Figure.EXEC_TO_READING))
                    .append(" | ").append(quartiles(runs, Figure.EXEC_TO_MAIN))
                    .append(" | ").append(quartiles(runs, Figure.VM_START_TO_READING))
                    .append(" | ").append(runs.get(0).servedBy())
                    .append(" |\n");
        }
        table.append("\nEach cell: median (quartiles); best: the fastest run (noise only ever adds time).\n");
        return table.append(stagesTable(samples)).toString();
    }

    /** The median of each stage, in milliseconds, for the configurations that ran in stages; empty if none did. */
    private static String stagesTable(Map<Config, List<Sample>> samples) {
        StringBuilder table = new StringBuilder("\n| configuration | runs |");
        StringBuilder rule = new StringBuilder("|---|---|");
        for (String name : FirstReading.STAGE_NAMES) {
            table.append(' ').append(name.replace('_', ' ')).append(" |");
            rule.append("---|");
        }
        table.append(" all stages |\n").append(rule).append("---|\n");
        boolean any = false;
        for (Map.Entry<Config, List<Sample>> entry : samples.entrySet()) {
            List<Sample> runs = entry.getValue();
            if (runs.get(0).stages().isEmpty()) {
                continue;
            }
            any = true;
            table.append("| ").append(entry.getKey().label()).append(" | ").append(runs.size()).append(" |");
            for (String name : FirstReading.STAGE_NAMES) {
                double[] values = new double[runs.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = runs.get(i).stages().get(name);
                }
                table.append(String.format(" %.1f |", Quantiles.median().compute(values) / NANOS_PER_MILLI));
            }
            table.append(' ').append(quartiles(runs, Figure.FIRST_READING)).append(" |\n");
        }
        return any ? table.append("\nEach stage: the median, in ms, of what it adds to the stages before it (FirstReading.STAGE_NAMES says what each does);"
                + " all stages: the median (quartiles) of their sum.\n").toString() : "";
    }

    private static double best(List<Sample> runs, Figure figure) {
        double best = Double.MAX_VALUE;
        for (double value : figure.of(runs)) {
            best = Math.min(best, value);
        }
        return best;
    }

    /** {@code "12.3 (11.0-14.1)"}: the median and the quartiles in milliseconds; the median alone for one run. */
    private static String quartiles(List<Sample> runs, Figure figure) {
        double[] values = figure.of(runs);
        if (values.length == 1) {
            return String.format("%.1f", values[0] / NANOS_PER_MILLI);
        }
        Map<Integer, Double> q = Quantiles.quartiles().indexes(1, 2, 3).compute(values);
        return String.format("%.1f (%.1f-%.1f)", q.get(2) / NANOS_PER_MILLI, q.get(1) / NANOS_PER_MILLI, q.get(3) / NANOS_PER_MILLI);
    }

    private static String json(Map<Config, List<Sample>> samples) {
        StringBuilder json = new StringBuilder("[");
        String separator = "\n";
        for (Map.Entry<Config, List<Sample>> entry : samples.entrySet()) {
            json.append(separator).append("  {\"configuration\": ").append(BenchmarkEnvironment.quote(entry.getKey().label()))
                    .append(", \"java\": ").append(BenchmarkEnvironment.quote(entry.getKey().java()))
                    .append(", \"class_path\": ").append(BenchmarkEnvironment.quote(entry.getKey().classPath()))
                    .append(", \"served_by\": ").append(BenchmarkEnvironment.quote(entry.getValue().get(0).servedBy()));
            for (String name : entry.getValue().get(0).stages().keySet()) {
                json.append(", \"stage_").append(name).append("_ns\": [");
                List<Sample> runs = entry.getValue();
                for (int i = 0; i < runs.size(); i++) {
                    json.append(i == 0 ? "" : ", ").append(Math.round(runs.get(i).stages().get(name)));
                }
                json.append(']');
            }
            for (Figure figure : Figure.values()) {
                json.append(", \"").append(figure.key).append("\": [");
                double[] values = figure.of(entry.getValue());
                for (int i = 0; i < values.length; i++) {
                    json.append(i == 0 ? "" : ", ").append(Math.round(values[i]));
                }
                json.append(']');
            }
            json.append('}');
            separator = ",\n";
        }
        return json.append("\n]\n").toString();
    }

    /** The figures of a sample, with their JSON names (nanoseconds). */
    private enum Figure {
        FIRST_READING("first_reading_ns"),
        EXEC_TO_READING("exec_to_reading_ns"),
        EXEC_TO_MAIN("exec_to_main_ns"),
        VM_START_TO_READING("vm_start_to_reading_ns");

        final String key;

        Figure(String key) {
            this.key = key;
        }

        double[] of(List<Sample> runs) {
            double[] values = new double[runs.size()];
            for (int i = 0; i < values.length; i++) {
                Sample sample = runs.get(i);
                values[i] = switch (this) {
                    case FIRST_READING -> sample.firstReading();
                    case EXEC_TO_READING -> sample.execToReading();
                    case EXEC_TO_MAIN -> sample.execToMain();
                    case VM_START_TO_READING -> sample.vmStartToReading();
                };
            }
            return values;
        }
    }
}
