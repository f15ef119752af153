package dev.counters.cli;

import dev.counters.CounterKind;
import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.RatioChart;
import dev.counters.measure.Compare;
import dev.counters.measure.ClockComparison;
import dev.counters.measure.CompareResult;
import dev.counters.measure.ForkFailedException;
import dev.counters.measure.TaskFailedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code counters compare}: is B faster than A on this (noisy, shared) machine, by how much, and
 * how sure is that? A thin command over {@link Compare}: by default in several fresh JVMs
 * ({@link ForkOptions}), each running A and B in balanced pairs (A B, B A) and the verdict judged over
 * the JVMs' ratios; with {@code --forks 0} in this JVM alone, each clock getting the median ratio of
 * the pairs, its order-statistic confidence interval and a verdict. What A and B are is
 * {@link CompareTasks}' (the built-in workload, two classes, or two builds of one class); the
 * reports are {@link CompareReport} and {@link ForkedCompareReport}. {@code --timeout}, SIGINT and
 * SIGTERM interrupt a forked comparison, which hands over the JVMs that ended for the report.
 * {@code --order sequential} runs all of A, then all of B, the naive way, for comparison;
 * {@code --order duet} runs A and B at the same time on two threads pinned to different CPUs,
 * A on each worker once in every two pairs.
 */
@Command(name = "compare", description = {
    "Is B faster than A? Runs A and B in balanced pairs and judges the ratio B/A of each pair.",
    "Warms both tasks up, then runs them in blocks A B B A, timing each run on wall time and thread CPU time, and "
            + "takes the ratio B/A of every pair: two runs back to back see nearly the same machine, so the ratio "
            + "cancels most of what a shared host does. Per clock it reports the median ratio, its "
            + "confidence interval (order statistics of the binomial: exact, no resampling) and a verdict: slower, "
            + "faster, indistinguishable, too_noisy (too noisy to tell), clocks_disagree (B waits longer on the same CPU, "
            + "or works on other threads: --by says which time matters) or too_few (too few pairs for the confidence asked). "
            + "Pairs are added until the verdict is decided at a stricter confidence (stopped by 'decided': it pays for "
            + "looking many times), the interval is within --target of the median ('target'), or --budget ends "
            + "('budget'). The tasks are the built-in workload (--iterations-a, --iterations-b), your classes "
            + "(--task-a, --task-b implementing dev.counters.measure.Task), or two builds of one class (--task with "
            + "--class-path-a and --class-path-b). By default it runs in fresh JVMs (--forks), which --timeout, "
            + "SIGINT and SIGTERM end with a report of the JVMs that finished. A noise report says how much the machine "
            + "itself drifted meanwhile. --order duet runs each pair's A and B at the same time instead, on two "
            + "threads pinned to different CPUs, A on each worker once in every two pairs.",
})
final class CompareCommand extends Subcommand {
    /** How long an interrupted comparison across JVMs may take to kill its fork and hand over the forks that ended. */
    static final Duration FORK_GRACE = Duration.ofSeconds(3);
    /** The fewest runs of each task in one fork: a warm-up run, a settling run, and three timed runs each after an untimed one. */
    static final int LEAST_RUNS_PER_FORK = 8;

    @Option(names = "--budget", paramLabel = "TIME", defaultValue = "20s",
            converter = OptionConverters.DurationConverter.class,
            description = "Longest the comparison may take, warm-up included (default: ${DEFAULT-VALUE}).")
    Duration budget;

    @Option(names = "--target", paramLabel = "SHARE", defaultValue = "0.25%",
            converter = OptionConverters.ShareConverter.class,
            description = "Stop adding pairs, undecided, once the interval the verdict rests on is within ±SHARE of its "
                    + "median; a share as 0.0025 or 0.25%%, at most 20%% (default: 0.25%%).")
    double target;

    @Option(names = "--confidence", paramLabel = "SHARE", defaultValue = "99%",
            converter = OptionConverters.ShareConverter.class,
            description = "Confidence of the intervals, from 50%% to below 100%%, as 0.99 or 99%% (default: 99%%).")
    double confidence;

    @Option(names = "--margin", paramLabel = "SHARE", defaultValue = "0", converter = OptionConverters.ShareConverter.class,
            description = "Equivalence margin, as 0.01 or 1%%: differences within it do not matter; an interval within "
                    + "[1/(1+m), 1+m] reads indistinguishable and ends the comparison (default: ${DEFAULT-VALUE}, none).")
    double margin;

    @Option(names = "--min-pairs", paramLabel = "N", defaultValue = "32",
            description = "Fewest pairs before --target may stop the comparison, at least 8 (default: ${DEFAULT-VALUE}).")
    int minPairs;

    @Option(names = "--warm-up", paramLabel = "TIME", defaultValue = "1200ms",
            converter = OptionConverters.DurationConverter.class,
            description = "Longest warm-up of each task, at most a quarter of --budget each (default: ${DEFAULT-VALUE}).")
    Duration warmUp;

