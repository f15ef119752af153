package dev.counters.cli;

import dev.counters.CounterKind;
import dev.counters.cli.report.RatioChart;
import dev.counters.measure.ClockComparison;
import dev.counters.measure.Compare;
import dev.counters.measure.CompareReport;
import dev.counters.measure.CompareResult;
import dev.counters.measure.CompareSuite;
import dev.counters.measure.ForkFailedException;
import dev.counters.measure.SuiteResult;
import dev.counters.measure.TaskFailedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.IExitCodeGenerator;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code counters compare}: is B faster than A on this (noisy, shared) machine, by how much, and
 * how sure is that? Options and printing only: {@link Compare} runs and checks the comparison (by
 * default in several fresh JVMs, {@link ForkOptions}; with {@code --forks 0} in this JVM), the
 * library renders the report ({@link CompareReport}, printed by {@link CompareOutput}), and
 * {@link GateOptions} turns the answer into an exit code for a build. What A and B are is
 * {@link CompareTasks}' (the built-in workload, two classes, or two builds of one class).
 * {@code --timeout}, SIGINT and SIGTERM interrupt a forked comparison, which hands over the JVMs
 * that ended for the report.
 */
@Command(name = "compare", description = {
    "Is B faster than A? Runs A and B in balanced pairs and judges the ratio B/A of each pair.",
    "Warms both tasks up, then runs them in blocks A B B A in several fresh JVMs, timing each run on wall time and "
            + "thread CPU time, and takes the ratio B/A of every pair: two runs back to back see nearly the same machine, "
            + "so the ratio cancels most of what a shared host does. The report opens with the answer in one sentence, "
            + "the ratio and its interval, then each task's time per run: slower, faster, indistinguishable, too_noisy, "
            + "clocks_disagree (B waits longer on the same CPU, or works on other threads: --by says which time "
            + "matters) or too_few (too few measurements for a verdict). The tasks are the built-in workload "
            + "(--iterations-a, --iterations-b), your classes (--task-a, --task-b implementing dev.counters.measure.Task), "
            + "or two builds of one class (--task with --class-path-a and --class-path-b). Several --task (or --tasks-in), "
            + "or several --task-a and --task-b, make a suite: one comparison after another, one table at the end. "
            + "--fail-if slower makes it a gate for a build: exit code 1 when B is slower than A beyond --margin (in any "
            + "task of a suite), and only then.",
})
final class CompareCommand extends Subcommand implements IExitCodeGenerator {
    /** How long an interrupted comparison across JVMs may take to kill its fork and hand over the forks that ended. */
    static final Duration FORK_GRACE = Duration.ofSeconds(3);

    @Option(names = "--budget", paramLabel = "TIME", converter = OptionConverters.DurationConverter.class,
            description = "Longest the comparison may take, warm-up included (default: 28s; for task classes too long for "
                    + "it, it grows up to three times and says so).")
    Duration budget;

    @Option(names = "--target", paramLabel = "SHARE", converter = OptionConverters.ShareConverter.class,
            description = "Stop adding pairs, undecided, once the interval the verdict rests on is within ±SHARE of its "
                    + "median; a share as 0.0025 or 0.25%% (default: the library's, 0.25%%).")
    Double target;

    @Option(names = "--confidence", paramLabel = "SHARE", converter = OptionConverters.ShareConverter.class,
            description = "Confidence of the intervals, as 0.99 or 99%% (default: the library's, 99%%).")
    Double confidence;

    @Option(names = "--margin", paramLabel = "SHARE", converter = OptionConverters.ShareConverter.class,
            description = "Equivalence margin, as 0.02 or 2%%: B counts as slower or faster only beyond it, and an interval "
                    + "within [1/(1+m), 1+m] reads indistinguishable (default: none). With --fail-if, the regression the "
                    + "gate tolerates.")
    Double margin;

    @Option(names = "--min-pairs", paramLabel = "N",
            description = "Fewest pairs before --target may stop the comparison (default: the library's, 32).")
    Integer minPairs;

    @Option(names = "--warm-up", paramLabel = "TIME", converter = OptionConverters.DurationConverter.class,
            description = "Longest warm-up of each task, at most a quarter of --budget each (default: the library's, 1200ms).")
    Duration warmUp;

