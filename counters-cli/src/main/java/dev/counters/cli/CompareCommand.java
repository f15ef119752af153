package dev.counters.cli;

import dev.counters.CounterKind;
import dev.counters.cli.report.CellFormat;
import dev.counters.cli.report.Column;
import dev.counters.cli.report.RatioChart;
import dev.counters.cli.report.Report;
import dev.counters.cli.report.Table;
import dev.counters.measure.Compare;
import dev.counters.measure.ClockComparison;
import dev.counters.measure.Conclusion;
import dev.counters.measure.CompareResult;
import dev.counters.measure.Overhead;
import dev.counters.measure.TaskFailedException;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code counters compare}: is B faster than A on this (noisy, shared) machine, by how much, and
 * how sure is that? A thin command over {@link Compare}: A and B run in balanced pairs (A B, B A)
 * inside one process, the ratio B/A of each pair is taken on wall time and thread CPU time, and
 * each clock gets the median ratio, its order-statistic confidence interval and a verdict. It adds
 * pairs until the interval is within {@code --target} or {@code --budget} ends, and says which.
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
            + "('budget'). The tasks are the built-in workload (--iterations-a, --iterations-b) or your classes "
            + "(--task-a, --task-b implementing dev.counters.measure.Task). A noise report says how much the machine "
            + "itself drifted meanwhile. --order duet runs each pair's A and B at the same time instead, on two "
            + "threads pinned to different CPUs, A on each worker once in every two pairs.",
})
final class CompareCommand extends Subcommand {
    /** A few milliseconds of the built-in workload: thousands of pairs fit in the default budget. */
    static final String DEFAULT_ITERATIONS = "2000000";
    static final String CI_NOTE = "The interval is the distribution-free confidence interval of the median ratio from "
            + "order statistics (the binomial distribution of how many ratios fall below the true median): exact for "
            + "independent pairs, no resampling, and one preempted run moves it by at most one rank.";

    @Option(names = "--task-a", paramLabel = "CLASS",
            description = "Class of task A, the baseline, implementing dev.counters.measure.Task (default: the built-in workload).")
    String taskA;

    @Option(names = "--task-b", paramLabel = "CLASS",
            description = "Class of task B, the contender; ratios are B/A (default: the built-in workload).")
    String taskB;

    @Option(names = "--iterations-a", paramLabel = "N", defaultValue = DEFAULT_ITERATIONS,
            description = "Size of built-in task A in xorshift steps (default: ${DEFAULT-VALUE}, a few ms).")
    long iterationsA;

    @Option(names = "--iterations-b", paramLabel = "M", defaultValue = DEFAULT_ITERATIONS,
            description = "Size of built-in task B in xorshift steps (default: ${DEFAULT-VALUE}).")
    long iterationsB;

    @Option(names = "--budget", paramLabel = "TIME", defaultValue = "20s",
            converter = OptionConverters.DurationConverter.class,
            description = "Longest the comparison may take, warm-up included (default: ${DEFAULT-VALUE}).")
    Duration budget;

    @Option(names = "--target", paramLabel = "SHARE", defaultValue = "0.25%", converter = ShareConverter.class,
            description = "Stop adding pairs, undecided, once the interval the verdict rests on is within ±SHARE of its "
                    + "median; a share as 0.0025 or 0.25%%, at most 20%% (default: 0.25%%).")
    double target;

    @Option(names = "--confidence", paramLabel = "SHARE", defaultValue = "99%", converter = ShareConverter.class,
            description = "Confidence of the intervals, from 50%% to below 100%%, as 0.99 or 99%% (default: 99%%).")
    double confidence;

    @Option(names = "--margin", paramLabel = "SHARE", defaultValue = "0", converter = ShareConverter.class,
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
            converter = OrderConverter.class,
            description = "alternating (blocks A B B A, the default), sequential (all of A, then all of B: "
                    + "the naive way, to see what pairing buys) or duet (A and B at the same time on two threads "
                    + "pinned to different CPUs, A on each worker once in every two pairs; needs 2 CPUs, best with idle cores to spare).")
    Compare.Order order;

    @Option(names = "--by", paramLabel = "CLOCK", defaultValue = "auto", converter = JudgedByConverter.class,
            description = "Which time the verdict is judged on: wall, cpu, or auto (both together; a task that mostly "
                    + "waits is judged on wall time) (default: ${DEFAULT-VALUE}).")
    Compare.JudgedBy by;

