package dev.counters.benchmarks;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Prints, as JSON, what the benchmarks will measure on this machine: each counter kind with the
 * provider and source that serve it here (or why none does), and how many native threads a JVM
 * holds once counters are in use. {@code scripts/benchmarks.sh} runs it first to choose the
 * {@code kind} parameters of {@link CounterPairBenchmark} and to give the C baseline of the
 * process-wide kinds as many threads as the JVM it is compared with.
 *
 * <p>Run it from the benchmarks jar:
 * {@code java -cp counters-benchmarks.jar dev.counters.benchmarks.BenchmarkEnvironment}.
 */
public final class BenchmarkEnvironment {
    private BenchmarkEnvironment() {}

    public static void main(String[] args) throws IOException {
        CounterRegistry registry = CounterRegistry.systemDefault();
        StringBuilder json = new StringBuilder("{\n  \"kinds\": [");
        String separator = "\n";
        for (CounterKind kind : CounterKind.values()) {
            Optional<String> provider = registry.providerFor(kind);
            json.append(separator).append("    {\"kind\": ").append(quote(kind.name()));
            if (provider.isPresent()) {
                CounterInfo info = registry.create(kind).getInfo();
                json.append(", \"available\": true, \"provider\": ").append(quote(info.provider()))
                        .append(", \"source\": ").append(quote(info.source()));
            } else {
                json.append(", \"available\": false, \"reason\": ").append(quote(reasons(registry, kind)));
            }
            json.append('}');
            separator = ",\n";
        }
        json.append("\n  ],\n  \"jvm_threads\": ").append(nativeThreads())
                .append(",\n  \"java\": ").append(quote(System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")))
                .append(",\n  \"os\": ").append(quote(System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch")))
                .append(",\n  \"cpus\": ").append(Runtime.getRuntime().availableProcessors())
                .append("\n}");
        System.out.println(json);
    }

    private static String reasons(CounterRegistry registry, CounterKind kind) {
        StringBuilder reasons = new StringBuilder();
        for (CounterRegistry.ProviderReport report : registry.providers()) {
            if (reasons.length() > 0) {
                reasons.append("; ");
            }
            reasons.append(report.name()).append(": ").append(report.support(kind).reason());
        }
        return reasons.toString();
    }

    /** The kernel's count of this process's threads, which process CPU clocks iterate over. */
    private static int nativeThreads() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return Thread.activeCount();
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("Threads:")) {
                return Integer.parseInt(line.substring("Threads:".length()).trim());
            }
        }
        return Thread.activeCount();
    }

    /** {@code text} as a JSON string literal, escaped by Jackson; {@code null} reads {@code "null"}. */
    static String quote(String text) {
        return '"' + new String(JsonStringEncoder.getInstance().quoteAsString(String.valueOf(text))) + '"';
    }
}
