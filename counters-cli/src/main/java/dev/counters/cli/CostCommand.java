package dev.counters.cli;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.Column;
import dev.counters.cli.report.HumanNumbers;
import dev.counters.cli.report.Report;
import dev.counters.cli.report.Table;
import dev.counters.measure.internal.CostMeter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code counters cost}: STLSoft's {@code counter_cost} program, measured on this machine. For every
 * kind served here, what one {@code start()}/{@code stop()} pair costs (the median of several
 * batches), next to the counter's measured resolution, frequency, source API and provider,
 * cheapest first: the price and the precision of each clock side by side.
 */
@Command(name = "cost", description = {
    "What one start()/stop() pair of every counter costs here, cheapest first.",
    "For every counter kind available here: the cost of one start()/stop() pair in nanoseconds (the median over "
            + "--batches batches of up to --pairs pairs, timed with the PERFORMANCE counter), beside the counter's "
            + "measured resolution, frequency, provider and source API, as STLSoft's counter_cost program does. "
            + "Dear counters run smaller batches to fit --budget, so a default run stays short. A kind named with "
            + "--kind that could not be measured, or no kind measured at all, is exit code 5 after the report.",
})
final class CostCommand extends Subcommand {
    /** Where each kind timed alone lives: measured figures of other machines are not this one's, so none are printed. */
    static final String PERFORMANCE_PAGE = "Each kind timed alone with JMH, beside its peers and the same calls from C, "
            + "is in docs/PERFORMANCE.md of the counters source tree (scripts/benchmarks.sh measures it on your machine).";

    /** The smallest --budget: below it the fewest pairs a kind needs would overrun it, and it would not be honoured. */
    static final Duration SMALLEST_BUDGET = Duration.ofMillis(10);

    @Option(names = "--batches", paramLabel = "N", defaultValue = "5",
            description = "Batches per kind; the median is reported (default: ${DEFAULT-VALUE}).")
    int batches;

    @Option(names = "--pairs", paramLabel = "N", defaultValue = "1000000",
            description = "start()/stop() pairs per batch, at most (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Option(names = "--budget", paramLabel = "TIME", defaultValue = "1s",
            converter = OptionConverters.DurationConverter.class,
            description = "Time one kind may take; dear counters, or a busy machine, get smaller batches to fit "
                    + "(default: ${DEFAULT-VALUE}, at least 10ms; e.g. 500ms, 2s).")
    Duration budget;

    @Option(names = "--kind", paramLabel = "KIND", split = ",",
            converter = OptionConverters.KindConverter.class,
            description = "Only these kinds (comma separated), e.g. HIGH_PERFORMANCE,THREAD_TIMES. Default: every kind available.")
    List<CounterKind> kinds;

    @Mixin
    OutputOptions output;

    @Override
    public void run() {
        checkOptions();
        CounterRegistry registry = registry();
        List<CounterKind> chosen = Kinds.chosenOrAvailable(registry, kinds);
        Progress progress = output.progress(spec);
        Counter clock = wallClock();
        CounterInfo clockInfo = clock.getInfo();
        CostMeter meter = new CostMeter(clock, batches, pairs, budget);

        List<Row> rows = new ArrayList<>();
        int done = 0;
        for (CounterKind kind : chosen) {
            done++;
            progress.step(String.format(Locale.ROOT, "%s (%d of %d)", kind, done, chosen.size()));
            rows.add(measure(registry, kind, meter));
        }
        rows.sort(Comparator.comparingDouble(Row::sortKey));
        output.print(spec, report(rows, clockInfo));
        requireMeasured(rows);
    }

    /**
     * Exit 1, after the report, where a kind the user named with {@code --kind} could not be
     * measured, or no kind at all could: the report's error column says why, and the exit code must
     * not say success. Without {@code --kind}, a kind that fails among others that were measured is a
     * row of the report, not a failure of the command.
     */
    private void requireMeasured(List<Row> rows) {
        List<Row> failed = rows.stream().filter(row -> row.error != null).toList();
        if (failed.isEmpty() || kinds == null && failed.size() < rows.size()) {
            return;
        }
        throw new UnsupportedOperationException(failed.stream().map(row -> row.kind + " could not be measured: " + row.error)
                .collect(java.util.stream.Collectors.joining("; ")));
    }

    private void checkOptions() {
        OptionChecks.requireBetween(spec, "--batches", batches, 1, 1_000);
        OptionChecks.requireBetween(spec, "--pairs", pairs, 1, 1_000_000_000L);
        if (budget.compareTo(SMALLEST_BUDGET) < 0) {
            throw new ParameterException(spec.commandLine(), String.format(Locale.ROOT,
                    "--budget must be at least %dms, was %s: each kind times at least %d pilot batches and --batches "
                            + "(%d) batches of %,d pairs, more than a dear counter can fit in less",
                    SMALLEST_BUDGET.toMillis(), HumanNumbers.nanos(budget.toNanos()), CostMeter.PILOTS, batches,
                    CostMeter.PILOT_PAIRS));
        }
    }

