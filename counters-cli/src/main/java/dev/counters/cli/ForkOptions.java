package dev.counters.cli;

import dev.counters.cli.report.HumanNumbers;
import dev.counters.measure.Compare;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * How {@code counters compare} forks: how many fresh JVMs, and with which JVM options
 * ({@code --jvm-args}, {@code --jvm-args-append}, JMH's names). By default a fork inherits the
 * command's heap, GC, native access and system properties, not its logging, recordings, agents or
 * ports, which would overwrite the user's files or collide ({@link Compare}); the report lists the
 * options the forks ran with.
 */
final class ForkOptions {
    @Option(names = "--forks", paramLabel = "N", defaultValue = "-1",
            description = "How many fresh JVMs run the comparison: by default 5 to 8, more while undecided and the budget "
                    + "allows, the interval carrying the variation between JVMs (Student's t over the forks' ratios); N "
                    + "(2 or more) for exactly N; 0 to run in this JVM only, whose answer speaks for this JVM only "
                    + "(needed by --order sequential, --every-pair and --chart, which show one JVM's pairs).",
            showDefaultValue = picocli.CommandLine.Help.Visibility.NEVER)
    int forks;

    @Option(names = "--jvm-args", paramLabel = "OPTIONS", converter = OptionConverters.JvmArgsConverter.class,
            description = "The forks' JVM options, in one argument, instead of those inherited from this JVM (its heap, "
                    + "GC, native access, system properties; never its logging, recordings, agents or ports): "
                    + "--jvm-args \"-Xmx1g -XX:+UseParallelGC\".")
    List<String> jvmArgs;

    @Option(names = "--jvm-args-append", paramLabel = "OPTIONS", converter = OptionConverters.JvmArgsConverter.class,
            description = "JVM options added after the inherited ones (or those of --jvm-args), in one argument: "
                    + "--jvm-args-append \"-XX:+UseZGC\".")
    List<String> jvmArgsAppend;

    /** Whether the comparison runs in fresh JVMs. */
    boolean forking() {
        return forks != 0;
    }

    /** Sets the forks' count and options on {@code comparison}. */
    Compare apply(Compare comparison) {
        if (forks > 0) {
            comparison.forks(forks);
        }
        if (jvmArgs != null) {
            comparison.jvmArgs(jvmArgs);
        }
        if (jvmArgsAppend != null) {
            comparison.jvmArgsAppend(jvmArgsAppend);
        }
        return comparison;
    }

    /**
     * Refuses a count no interval can come from, options for forks that do not run, and a budget
     * that cannot give each fork {@link Compare#MIN_BUDGET}.
     */
    void check(CommandSpec spec, Duration budget) {
        if (forks == 1 || forks < -1) {
            throw new ParameterException(spec.commandLine(), "--forks is 0 (this JVM only) or at least 2 (an interval between "
                    + "JVMs needs two), was " + forks);
        }
        if (!forking() && (jvmArgs != null || jvmArgsAppend != null)) {
            throw new ParameterException(spec.commandLine(), "--jvm-args and --jvm-args-append set the options of the "
                    + "forks, and --forks 0 starts none: give the options to the java command that runs counters instead");
        }
        int fewest = forks > 0 ? forks : Compare.DEFAULT_MIN_FORKS;
        Duration least = Compare.MIN_BUDGET.multipliedBy(fewest);
        if (forking() && budget.compareTo(least) < 0) {
            throw new ParameterException(spec.commandLine(), "--budget " + HumanNumbers.nanos(budget.toNanos()) + " is shared "
                    + "by " + (forks > 0 ? "the " : "at least ") + fewest + " JVMs, which leaves each "
                    + HumanNumbers.nanos(budget.toNanos() / fewest) + ", and each needs at least "
                    + HumanNumbers.nanos(Compare.MIN_BUDGET.toNanos()) + " (plus its start): give --budget "
                    + least.toMillis() + "ms or more" + (forks > Compare.DEFAULT_MIN_FORKS ? ", or fewer --forks" : "")
                    + ", or --forks 0 to run in this JVM only");
        }
    }
}