    @Option(names = "--forks", paramLabel = "N", defaultValue = "-1",
            description = "How many fresh JVMs run the comparison (with this JVM's options): by default 5 to 8, more while "
                    + "undecided and the budget allows, the interval carrying the variation between JVMs (Student's t over "
                    + "the forks' ratios); N (2 or more) for exactly N; 0 to run in this JVM only, whose answer speaks "
                    + "for this JVM only (needed by --order sequential, --every-pair and --chart, which show one JVM's pairs).",
            showDefaultValue = picocli.CommandLine.Help.Visibility.NEVER)
    int forks;

    @Option(names = "--every-pair", description = "Also list every pair's times and ratios (table 'pairs').")
    boolean everyPair;

    @Mixin
    TaskOptions tasks;

    @Mixin
    RunChartOptions charting;

    @Mixin
    OutputOptions output;

    @Override
    public void run() {
        checkOptions();
        if (forks != 0) {
            runForked();
            return;
        }
        charting.checkChart(spec);
        WatchedTask a = tasks.task(taskA, iterationsA);
        WatchedTask b = tasks.task(taskB, iterationsB);
        Progress progress = output.progress(spec);
        progress.step("B = " + b.name() + " against A = " + a.name() + ", for at most " + budget.toMillis() + " ms");
        CompareResult result;
        TimeLimit.bindOnThisThread(registry(), CounterKind.PERFORMANCE, CounterKind.THREAD_TIMES);
        try {
            result = tasks.run(spec, List.of(a, b), List.of("A", "B"), () -> compare(a, b));
        } catch (TimeLimit.Reached reached) {
            output.print(spec, parameters(a.name(), b.name())
                    .note("--timeout ended the comparison before it was complete, so nothing was judged; a comparison "
                            + "takes at most --budget (" + budget.toMillis() + " ms) plus start-up: raise --timeout above it.")
                    .build());
            throw reached;
        }
        output.print(spec, report(result, a.name(), b.name()));
        if (charting.chart != null) {
            drawRatios(result, a.name(), b.name(), progress);
        }
    }

    /** Runs the comparison in fresh JVMs, each of which loads the task classes (or the built-in workload) itself. */
    private void runForked() {
        String nameA = taskA != null ? taskA : new SpinTask(iterationsA).toString();
        String nameB = taskB != null ? taskB : new SpinTask(iterationsB).toString();
        String classPath = System.getProperty("java.class.path") + (tasks.classPath == null ? "" : File.pathSeparator + tasks.classPath);
        Compare comparison = Compare.of(taskA != null ? TaskLoader.type(taskA, tasks.classPath) : SpinTask.ForkedA.class,
                        taskB != null ? TaskLoader.type(taskB, tasks.classPath) : SpinTask.ForkedB.class)
                .budget(budget).confidence(confidence).margin(margin).target(target).by(by).order(order)
                .minPairs(minPairs).warmUp(warmUp).classPath(classPath);
        if (taskA == null) {
            comparison.systemProperty(SpinTask.ITERATIONS_A, Long.toString(iterationsA))
                    .systemProperty(SpinTask.ITERATIONS_B, Long.toString(iterationsB));
        }
        if (forks > 0) {
            comparison.forks(forks);
        }
        output.progress(spec).step("B = " + nameB + " against A = " + nameA + ", in fresh JVMs, for at most "
                + budget.toMillis() + " ms");
        CompareResult result;
        try {
            result = comparison.run();
        } catch (IllegalStateException e) {
            throw new UserInputException("a fork of the comparison failed (its own output is above): " + e.getMessage(), e);
        }
        output.print(spec, forkedReport(result, nameA, nameB));
    }