    @Option(names = "--order", paramLabel = "ORDER", defaultValue = "alternating",
            converter = OptionConverters.OrderConverter.class,
            description = "alternating (blocks A B B A, the default), sequential (all of A, then all of B: "
                    + "the naive way, to see what pairing buys) or duet (A and B at the same time on two threads "
                    + "pinned to different CPUs, A on each worker once in every two pairs; needs 2 CPUs, best with idle cores to spare).")
    Compare.Order order;

    @Option(names = "--by", paramLabel = "CLOCK", defaultValue = "auto", converter = OptionConverters.JudgedByConverter.class,
            description = "Which time the verdict is judged on: wall, cpu, or auto (both together; a task that mostly "
                    + "waits is judged on wall time) (default: ${DEFAULT-VALUE}).")
    Compare.JudgedBy by;

    @Option(names = "--every-pair", description = "Also list every pair's times and ratios (table 'pairs').")
    boolean everyPair;

    @Mixin
    CompareTasks compared;

    @Mixin
    ForkOptions forking;

    @Mixin
    TaskOptions tasks;

    @Mixin
    RunChartOptions charting;

    @Mixin
    OutputOptions output;

    @Override
    public void run() {
        checkOptions();
        if (forking.forking()) {
            runForked();
            return;
        }
        charting.checkChart(spec);
        Progress progress = output.progress(spec);
        progress.step("B = " + compared.nameB() + " against A = " + compared.nameA() + ", for at most " + budget.toMillis()
                + " ms");
        CompareResult result;
        TimeLimit.bindOnThisThread(registry(), CounterKind.PERFORMANCE, CounterKind.THREAD_TIMES);
        try {
            if (compared.builds()) {
                result = tasks.limit.call(spec.qualifiedName(), this::compareBuilds, () -> "the comparison");
            } else {
                WatchedTask a = compared.a(tasks);
                WatchedTask b = compared.b(tasks);
                result = tasks.run(spec, List.of(a, b), List.of("A", "B"), () -> compare(a, b));
            }
        } catch (TimeLimit.Reached reached) {
            output.print(spec, CompareReports.parameters(asked())
                    .note("--timeout ended the comparison before it was complete, so nothing was judged; a comparison "
                            + "takes at most --budget (" + budget.toMillis() + " ms) plus start-up: raise --timeout above it.")
                    .build());
            throw reached;
        }
        output.print(spec, CompareReport.of(result, asked()));
        if (charting.chart != null) {
            drawRatios(result, compared.nameA(), compared.nameB(), progress);
        }
    }

    /**
     * Runs the comparison in fresh JVMs, each of which loads the task classes (or the built-in
     * workload) itself, bounded by {@code --timeout}: it, or a SIGINT or SIGTERM, interrupts the
     * comparison, which kills the running fork and returns the forks that ended, and those are
     * printed before the command ends with exit code 3 (130, 143).
     */
    private void runForked() {
        Compare comparison = forking.apply(compared.forked(tasks))
                .budget(budget).confidence(confidence).margin(margin).target(target).by(by).order(order)
                .minPairs(minPairs).warmUp(warmUp);
        output.progress(spec).step("B = " + compared.nameB() + " against A = " + compared.nameA() + ", in fresh JVMs, for "
                + "at most " + budget.toMillis() + " ms");
        AtomicReference<CompareResult> measured = new AtomicReference<>();
        CompareResult result;
        long start = System.nanoTime();
        try {
            result = tasks.limit.call(spec.qualifiedName(), () -> {
                measured.set(comparison.run());
                return measured.get();
            }, () -> "the comparison in fresh JVMs", FORK_GRACE);
        } catch (TimeLimit.Reached reached) {
            CompareResult partial = measured.get();
            output.print(spec, partial != null ? ForkedCompareReport.of(partial, asked())
                    : CompareReports.parameters(asked()).note("The comparison ended before any JVM finished, so nothing "
                            + "was judged.").build());
            throw reached;
        } catch (IllegalArgumentException e) {
            // What was asked cannot run (a budget too short for the forks, a class that is no task): checked before forking.
            throw new UserInputException(e.getMessage(), e);
        } catch (ForkFailedException e) {
            // It says which fork, task and call, and the exception's first lines, indented with tabs a terminal is not sent.
            throw new UserInputException(e.getMessage().replace("\t", "    "), e);
        } catch (IllegalStateException e) {
            throw new UserInputException(e.getMessage() + ". " + tooLong(System.nanoTime() - start), e);
        }
        output.print(spec, ForkedCompareReport.of(result, asked()));
    }

