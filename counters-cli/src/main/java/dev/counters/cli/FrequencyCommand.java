package dev.counters.cli;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.Column;
import dev.counters.cli.report.HumanNumbers;
import dev.counters.cli.report.Report;
import dev.counters.cli.report.Table;
import dev.counters.measure.internal.CpuFrequency;
import dev.counters.measure.internal.FrequencyEstimate;
import java.time.Duration;
import java.util.Locale;
import java.util.OptionalLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code counters frequency}: the processor cycle counter's frequency, estimated the classic way
 * (count cycles across a timed interval) but over several bracketed intervals, with the spread of
 * the samples and the kernel's own figure beside it where it has one. The whole command is bounded
 * by {@code --timeout}, and {@code --interval} times {@code --repeats} must fit within it.
 */
@Command(name = "frequency", description = {
    "The CPU cycle counter's frequency, estimated with its spread.",
    "Counts the processor's cycle counter (x86 TSC, aarch64 CNTVCT) across --repeats intervals of --interval, "
            + "each timed by the high-performance counter, and reports the trimmed mean, every "
            + "sample, their spread, and what the kernel reports where it has an exact figure.",
})
final class FrequencyCommand extends Subcommand {
    /** The longest sampled interval: a frequency needs no more, and a longer one only delays the answer. */
    static final Duration LONGEST_INTERVAL = Duration.ofSeconds(10);

    @Option(names = "--interval", paramLabel = "TIME", defaultValue = "20ms",
            converter = OptionConverters.DurationConverter.class,
            description = "Length of each sampled interval (default: ${DEFAULT-VALUE}, at most 10s).")
    Duration interval;

    @Option(names = "--repeats", paramLabel = "N", defaultValue = "11",
            description = "Intervals sampled; the highest and lowest are dropped from 3 on (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Mixin
    TimeLimit limit;

    @Mixin
    OutputOptions output;

    @Override
    public void run() {
        checkOptions();
        // The counters are made here, on the main thread, as list and cost make theirs; the thread of --timeout
        // only samples. The first counter binds the native layer, which under a tight `ulimit -v` needs the
        // main thread's malloc arena (TimeLimit.bindOnThisThread says why; issue 23, item 10).
        CounterRegistry registry = registry();
        Counter cycles = registry.create(CounterKind.CPU_CYCLES);
        Counter reference = registry.create(CounterKind.HIGH_PERFORMANCE);
        OptionalLong kernelHz = CpuFrequency.kernelReportedHz();
        output.progress(spec).step("sampling " + repeats + " intervals of " + interval.toMillis() + " ms");
        FrequencyEstimate estimate;
        try {
            estimate = limit.call("counters frequency",
                    () -> CpuFrequency.estimate(cycles, reference, interval, repeats, kernelHz),
                    () -> "the sampling of " + repeats + " intervals");
        } catch (TimeLimit.Reached reached) {
            output.print(spec, Report.builder("frequency", "CPU cycle counter frequency on " + Platform.describe())
                    .parameter("interval_ms", interval.toMillis())
                    .parameter("repeats", (long) repeats)
                    .note("The sampling was not complete, so there is no estimate.")
                    .build());
            throw reached;
        }
        output.print(spec, report(estimate));
    }

    private void checkOptions() {
        if (interval.compareTo(LONGEST_INTERVAL) > 0) {
            throw new ParameterException(spec.commandLine(), "--interval must be at most "
                    + LONGEST_INTERVAL.toSeconds() + "s, was " + interval.toMillis() + "ms");
        }
        OptionChecks.requireBetween(spec, "--repeats", repeats, 1, 10_000);
        Duration sampling = interval.multipliedBy(repeats);
        if (sampling.compareTo(limit.timeout()) >= 0) {
            throw new ParameterException(spec.commandLine(), String.format(Locale.ROOT,
                    "--repeats %d of --interval %dms sample for %ds, which --timeout %ds would cut short: "
                            + "sample fewer or shorter intervals, or raise --timeout",
                    repeats, interval.toMillis(), sampling.toSeconds(), limit.timeout().toSeconds()));
        }
    }

    private Report report(FrequencyEstimate estimate) {
        Table estimateTable = Table.builder("estimate", "Estimate")
                .column(Column.number("hz", "frequency", CellFormat.MEGAHERTZ))
                .column(Column.number("median_hz", "median sample", CellFormat.MEGAHERTZ))
                .column(Column.number("spread", "spread", CellFormat.percent(4)))
                .column(Column.number("samples", "samples", CellFormat.INTEGER))
                .column(Column.number("interval_ns", "interval", CellFormat.NANOS))
                .column(Column.number("kernel_hz", "kernel reports", CellFormat.MEGAHERTZ))
                .column(Column.number("relative_error", "difference", CellFormat.percent(5)))
                .row(estimate.hz(), estimate.medianHz(), estimate.spread(), (long) estimate.samplesHz().length,
                        estimate.interval().toNanos(), estimate.kernelReportedHz().orElse(null),
                        estimate.relativeErrorToKernel().orElse(null))
                .build();
        Table.Builder samples = Table.builder("samples", "Every sample")
                .column(Column.number("sample", "sample", CellFormat.INTEGER))
                .column(Column.number("hz", "frequency (Hz)", CellFormat.decimal(0)));
        double[] hz = estimate.samplesHz();
        for (int i = 0; i < hz.length; i++) {
            samples.row((long) i + 1, hz[i]);
        }
        Report.Builder report = Report.builder("frequency", "CPU cycle counter frequency on " + Platform.describe())
                .parameter("interval_ms", interval.toMillis())
                .parameter("repeats", (long) repeats)
                .table(estimateTable)
                .table(samples.build())
                .note(estimate.toString());
        report.note(String.format(Locale.ROOT,
                "One cycle of this counter lasts %s; on x86 its rate is fixed (constant TSC) and is not the current "
                        + "core clock, which varies with load and power state.",
                HumanNumbers.nanos(1e9 / estimate.hz())));
        if (estimate.kernelReportedHz().isEmpty()) {
            report.note("The kernel reports no exact figure for this counter here, so the estimate stands alone.");
        }
        return report.build();
    }
}