    private Report forkedReport(CompareResult result, String nameA, String nameB) {
        CellFormat ratio = CellFormat.decimal(4);
        Conclusion conclusion = result.conclusion();
        Report.Builder report = parameters(nameA, nameB);
        report.headline("Verdict: " + result.verdict().label().toUpperCase(Locale.ROOT) + ". " + conclusion.reason()
                        + ". Machine: " + result.machine() + ".",
                verdictTable("The overall verdict, over fresh JVMs")
                        .column(Column.number("forks", "JVMs", CellFormat.INTEGER))
                        .column(Column.number("confidence", "confidence", CellFormat.percent(3)))
                        .column(Column.text("stopped_by", "stopped by"))
                        .row(result.verdict().label(), conclusion.ratio(), conclusion.low(), conclusion.high(),
                                conclusion.clock(), conclusion.reason(), result.machine(), "any JVM", (long) result.jvms(),
                                conclusion.confidence(), result.stoppedBy().label())
                        .build());
        Table.Builder perFork = Table.builder("jvms", "Each JVM's median ratios and its own verdict (never final alone)")
                .column(Column.number("fork", "JVM", CellFormat.INTEGER))
                .column(Column.number("wall_ratio", "wall B/A", ratio))
                .column(Column.number("cpu_ratio", "thread CPU B/A", ratio))
                .column(Column.text("verdict", "its own verdict"));
        double[] wall = result.jvmWallRatios();
        double[] cpu = result.jvmThreadCpuRatios();
        for (int i = 0; i < wall.length; i++) {
            perFork.row((long) i + 1, wall[i], cpu[i], result.jvmVerdicts().get(i).label());
        }
        report.table(perFork.build());
        report.note("The interval is Student's t over the logarithms of the forks' median ratios (each fork one sample, "
                + "as Kalibera and Jones advise), read at the confidence each look of the stopping rule uses: the asked "
                + String.format(Locale.ROOT, "%.0f%%", 100 * confidence) + "'s miss rate spent over the planned looks, "
                + "80% of it by the first, so that stopping early keeps it. A JVM that said too_few had too few pairs for "
                + "the confidence and is not counted.");
        return report.build();
    }

    private CompareResult compare(WatchedTask a, WatchedTask b) {
        a.enter("the comparison");
        b.enter("the comparison");
        try {
            return Compare.of(a, b)
                    .budget(budget)
                    .target(target)
                    .confidence(confidence)
                    .margin(margin)
                    .minPairs(minPairs)
                    .warmUp(warmUp)
                    .order(order)
                    .by(by)
                    .wallCounter(this::wallClock)
                    .threadCounter(this::threadCpuClock)
                    .run();
        } catch (TaskFailedException e) {
            WatchedTask failed = e.phase().contains(" of B") ? b : a;
            throw failed.failure(failed == a ? "task A," : "task B,", e, tasks.stackTrace);
        }
    }

    private void checkOptions() {
        if ((taskA == null) != (taskB == null)) {
            throw new ParameterException(spec.commandLine(), "give both --task-a and --task-b, or neither "
                    + "(to compare the built-in workload with --iterations-a and --iterations-b)");
        }
        tasks.checkClassPathHasUse(spec, taskA != null, "--task-a and --task-b");
        OptionChecks.requireBetween(spec, "--iterations-a", iterationsA, 1, SpinTask.MAX_ITERATIONS);
        OptionChecks.requireBetween(spec, "--iterations-b", iterationsB, 1, SpinTask.MAX_ITERATIONS);
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
        if (forks == 1 || forks < -1) {
            throw new ParameterException(spec.commandLine(), "--forks is 0 (this JVM only) or at least 2 (an interval between "
                    + "JVMs needs two), was " + forks);
        }
        if (forks != 0 && (order == Compare.Order.SEQUENTIAL || everyPair || charting.chart != null)) {
            throw new ParameterException(spec.commandLine(), "--order sequential, --every-pair and --chart show one JVM's "
                    + "pairs: add --forks 0 to run in this JVM only");
        }
        int cpus = Runtime.getRuntime().availableProcessors();
        if (order == Compare.Order.DUET && cpus < 2) {
            throw new ParameterException(spec.commandLine(), "--order duet runs A and B at the same time on two CPUs, but "
                    + "this JVM may use " + cpus + ": use --order alternating (the default)");
        }
    }

    private Report.Builder parameters(String nameA, String nameB) {
        return Report.builder("compare", "B = " + nameB + " against A = " + nameA + ", on " + Platform.describe())
                .parameter("task_a", nameA)
                .parameter("task_b", nameB)
                .parameter("order", order.name().toLowerCase(Locale.ROOT))
                .parameter("by", by.name().toLowerCase(Locale.ROOT))
                .parameter("budget_ms", budget.toMillis())
                .parameter("target", target)
                .parameter("confidence", confidence)
                .parameter("margin", margin)
                .parameter("min_pairs", (long) minPairs)
                .parameter("warm_up_ms", warmUp.toMillis());
    }

