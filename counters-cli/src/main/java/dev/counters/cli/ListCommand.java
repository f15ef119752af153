package dev.counters.cli;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.CounterRegistry.ProviderReport;
import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.Column;
import dev.counters.cli.report.Report;
import dev.counters.cli.report.Table;
import dev.counters.spi.KindSupport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code counters list}: every kind served here, by which provider and clock, at what frequency
 * and resolution; then every provider found, what it serves, and why it serves nothing else
 * (the wrong operating system, a kernel that refuses, a library that failed to load).
 */
@Command(name = "list", description = {
    "Every counter kind available here, and every provider found.",
    "For each kind: its provider, frequency, measured resolution, whether it is monotonic, what it measures, "
            + "whether it splits kernel/user time, and its source API. Then every provider found, what it serves, "
            + "and why not the rest (or why it failed to load).",
})
final class ListCommand extends Subcommand {
    static final String BINDING_NOTE = "binding: FFM = Foreign Function & Memory downcalls (JDK 22+, about the cost of C), "
            + "JNA = JNA direct mapping (JDK 17+, 60-90 ns more per call), JVM = a JDK method that reads the clock itself. "
            + "FFM serves where the JVM is 22+, the library was built on 22+ and native access is enabled; "
            + "-Ddev.counters.binding=jna keeps JNA.";
    static final String VIRTUAL_THREADS_NOTE = "THREAD_TIMES and THREAD_CYCLES measure the calling platform thread. "
            + "On a virtual thread (JDK 21+) they refuse to start: a virtual thread has no CPU clock of its own and runs "
            + "on carrier threads that change whenever it blocks. Measure on a platform thread, or use PROCESS_TIMES or "
            + "a wall-clock kind there.";

    @Mixin
    OutputOptions output;

    @Override
    public void run() {
        CounterRegistry registry = registry();
        output.progress(spec).step("probing the resolution of every kind");
        Report report = Report.builder("list", "Counters available on " + Platform.describe())
                .table(kinds(registry))
                .table(providers(registry))
                .table(unserved(registry))
                .note("resolution: the smallest step seen reading the clock back to back; typical: the median step. "
                        + "A timing shorter than a few steps is mostly noise.")
                .note(servingNote(registry))
                .note(BINDING_NOTE)
                .note(VIRTUAL_THREADS_NOTE)
                .build();
        output.print(spec, report);
    }

    /**
     * How kinds are served, and what to add only where it is missing: a platform module that is
     * loaded but serves nothing here says why in the providers table, and adding it again would not help.
     */
    static String servingNote(CounterRegistry registry) {
        String jdkFloor = "jdk"; // JdkCounterProvider.NAME, in a package counters-api does not export
        String served = "Each kind is served by the highest-ranked provider that supports it here";
        boolean platformLoaded = registry.providers().stream()
                .anyMatch(provider -> provider.isLoaded() && !provider.name().equals(jdkFloor));
        return platformLoaded
                ? served + "; where a platform module serves less than you expect, the providers table says why."
                : served + "; only the JDK's own clocks are here: add counters-posix (Linux, macOS, FreeBSD) or "
                        + "counters-windows to read the native clocks.";
    }

    private static Table kinds(CounterRegistry registry) {
        Table.Builder table = Table.builder("kinds", "Kinds served here")
                .column(Column.text("kind", "kind"))
                .column(Column.text("provider", "provider"))
                .column(Column.text("binding", "binding"))
                .column(Column.number("frequency_hz", "frequency", CellFormat.HERTZ))
                .column(Column.number("resolution_ns", "resolution", CellFormat.NANOS))
                .column(Column.number("typical_ns", "typical", CellFormat.NANOS))
                .column(Column.number("declared_ns", "declared", CellFormat.NANOS))
                .column(Column.text("monotonic", "monotonic"))
                .column(Column.text("measures", "measures"))
                .column(Column.text("split", "kernel/user"))
                .column(Column.text("source", "source"))
                .column(Column.footnote("notes", "notes"));
        for (CounterKind kind : CounterKind.values()) {
            if (registry.providerFor(kind).isEmpty()) {
                continue;
            }
            try {
                CounterInfo info = registry.create(kind).getInfo();
                table.row(kind.name(), info.provider(), info.binding().toString(), info.frequency(),
                        info.measureResolution().smallest().toNanos(), info.measureResolution().typical().toNanos(),
                        info.measureResolution().declared().map(d -> (Object) d.toNanos()).orElse(null),
                        info.isMonotonic(), info.measures().name(), info.hasKernelUserSplit(), info.source(),
                        info.notes());
            } catch (RuntimeException e) {
                table.row(kind.name(), registry.providerFor(kind).get(), null, null, null, null, null, null,
                        kind.measures().name(), null, null, "failed to create: " + e.getMessage());
            }
        }
        return table.build();
    }

    private static Table providers(CounterRegistry registry) {
        Table.Builder table = Table.builder("providers", "Providers found, best first")
                .column(Column.text("provider", "provider"))
                .column(Column.number("rank", "rank", CellFormat.INTEGER))
                .column(Column.text("status", "status"))
                .column(Column.text("serves", "serves"));
        for (ProviderReport provider : registry.providers()) {
            List<String> served = new ArrayList<>();
            if (provider.isLoaded()) {
                for (CounterKind kind : CounterKind.values()) {
                    if (provider.support(kind).isSupported()) {
                        served.add(kind.name());
                    }
                }
            }
            table.row(provider.name(), provider.isLoaded() ? (Object) (long) provider.rank() : null,
                    provider.isLoaded() ? "loaded" : provider.loadFailure(), served);
        }
        return table.build();
    }

    /** One row per provider and reason, with the kinds it does not serve for that reason. */
    private static Table unserved(CounterRegistry registry) {
        Table.Builder table = Table.builder("unserved", "What each provider does not serve here, and why")
                .column(Column.text("provider", "provider"))
                .column(Column.text("kinds", "kinds"))
                .column(Column.text("reason", "reason"));
        for (ProviderReport provider : registry.providers()) {
            Map<String, List<String>> kindsByReason = new LinkedHashMap<>();
            for (CounterKind kind : CounterKind.values()) {
                KindSupport support = provider.support(kind);
                if (!support.isSupported()) {
                    kindsByReason.computeIfAbsent(support.reason(), reason -> new ArrayList<>()).add(kind.name());
                }
            }
            kindsByReason.forEach((reason, kinds) -> table.row(provider.name(),
                    kinds.size() == CounterKind.values().length ? List.of("all") : kinds, reason));
        }
        return table.build();
    }
}
