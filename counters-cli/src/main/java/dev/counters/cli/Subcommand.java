package dev.counters.cli;

import dev.counters.Counter;
import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.CpuTimesCounter;
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

    /** A new counter of wall time, as every command times its runs: PERFORMANCE. */
    Counter wallClock() {
        return registry().create(CounterKind.PERFORMANCE);
    }

    /** A new counter of the calling thread's CPU time, as every command times its runs: THREAD_TIMES. */
    CpuTimesCounter threadCpuClock() {
        return registry().createCpuTimes(CounterKind.THREAD_TIMES);
    }
}