    private Report report(CompareResult result, String nameA, String nameB) {
        Report.Builder report = parameters(nameA, nameB);
        Conclusion conclusion = result.conclusion();
        CellFormat ratio = CellFormat.decimal(4);
        report.headline("Verdict: " + conclusion.verdict().label().toUpperCase(Locale.ROOT) + ". " + conclusion.reason()
                        + ". Machine: " + result.noise().machine() + ".",
                verdictTable("The overall verdict")
                        .row(conclusion.verdict().label(), conclusion.ratio(), conclusion.low(), conclusion.high(),
                                conclusion.decidedBy().clock(), conclusion.reason(), result.noise().machine(), "this JVM")
                        .build());
        CellFormat time = timeFormat();
        Table.Builder clocks = Table.builder("clocks", "B/A per clock: median ratio of the pairs and its confidence interval")
                .column(Column.text("clock", "clock"))
                .column(Column.number("ratio", "B/A", ratio))
                .column(Column.number("ratio_low", "low", ratio))
                .column(Column.number("ratio_high", "high", ratio))
                .column(Column.text("verdict", "verdict"))
                .column(Column.number("pairs", "pairs", CellFormat.INTEGER))
                .column(Column.number("pairs_set_aside", "preempted, set aside", CellFormat.INTEGER))
                .column(Column.number("confidence_achieved", "confidence", CellFormat.percent(2)))
                .column(Column.number("half_width", "± of median", CellFormat.percent(2)))
                .column(Column.number("a_median_ns", "A median", time))
                .column(Column.number("b_median_ns", "B median", time));
        for (ClockComparison clock : result.clocks()) {
            clocks.row(clock.clock(), clock.ratio(), clock.interval().low(), clock.interval().high(), clock.verdict().label(),
                    (long) clock.pairs(), (long) clock.pairsSetAside(), clock.interval().achievedConfidence(),
                    clock.interval().relativeHalfWidth(), clock.medianA(), clock.medianB());
        }
        report.table(clocks.build());
        report.table(Table.builder("run", "How the comparison ran")
                .column(Column.text("order", "order"))
                .column(Column.text("stopped_by", "stopped by"))
                .column(Column.number("pairs", "pairs", CellFormat.INTEGER))
                .column(Column.number("invocations_per_run", "invocations per run", CellFormat.INTEGER))
                .column(Column.number("other_threads_a", "A's CPU on other threads", CellFormat.percent(1)))
                .column(Column.number("other_threads_b", "B's CPU on other threads", CellFormat.percent(1)))
                .column(Column.number("collected_runs_a", "A's runs with a GC (kept)", CellFormat.INTEGER))
                .column(Column.number("collected_runs_b", "B's runs with a GC (kept)", CellFormat.INTEGER))
                .column(Column.number("elapsed_ns", "elapsed", CellFormat.NANOS))
                .column(Column.number("overhead_wall_ns", "wall reading cost", CellFormat.NANOS))
                .column(Column.number("overhead_cpu_ns", "CPU reading cost", CellFormat.NANOS))
                .column(Column.footnote("warm_up_a", "warm-up of A"))
                .column(Column.footnote("warm_up_b", "warm-up of B"))
                .row(result.order().name().toLowerCase(Locale.ROOT), result.stoppedBy().label(), (long) result.pairs(),
                        (long) result.invocationsPerRun(), result.otherThreadShareA(), result.otherThreadShareB(),
                        (long) result.collectedRunsA(), (long) result.collectedRunsB(), (double) result.elapsed().toNanos(), result.overhead().wallNanos(), result.overhead().threadCpuNanos(),
                        result.warmUpA().toString(), result.warmUpB().toString())
                .build());
        Table.Builder noise = NoiseTables.builder(unitGiven() ? charting.unit : null);
        NoiseTables.row(noise, "pairs", result.noise());
        report.table(noise.build());
        if (!result.preparation().isEmpty()) {
            report.table(MeasureCommand.preparationRows(MeasureCommand.preparationTable("How the duet's two workers were "
                    + "prepared"), result.preparation()).build());
        }
        if (everyPair) {
            report.table(pairs(result, time));
        }
        for (String warning : result.warnings()) {
            report.note("Warning: " + warning + ".");
        }
        for (ClockComparison clock : result.clocks()) {
            report.note(sentence(clock));
        }
        report.note(switch (result.stoppedBy()) {
            case DECIDED -> String.format(Locale.ROOT, "Stopped when decided: after %d pairs the %.1f%% interval (stricter than "
                    + "the %.0f%% one reported, because it was looked at many times) already decided the verdict.",
                    result.pairs(), 100 * (1 - (1 - confidence) / 10), 100 * confidence);
            case TARGET -> String.format(Locale.ROOT, "Stopped by the target: the interval the verdict rests on was within "
                    + "±%.2f%% after %d pairs.", 100 * target, result.pairs());
            case BUDGET -> String.format(Locale.ROOT, "Stopped by the budget (%d ms) after %d pairs, undecided and before the "
                    + "interval was within ±%.2f%%.", budget.toMillis(), result.pairs(), 100 * target);
            case INTERRUPTED -> "Stopped by an interrupt after " + result.pairs() + " pairs.";
            case FORKS -> throw new IllegalStateException("a comparison in this JVM has no forks to run out of");
        });
        report.note("Overhead: " + result.overhead() + "; each run's times are net of it.");
        report.note("Noise: " + result.noise().summary());
        if (order == Compare.Order.SEQUENTIAL) {
            report.note("Sequential order: all runs of A, then all runs of B; a drift of the machine between the two halves "
                    + "lands on one side only, and the interval does not know it.");
        }
        if (order == Compare.Order.DUET) {
            report.note("Duet order: in each pair A and B ran at the same time on two worker threads, A on each worker "
                    + "once in every two pairs, which were judged as a couple (the geometric mean of their ratios, in which a "
                    + "difference between the workers' CPUs cancels); --every-pair lists the couples. On a machine without "
                    + "two idle CPUs the "
                    + "workers wait for each other's CPU, and memory-bound tasks slow each other down. The noise report counts "
                    + "the second worker as another runnable thread and its preemptions: with only two CPUs it reads 'loaded' "
                    + "even on an idle machine.");
        }
        report.note(CI_NOTE);
        return report.build();
    }

