package dev.counters.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Range checks of numeric options: a value outside the range is a usage error (exit 2), never a crash. */
final class OptionChecks {
    /** The most threads, runs, batches or repeats any subcommand accepts: beyond it a run would not end in reasonable time or memory. */
    static final long MAX_COUNT = 100_000;

    private OptionChecks() {}

    /** Throws a {@link ParameterException} naming {@code option} unless {@code min <= value <= max}. */
    static void requireBetween(CommandSpec spec, String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw new ParameterException(spec.commandLine(),
                    String.format("%s must be from %,d to %,d, was %,d", option, min, max, value));
        }
    }
}