    private static Row measure(CounterRegistry registry, CounterKind kind, CostMeter meter) {
        try {
            Counter counter = registry.create(kind);
            CounterInfo info = counter.getInfo();
            return new Row(kind, info, meter.measure(counter), null);
        } catch (RuntimeException e) {
            return new Row(kind, null, null, e.toString());
        }
    }

    private Report report(List<Row> rows, CounterInfo clockInfo) {
        boolean anyError = rows.stream().anyMatch(row -> row.error != null);
        Table.Builder table = Table.builder("costs", "Cost of one start()/stop() pair, cheapest first")
                .column(Column.text("kind", "kind"))
                .column(Column.number("cost_ns", "ns/pair", CellFormat.decimal(1)))
                .column(Column.number("min_ns", "min", CellFormat.decimal(1)))
                .column(Column.number("max_ns", "max", CellFormat.decimal(1)))
                .column(Column.number("pairs", "pairs timed", CellFormat.INTEGER))
                .column(Column.number("resolution_ns", "resolution", CellFormat.NANOS))
                .column(Column.number("frequency_hz", "frequency", CellFormat.HERTZ))
                .column(Column.text("provider", "provider"))
                .column(Column.text("source", "source"));
        if (anyError) {
            table.column(Column.footnote("error", "could not be measured"));
        }
        for (Row row : rows) {
            List<Object> cells = new ArrayList<>();
            if (row.error != null) {
                cells.addAll(java.util.Collections.nCopies(8, null));
                cells.add(0, row.kind.name());
            } else {
                cells.addAll(List.of(row.kind.name(), row.cost.medianNanos(), row.cost.minNanos(),
                        row.cost.maxNanos(), row.cost.pairsTimed(),
                        row.info.measureResolution().smallest().toNanos(), row.info.frequency(), row.info.provider(),
                        row.info.source()));
            }
            if (anyError) {
                cells.add(row.error);
            }
            table.row(cells.toArray());
        }
        Report.Builder report = Report.builder("cost", "What one start()/stop() pair costs on " + Platform.describe())
                .parameter("batches", (long) batches)
                .parameter("pairs", (long) pairs)
                .parameter("budget_ms", budget.toMillis())
                .table(table.build());
        report.note("ns/pair: the median over " + batches + " batches of start(); stop() on one counter, timed with "
                + clockInfo.kind() + " (" + clockInfo.source() + "); min and max are the cheapest and dearest batch.");
        report.note("resolution: the smallest step seen reading the clock back to back. "
                + "A cheap counter with a coarse resolution cannot time short intervals; a fine one may cost more.");
        report.note("Every kind is timed through one call site, as code that swaps counters would be, so a few ns of "
                + "virtual dispatch fall on the kinds timed later. " + PERFORMANCE_PAGE);
        summary(rows).ifPresent(report::note);
        if (rows.stream().anyMatch(row -> row.cost != null && row.cost.smallestBatch() < pairs)) {
            report.note("Kinds too dear for " + batches + " batches of " + CellFormat.INTEGER.format(pairs)
                    + " pairs within the " + budget.toMillis() + " ms budget per kind ran smaller batches "
                    + "(pairs timed); --budget changes it.");
        }
        return report.build();
    }

    private static java.util.Optional<String> summary(List<Row> rows) {
        List<Row> measured = rows.stream().filter(row -> row.cost != null).toList();
        if (measured.size() < 2) {
            return java.util.Optional.empty();
        }
        Row cheapest = measured.get(0);
        Row dearest = measured.get(measured.size() - 1);
        return java.util.Optional.of(String.format(Locale.ROOT,
                "Cheapest here: %s at %s per pair; dearest: %s at %s, %.1f times as much.",
                cheapest.kind, HumanNumbers.nanos(cheapest.cost.medianNanos()),
                dearest.kind, HumanNumbers.nanos(dearest.cost.medianNanos()),
                dearest.cost.medianNanos() / cheapest.cost.medianNanos()));
    }

    /** One kind's outcome: its cost, or why it could not be measured. */
    private static final class Row {
        final CounterKind kind;
        final CounterInfo info;
        final CostMeter.Cost cost;
        final String error;

        Row(CounterKind kind, CounterInfo info, CostMeter.Cost cost, String error) {
            this.kind = kind;
            this.info = info;
            this.cost = cost;
            this.error = error;
        }

        double sortKey() {
            return cost == null ? Double.MAX_VALUE : cost.medianNanos();
        }
    }
}