    /**
     * What budget a comparison needs whose JVMs all stalled: each was killed with no result, and at
     * most two run before the comparison gives up, so one run of a task takes longer than half of
     * {@code elapsedNanos}; each JVM runs each task at least {@link #LEAST_RUNS_PER_FORK} times
     * (warm-up, settling, timed runs each after an untimed one), in at least
     * {@link Compare#DEFAULT_MIN_FORKS} JVMs. A lower bound: no run ended, so none was timed.
     */
    private String tooLong(long elapsedNanos) {
        long runSeconds = Math.max(1, elapsedNanos / 2 / 1_000_000_000L);
        int jvms = forking.forks > 0 ? forking.forks : Compare.DEFAULT_MIN_FORKS;
        return "The runs are too long for --budget " + budget.toSeconds() + "s: none ended in " + runSeconds
                + " s, and each of " + jvms + " JVMs runs A and B at least " + LEAST_RUNS_PER_FORK + " times each: "
                + "give --budget " + jvms * 2 * LEAST_RUNS_PER_FORK * runSeconds + "s or more (at the least; more if a run "
                + "takes longer than " + runSeconds + " s), or make each run shorter";
    }

    private CompareResult compare(WatchedTask a, WatchedTask b) {
        a.enter("the comparison");
        b.enter("the comparison");
        try {
            return inThisJvm(Compare.of(a, b)).run();
        } catch (TaskFailedException e) {
            WatchedTask failed = e.phase().contains(" of B") ? b : a;
            throw failed.failure(failed == a ? "task A," : "task B,", e, tasks.stackTrace);
        }
    }

    /** Two builds of one class in this JVM, each in its own class loader (which {@link Compare#ofBuilds} makes). */
    private CompareResult compareBuilds() {
        try {
            return inThisJvm(compared.forked(tasks).forks(0)).run();
        } catch (TaskFailedException e) {
            boolean b = e.phase().contains(" of B");
            throw new TaskRunFailure(b ? compared.nameB() : compared.nameA(), (b ? "task B, " : "task A, ") + e.phase(),
                    e.getCause(), tasks.stackTrace);
        }
    }

    /** {@code comparison} with the settings asked for, timed on this command's clocks. */
    private Compare inThisJvm(Compare comparison) {
        return comparison.budget(budget).target(target).confidence(confidence).margin(margin).minPairs(minPairs)
                .warmUp(warmUp).order(order).by(by).wallCounter(this::wallClock).threadCounter(this::threadCpuClock);
    }

    private void checkOptions() {
        compared.check(spec, tasks);
        OptionChecks.requireBetween(spec, "--min-pairs", minPairs, 8, OptionChecks.MAX_COUNT);
        if (!(target > 0)) {
            throw new ParameterException(spec.commandLine(), "--target is a share above 0 and below 1 (e.g. 0.25%), was " + target);
        }
        if (target > Compare.MAX_TARGET) {
            throw new ParameterException(spec.commandLine(), String.format(Locale.ROOT, "--target %s%% stops at an interval "
                    + "±%s%% wide, which decides nothing; at most %.0f%%: did you mean %s%%?", percent(target), percent(target),
                    100 * Compare.MAX_TARGET, percent(target / 100)));
        }
        if (budget.compareTo(Compare.MIN_BUDGET) < 0) {
            throw new ParameterException(spec.commandLine(), "--budget must be at least " + Compare.MIN_BUDGET.toMillis()
                    + "ms, to hold the clocks' calibration, two warm-ups and a few pairs; was " + budget.toNanos() + " ns");
        }
        if (!(confidence >= 0.5)) {
            throw new ParameterException(spec.commandLine(), "--confidence is a share from 50% to below 100%, was " + confidence);
        }
        forking.check(spec);
        if (forking.forking() && (order == Compare.Order.SEQUENTIAL || everyPair || charting.chart != null)) {
            throw new ParameterException(spec.commandLine(), "--order sequential, --every-pair and --chart show one JVM's "
                    + "pairs: add --forks 0 to run in this JVM only");
        }
        int cpus = Runtime.getRuntime().availableProcessors();
        if (order == Compare.Order.DUET && cpus < 2) {
            throw new ParameterException(spec.commandLine(), "--order duet runs A and B at the same time on two CPUs, but "
                    + "this JVM may use " + cpus + ": use --order alternating (the default)");
        }
    }

    /** What was asked, as the reports show it. */
    private CompareReports.Asked asked() {
        boolean unitGiven = CompareTasks.matched(spec, "--unit");
        return new CompareReports.Asked(compared.nameA(), compared.nameB(), order, by, budget, target, confidence, margin,
                minPairs, warmUp, everyPair, unitGiven ? charting.timeFormat() : CellFormat.NANOS,
                unitGiven ? charting.unit : null);
    }

    /** {@code 0.3} for a share of 0.003: a percentage without trailing zeros. */
    private static String percent(double share) {
        return java.math.BigDecimal.valueOf(100 * share).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    private void drawRatios(CompareResult result, String nameA, String nameB, Progress progress) {
        try {
            RatioChart chart = RatioChart.of(
                    "B/A per pair: " + nameB + " against " + nameA);
            for (ClockComparison clock : result.clocks()) {
                chart.panel(clock.clock() + " B/A", clock.ratios(), clock.setAside(), clock.ratio(), clock.interval().low(),
                        clock.interval().high());
            }
            chart.write(charting.chart);
        } catch (IOException e) {
            throw new UncheckedIOException("the report is complete, but the chart could not be written to "
                    + charting.chart, e);
        }
        progress.step("chart written to " + charting.chart);
    }
}
