package dev.counters.examples;

import dev.counters.CounterRegistry;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * What picocli gives every subcommand of {@code counters}: the command above it, which holds the
 * registry its counters come from, and its own spec, for its messages, output streams and name. A
 * subcommand extends this class, declares its options and implements {@link #run()}.
 */
abstract class Subcommand implements Runnable {
    @ParentCommand
    CountersCommand parent;

    @Spec
    CommandSpec spec;

    /** The registry this command's counters come from: the one the command line was made over. */
    CounterRegistry registry() {
        return parent.registry();
    }
}
