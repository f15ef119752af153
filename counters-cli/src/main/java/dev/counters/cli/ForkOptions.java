package dev.counters.cli;

import dev.counters.measure.Compare;
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
            description = "How many fresh JVMs run the comparison: by default one per 2.5 s of the budget, at least 5 "
                    + "(11 in the default 28 s; under 20 s, more while undecided and the budget allows), the interval carrying the "
                    + "variation between JVMs (Student's t over the forks' ratios); N (2 or more) for exactly N; "
                    + "0 to run in this JVM only, whose answer speaks for this JVM only "
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

    /** Refuses options for forks that do not run (the count itself is {@link Compare#forks(int)}'s to check). */
    void check(CommandSpec spec) {
        if (!forking() && (jvmArgs != null || jvmArgsAppend != null)) {
            throw new ParameterException(spec.commandLine(), "--jvm-args and --jvm-args-append set the options of the "
                    + "forks, and --forks 0 starts none: give the options to the java command that runs counters instead");
        }
    }

    /**
     * Sets the forks' count and options on {@code comparison}; {@link Compare#forks(int)} refuses a
     * count no interval comes from, a usage error here.
     */
    Compare apply(CommandSpec spec, Compare comparison) {
        try {
            if (forks != -1) {
                comparison.forks(forks);
            }
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--forks: " + e.getMessage());
        }
        if (jvmArgs != null) {
            comparison.jvmArgs(jvmArgs);
        }
        if (jvmArgsAppend != null) {
            comparison.jvmArgsAppend(jvmArgsAppend);
        }
        return comparison;
    }
}
