package dev.counters.cli;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareSuite;
import dev.counters.measure.SuiteReport;
import dev.counters.measure.SuiteResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code counters compare} of several task classes in their two builds ({@code --task} more than
 * once, or {@code --tasks-in PACKAGE}): a {@link CompareSuite}, one comparison after another, each
 * with the settings asked (and its own {@code --budget-of}), printed as {@link SuiteReport}
 * renders it; the gate fails if any task regressed.
 */
final class CompareSuiteRun {
    private CompareSuiteRun() {}

    /** Runs the suite of {@code tasks}; {@code settings} gives each comparison the command's options. */
    static SuiteResult run(CommandSpec spec, CompareTasks tasks, Map<String, String> budgets, Duration budget, Double margin,
            ForkOptions forking, UnaryOperator<Compare> settings, Progress progress) {
        List<String> classes = tasks.suiteTasks();
        CompareSuite suite;
        try {
            suite = CompareSuite.ofBuilds(classes, tasks.classPathA, tasks.classPathB).each(settings);
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
            OptionConverters.DurationConverter durations = new OptionConverters.DurationConverter();
            for (Map.Entry<String, String> each : budgets.entrySet()) {
                suite.budget(each.getKey(), durations.convert(each.getValue()));
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        progress.step(classes.size() + " task classes, each in its two builds: " + String.join(", ", classes));
        return suite.run(done -> progress.step(done.task() + ": " + done.result().map(r -> r.verdict().label())
                .orElse("failed")));
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