    @Option(names = "--order", paramLabel = "ORDER", converter = OptionConverters.OrderConverter.class,
            description = "alternating (blocks A B B A, the default), sequential (all of A, then all of B: the naive way, "
                    + "to see what pairing buys) or duet (A and B at the same time on two threads pinned to different "
                    + "CPUs; needs 2 CPUs, best with idle cores to spare).")
    Compare.Order order;

    @Option(names = "--by", paramLabel = "CLOCK", converter = OptionConverters.JudgedByConverter.class,
            description = "Which time the verdict is judged on: wall, cpu, or auto (both together; a task that mostly "
                    + "waits is judged on wall time; the default).")
    Compare.JudgedBy by;

    @Option(names = "--every-pair", description = "Also list every pair's times and ratios (with --forks 0).")
    boolean everyPair;

    @Option(names = "--budget-of", paramLabel = "TASK=TIME",
            description = "In a suite, the budget of one task instead of --budget: its class (several --task, or --tasks-in), "
                    + "or the pair's name, 'A vs B' (several --task-a and --task-b).")
    java.util.Map<String, String> budgetOf = new java.util.LinkedHashMap<>();

    @Mixin
    CompareTasks compared;

    @Mixin
    ForkOptions forking;

    @Mixin
    TaskOptions tasks;

    @Mixin
    RunChartOptions charting;

    @Mixin
    GateOptions gate;

    @Mixin
    OutputOptions output;

    private int exitCode;

    @Override
    public int getExitCode() {
        return exitCode;
    }