    /**
     * The top of every compare report, in JSON's order: {@code verdict}, {@code ratio},
     * {@code ratio_low}, {@code ratio_high}, {@code decided_by}, {@code reason}, {@code machine},
     * {@code scope} (which JVMs the answer speaks for).
     */
    private static Table.Builder verdictTable(String title) {
        CellFormat ratio = CellFormat.decimal(4);
        return Table.builder("verdict", title)
                .column(Column.text("verdict", "verdict"))
                .column(Column.number("ratio", "B/A", ratio))
                .column(Column.number("ratio_low", "low", ratio))
                .column(Column.number("ratio_high", "high", ratio))
                .column(Column.text("decided_by", "decided by"))
                .column(Column.text("reason", "reason"))
                .column(Column.text("machine", "machine"))
                .column(Column.text("scope", "speaks for"));
    }

    /** {@code 0.3} for a share of 0.003: a percentage without trailing zeros. */
    private static String percent(double share) {
        return java.math.BigDecimal.valueOf(100 * share).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /** Whether {@code --unit} was given: without it, every time prints in the unit that suits its size. */
    private boolean unitGiven() {
        return spec.commandLine().getParseResult() != null && spec.commandLine().getParseResult().hasMatchedOption("--unit");
    }

    private CellFormat timeFormat() {
        return unitGiven() ? charting.timeFormat() : CellFormat.NANOS;
    }

    private static String sentence(ClockComparison clock) {
        double ratio = clock.ratio();
        String how = switch (clock.verdict()) {
            case SLOWER -> String.format(Locale.ROOT, "B is slower: it takes %.2f%% longer than A", 100 * (ratio - 1));
            case FASTER -> String.format(Locale.ROOT, "B is faster: it takes %.2f%% less time than A", 100 * (1 - ratio));
            case INDISTINGUISHABLE -> "A and B cannot be told apart";
            case TOO_NOISY -> "too noisy to tell";
            case CLOCKS_DISAGREE -> "the clocks disagree";
            case TOO_FEW -> "too few pairs to tell at the confidence asked";
        };
        return String.format(Locale.ROOT, "%s: %s (B/A %.4f, %.2f%% interval %.4f to %.4f, %d pairs%s).", clock.clock(), how,
                ratio, 100 * clock.interval().achievedConfidence(), clock.interval().low(), clock.interval().high(),
                clock.pairs(), clock.pairsSetAside() == 0 ? "" : ", " + clock.pairsSetAside() + " preempted pairs set aside");
    }

    private static Table pairs(CompareResult result, CellFormat time) {
        boolean duet = result.order() == Compare.Order.DUET;
        Table.Builder pairs = duet
                ? Table.builder("pairs", "Every couple of pairs (A on each worker once; each figure the geometric mean "
                        + "of the two), in order").column(Column.number("couple", "couple", CellFormat.INTEGER))
                : Table.builder("pairs", "Every pair, in order").column(Column.number("pair", "pair", CellFormat.INTEGER))
                        .column(Column.text("first", "first"));
        pairs.column(Column.number("a_wall_ns", "A wall", time))
                .column(Column.number("b_wall_ns", "B wall", time))
                .column(Column.number("wall_ratio", "wall B/A", CellFormat.decimal(4)))
                .column(Column.number("a_cpu_ns", "A CPU", time))
                .column(Column.number("b_cpu_ns", "B CPU", time))
                .column(Column.number("cpu_ratio", "CPU B/A", CellFormat.decimal(4)));
        double[] aWall = result.wall().timesA();
        double[] bWall = result.wall().timesB();
        double[] wallRatios = result.wall().ratios();
        double[] aCpu = result.threadCpu().timesA();
        double[] bCpu = result.threadCpu().timesB();
        double[] cpuRatios = result.threadCpu().ratios();
        boolean[] aFirst = result.aRanFirst();
        for (int i = 0; i < wallRatios.length; i++) {
            if (duet) {
                pairs.row((long) i + 1, aWall[i], bWall[i], wallRatios[i], aCpu[i], bCpu[i], cpuRatios[i]);
            } else {
                pairs.row((long) i + 1, aFirst[i] ? "A" : "B", aWall[i], bWall[i], wallRatios[i], aCpu[i], bCpu[i], cpuRatios[i]);
            }
        }
        return pairs.build();
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

    /**
     * A share, written as a fraction ({@code 0.0025}) or a percentage ({@code 0.25%}): the one
     * convention of {@code --target}, {@code --margin} and {@code --confidence}, as the API's
     * {@code target(0.0025)}. A bare number of 1 or more is refused: it is most likely a percentage
     * without its sign.
     */
    static final class ShareConverter implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            String text = value.trim();
            boolean percent = text.endsWith("%");
            double number;
            try {
                number = Double.parseDouble(percent ? text.substring(0, text.length() - 1).trim() : text);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a share; write it as 0.0025 or 0.25%");
            }
            double share = percent ? number / 100 : number;
            if (!(share >= 0 && share < 1)) {
                throw new TypeConversionException("'" + value + "' is not a share from 0 to below 1; write it as 0.0025 or "
                        + "0.25%" + (percent || !(number >= 1 && number < 100) ? "" : " (did you mean " + text + "%?)"));
            }
            return share;
        }
    }

    /** {@code auto}, {@code wall} or {@code cpu}, ignoring case. */
    static final class JudgedByConverter implements ITypeConverter<Compare.JudgedBy> {
        @Override
        public Compare.JudgedBy convert(String value) {
            return constant(Compare.JudgedBy.class, value, "clock");
        }
    }

    /** {@code alternating}, {@code sequential} or {@code duet}, ignoring case. */
    static final class OrderConverter implements ITypeConverter<Compare.Order> {
        @Override
        public Compare.Order convert(String value) {
            return constant(Compare.Order.class, value, "order");
        }
    }

    /** The constant of {@code type} named {@code value}, ignoring case, or a message listing them. */
    private static <E extends Enum<E>> E constant(Class<E> type, String value, String what) {
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(value.trim())) {
                return constant;
            }
        }
        List<String> names = java.util.Arrays.stream(type.getEnumConstants()).map(c -> c.name().toLowerCase(Locale.ROOT)).toList();
        throw new TypeConversionException("unknown " + what + " '" + value + "'; use " + String.join(", ", names.subList(0,
                names.size() - 1)) + " or " + names.get(names.size() - 1));
    }
}
