package dev.counters.cli;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareSuite;
import dev.counters.measure.SuiteReport;
import dev.counters.measure.SuiteResult;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code counters compare} of a suite: several task classes in their two builds ({@code --task}
 * more than once, or {@code --tasks-in PACKAGE}) or several pairs ({@code --task-a} and
 * {@code --task-b} more than once). A {@link CompareSuite}, one comparison after another, each with
 * the settings asked (and its own {@code --budget-of}), bounded by {@code --timeout} and watched
 * for a task's {@code System.exit} as one comparison is, printed as {@link SuiteReport} renders it;
 * the gate fails if any task regressed ({@link GateOptions}).
 */
final class CompareSuiteRun {
    private CompareSuiteRun() {}

    /** The suite asked for, every setting checked: a mistake in any is a usage error, before anything runs. */
    static CompareSuite asked(CommandSpec spec, CompareTasks compared, TaskOptions tasks, Map<String, String> budgets,
            Duration budget, Double margin, ForkOptions forking, UnaryOperator<Compare> settings) {
        // The forks' options as for one comparison: --jvm-args through each task's settings, --jvm-args-append the suite's.
        UnaryOperator<Compare> each = forking.jvmArgs == null ? settings : c -> settings.apply(c).jvmArgs(forking.jvmArgs);
        try {
            CompareSuite suite = compared.suite(tasks).each(each);
            if (budget != null) {
                suite.budget(budget);
            }
            if (margin != null) {
                suite.margin(margin);
            }
            if (forking.forks != -1) {
                suite.forks(forking.forks);
            }
            if (forking.jvmArgsAppend != null) {
                suite.jvmArgsAppend(forking.jvmArgsAppend);
            }
            for (String task : suite.tasks()) {
                if (!budgets.containsKey(task)) {
                    suite.check(task); // a mistake here is in a setting of every task: said as Compare says it
                }
            }
            for (Map.Entry<String, String> given : budgets.entrySet()) {
                budgetOf(spec, suite, given.getKey(), given.getValue());
            }
            return suite;
        } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** Gives {@code task} its own budget, checked as its comparison will check it: a usage error naming the option. */
    private static void budgetOf(CommandSpec spec, CompareSuite suite, String task, String time) {
        if (!suite.tasks().contains(task)) {
            throw new ParameterException(spec.commandLine(), "--budget-of names " + Messages.quote(task)
                    + ", which is no task of this suite: " + suite.tasks());
        }
        try {
            suite.budget(task, new OptionConverters.DurationConverter().convert(time)).check(task);
        } catch (TypeConversionException | IllegalArgumentException e) { // an order a fork refuses (state) is no budget's
            throw new ParameterException(spec.commandLine(), "--budget-of " + task + ": " + e.getMessage());
        }
    }

    /**
     * Runs {@code suite} on a thread of its own, bounded by {@code --timeout}: it, or a SIGINT or
     * SIGTERM, interrupts the task that runs (a forked one kills its fork), the tasks left are not
     * run, and what ended is printed before the command ends with exit code 3 (130, 143). A task
     * that calls {@code System.exit} in this JVM ({@code --forks 0}) is named, exit code 2.
     */
    static SuiteResult run(CommandSpec spec, CompareSuite suite, TaskOptions tasks, OutputOptions output, Progress progress) {
        progress.step(suite.tasks().size() + " tasks, one after another: " + String.join(", ", suite.tasks()));
        AtomicReference<String> running = new AtomicReference<>(suite.tasks().get(0));
        AtomicReference<SuiteResult> measured = new AtomicReference<>();
        try (ExitWatch exits = ExitWatch.open(running::get, () -> "its comparison", spec.commandLine().getErr(),
                spec.qualifiedName() + ": ")) {
            return tasks.limit.call(spec.qualifiedName(), () -> {
                measured.set(suite.run(done -> {
                    progress.step(done.task() + ": " + done.result().map(r -> r.verdict().label()).orElse("failed"));
                    int next = suite.tasks().indexOf(done.task()) + 1;
                    running.set(next < suite.tasks().size() ? suite.tasks().get(next) : done.task());
                }));
                return measured.get();
            }, () -> "the comparison of " + running.get(), CompareCommand.FORK_GRACE);
        } catch (TimeLimit.Reached reached) {
            if (measured.get() != null) {
                print(spec, output, measured.get());
            }
            throw reached;
        }
    }

    /** Prints the suite's report in the format asked, and appends its Markdown to the step summary where there is one. */
    static void print(CommandSpec spec, OutputOptions output, SuiteResult suite) {
        output.printText(spec, switch (output.format) {
            case JSON -> SuiteReport.json(suite);
            case MARKDOWN -> SuiteReport.markdown(suite);
            default -> SuiteReport.text(suite);
        });
        CompareOutput.stepSummary(SuiteReport.markdown(suite));
    }
}