    @Override
    public void run() {
        compared.check(spec, tasks);
        CompareOutput.check(spec, output.format);
        forking.check(spec);
        if (CompareTasks.matched(spec, "--unit")) {
            throw new ParameterException(spec.commandLine(), "compare's report writes each time in the unit that suits it "
                    + "(JSON in nanoseconds): leave --unit out");
        }
        if (forking.forking() && (everyPair || charting.chart != null)) {
            throw new ParameterException(spec.commandLine(), "--every-pair and --chart show one JVM's pairs: add --forks 0 "
                    + "to run in this JVM only");
        }
        gate.check(spec);
        if (compared.suite()) {
            CompareSuite asked = CompareSuiteRun.asked(spec, compared, tasks, budgetOf, budget, margin, forking,
                    this::askedOfEach);
            SuiteResult suite = CompareSuiteRun.run(spec, asked, tasks, output, output.progress(spec));
            CompareSuiteRun.print(spec, output, suite);
            exitCode = gate.exitCode(suite, spec.commandLine().getErr());
            return;
        }
        if (!budgetOf.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--budget-of gives one task of a suite its budget: give "
                    + "--task (or --task-a and --task-b) more than once, or --tasks-in, or use --budget");
        }
        CompareResult result = forking.forking() ? runForked() : runHere();
        CompareOutput.print(spec, output, result);
        if (everyPair) {
            output.printText(spec, CompareReport.everyPair(result));
        }
        if (charting.chart != null) {
            drawRatios(result);
        }
        exitCode = gate.exitCode(result, spec.commandLine().getErr());
    }

    /**
     * {@code comparison} with what was asked, each setting refused by {@link Compare}'s own checks (a
     * usage error naming the option), then {@link Compare#check()}: the command checks nothing itself.
     */
    private Compare asked(Compare comparison) {
        set("--budget", budget, comparison::budget);
        set("--margin", margin, comparison::margin);
        askedOfEach(comparison).named(compared.nameA(), compared.nameB());
        try {
            return comparison.check();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** Each comparison of a suite with the options asked but those the suite sets itself (budget, margin, forks). */
    private Compare askedOfEach(Compare comparison) {
        set("--target", target, comparison::target);
        set("--confidence", confidence, comparison::confidence);
        set("--min-pairs", minPairs, comparison::minPairs);
        set("--warm-up", warmUp, comparison::warmUp);
        set("--order", order, comparison::order);
        set("--by", by, comparison::by);
        return comparison;
    }

    /** Gives {@code value} to {@code setter} if the option was given; its refusal is a usage error naming {@code option}. */
    private <T> void set(String option, T value, java.util.function.Consumer<T> setter) {
        if (value == null) {
            return;
        }
        try {
            setter.accept(value);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
    }

    /**
     * Runs the comparison in fresh JVMs, bounded by {@code --timeout}: it, or a SIGINT or SIGTERM,
     * interrupts the comparison, which kills the running fork and returns the forks that ended;
     * those are printed before the command ends with exit code 3 (130, 143).
     */
    private CompareResult runForked() {
        Compare comparison = asked(forking.apply(spec, compared.forked(tasks)));
        output.progress(spec).step("B = " + compared.nameB() + " against A = " + compared.nameA() + ", in fresh JVMs");
        AtomicReference<CompareResult> measured = new AtomicReference<>();
        try {
            return tasks.limit.call(spec.qualifiedName(), () -> {
                measured.set(comparison.run());
                return measured.get();
            }, () -> "the comparison in fresh JVMs", FORK_GRACE);
        } catch (TimeLimit.Reached reached) {
            // What the JVMs that ended measured; with none, nothing to print (the message says what ended it).
            if (measured.get() != null) {
                CompareOutput.print(spec, output, measured.get());
            }
            throw reached;
        } catch (ForkFailedException e) {
            // It says which fork, task and call, and the exception's first lines, indented with tabs a terminal is not sent.
            throw new UserInputException(e.getMessage().replace("\t", "    "), e);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new UserInputException(e.getMessage(), e);
        }
    }

    /** Runs the comparison in this JVM ({@code --forks 0}), on this command's clocks. */
    private CompareResult runHere() {
        charting.checkChart(spec);
        output.progress(spec).step("B = " + compared.nameB() + " against A = " + compared.nameA() + ", in this JVM");
        TimeLimit.bindOnThisThread(registry(), CounterKind.PERFORMANCE, CounterKind.THREAD_TIMES);
        // --timeout or a signal ends it with nothing judged: TimeLimit.Reached says which, and the command's exit code.
        if (compared.builds()) {
            Compare comparison = asked(here(compared.forked(tasks).forks(0)));
            // A build's task that calls System.exit is named and ends the command with exit 2, never taken for a signal.
            return tasks.watched(spec, compared.task() + " (both builds)", () -> "the comparison", () -> builds(comparison));
        }
        WatchedTask a = compared.a(tasks);
        WatchedTask b = compared.b(tasks);
        Compare comparison = asked(here(Compare.of(a, b)));
        return tasks.run(spec, List.of(a, b), List.of("A", "B"), () -> lambdas(comparison, a, b));
    }

    private Compare here(Compare comparison) {
        return comparison.wallCounter(this::wallClock).threadCounter(this::threadCpuClock);
    }

    private CompareResult lambdas(Compare comparison, WatchedTask a, WatchedTask b) {
        a.enter("the comparison");
        b.enter("the comparison");
        try {
            return comparison.run();
        } catch (TaskFailedException e) {
            WatchedTask failed = e.phase().contains(" of B") ? b : a;
            throw failed.failure(failed == a ? "task A," : "task B,", e, tasks.stackTrace);
        }
    }

    /** Two builds of one class in this JVM, each in its own class loader (which {@link Compare#ofBuilds} makes). */
    private CompareResult builds(Compare comparison) {
        try {
            return comparison.run();
        } catch (TaskFailedException e) {
            boolean b = e.phase().contains(" of B");
            throw new TaskRunFailure(b ? compared.nameB() : compared.nameA(), (b ? "task B, " : "task A, ") + e.phase(),
                    e.getCause(), tasks.stackTrace);
        }
    }

    private void drawRatios(CompareResult result) {
        try {
            RatioChart chart = RatioChart.of("B/A per pair: " + compared.nameB() + " against " + compared.nameA());
            for (ClockComparison clock : result.clocks()) {
                chart.panel(clock.clock() + " B/A", clock.ratios(), clock.setAside(), clock.ratio(), clock.interval().low(),
                        clock.interval().high());
            }
            chart.write(charting.chart);
        } catch (IOException e) {
            throw new UncheckedIOException("the report is complete, but the chart could not be written to "
                    + charting.chart, e);
        }
        output.progress(spec).step("chart written to " + charting.chart);
    }
}
