package dev.counters.cli;

import static java.util.Objects.requireNonNull;

import dev.counters.CounterException;
import dev.counters.CounterRegistry;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExecutionException;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code counters} command: what each counter costs and how well it resolves on this machine,
 * and the classic lessons of measuring time (warm-up, pinning, CPU time against wall time), run
 * on the user's own hardware.
 *
 * <p>Exit codes: 0 success, also when the reader of the output closed it ({@code | head}); 1 a
 * regression that {@code compare --fail-if slower} found, and nothing else ({@link GateOptions});
 * 2 a user mistake (unknown subcommand, option, kind, unit or format; a task class that is missing
 * or not a task; a {@code --task} that throws, overflows its stack or calls {@code System.exit},
 * named with the run it failed in), reported as a message, a suggestion where one fits and a pointer
 * to {@code --help}, never a stack trace; 3 a {@code --timeout} that ended the command, after the
 * report of what was measured before it; 4 a comparison that could not decide, under
 * {@code --fail-if-undecided}; 5 a failure of the machine or the library (a native call that failed,
 * a report or chart that could not be written, a JVM out of memory or address space), with its cause;
 * 130 and 143 a SIGINT or SIGTERM that ended the JVM, after that report too ({@link TimeLimit},
 * {@link ReportOnSignal}).
 */
@Command(
        name = "counters",
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Precise interval counters, measured on this machine.",
            "Start with 'counters cost': what one start()/stop() pair of every counter costs here.",
        },
        subcommands = {
            CostCommand.class,
            ListCommand.class,
            IsolationCommand.class,
            MeasureCommand.class,
            CompareCommand.class,
            FrequencyCommand.class,
            CommandLine.HelpCommand.class,
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success (for compare --fail-if slower: no regression, or undecided without --fail-if-undecided)",
            "1:compare --fail-if slower: B is slower than A beyond --margin (a regression), and nothing else",
            "2:a mistake in the command line or in a --task class, including a task that throws "
                    + "or calls System.exit, or a fork whose JVM refused its options or died",
            "3:--timeout ended the command; what was measured before it is printed",
            "4:compare --fail-if-undecided: the comparison could not decide",
            "5:a counter or the platform failed, the report or chart could not be written, or the JVM "
                    + "ran out of memory (the message says which call and why, or what limit to raise)",
            "130:SIGINT (Ctrl-C) ended the command; a command that runs a task prints what was measured before it",
            "143:SIGTERM ended the command; as for 130",
        })
public final class CountersCommand implements Runnable {
    /** Exit code for success, and for output whose reader stopped reading ({@code | head}). */
    static final int EXIT_SUCCESS = 0;
    /**
     * Exit code for a failure of the machine or the library: 5, so that 1 means a regression a gate
     * found and nothing else ({@link GateOptions}).
     */
    static final int EXIT_FAILURE = 5;
    /** Exit code for a mistake in what the user asked for. */
    static final int EXIT_USAGE = 2;
    /** Exit code for a command that {@code --timeout} ended. */
    static final int EXIT_TIMEOUT = 3;

    private final CounterRegistry registry;

    @Spec
    CommandSpec spec;

    /** The command over every provider found on the class path. */
    public CountersCommand() {
        this(CounterRegistry.systemDefault());
    }

    /** The command over the providers of {@code registry} (tests pass a chosen set). */
    public CountersCommand(CounterRegistry registry) {
        this.registry = requireNonNull(registry, "registry");
    }

    /** The command line over every provider found, with the exit codes and messages described above. */
    public static CommandLine commandLine() {
        return commandLine(CounterRegistry.systemDefault());
    }

    /** The command line over the providers of {@code registry}. */
    public static CommandLine commandLine(CounterRegistry registry) {
        CommandLine commandLine = new CommandLine(new CountersCommand(registry));
        commandLine.setParameterExceptionHandler(new UsageErrors());
        commandLine.setExecutionExceptionHandler(new ExecutionErrors());
        commandLine.setExecutionStrategy(new OutOfMemoryReported());
        return commandLine;
    }

    /** Where the subcommands get their counters. */
    CounterRegistry registry() {
        return registry;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing subcommand: choose one of "
                + String.join(", ", spec.subcommands().keySet()) + ". Start with: counters cost");
    }

    /**
     * Command-line mistakes: the message, picocli's suggestions for a misspelt name or option
     * ("Did you mean ..."), and where the help is; exit 2. Not the whole help: the one useful line
     * would drown in it.
     */
    private static final class UsageErrors implements IParameterExceptionHandler {
        @Override
        public int handleParseException(ParameterException ex, String[] args) {
            CommandLine commandLine = ex.getCommandLine();
            PrintWriter err = commandLine.getErr();
            err.println(commandLine.getColorScheme().errorText(prefix(commandLine) + Messages.visible(ex.getMessage())));
            boolean suggested = UnmatchedArgumentException.printSuggestions(ex, err);
            if (!suggested && ex instanceof UnmatchedArgumentException && !commandLine.getSubcommands().isEmpty()) {
                err.println("Commands: " + String.join(", ", commandLine.getSubcommands().keySet()));
            }
            err.println(helpPointer(commandLine));
            err.flush();
            return EXIT_USAGE;
        }
    }

    /** {@code See 'counters measure --help'.}: where the options and their defaults are listed. */
    private static String helpPointer(CommandLine commandLine) {
        return "See '" + commandLine.getCommandSpec().qualifiedName() + " --help'.";
    }

    /**
     * Runs the chosen command as picocli does by default ({@link CommandLine.RunLast}), and hands an
     * {@link OutOfMemoryError}, which picocli would let through to a stack trace and the JVM's exit
     * code 1, to {@link ExecutionErrors} as an {@link OutOfMemory} of the command that ran; any other
     * error likewise, as a failure (exit 5). Under
     * {@code ulimit -v} the JVM can run out of address space for a thread (the thread of
     * {@code --timeout}) long before its heap is full.
     */
    private static final class OutOfMemoryReported implements IExecutionStrategy {
        private final IExecutionStrategy runLast = new CommandLine.RunLast();

        @Override
        public int execute(ParseResult parseResult) {
            try {
                return runLast.execute(parseResult);
            } catch (OutOfMemoryError error) {
                OutOfMemory failure = new OutOfMemory(error);
                throw new ExecutionException(chosen(parseResult), failure.getMessage(), failure);
            } catch (Error error) {
                // The JVM's or the library's (a task's own are named as its failure): exit 5, never the JVM's 1,
                // which would read as a regression.
                throw new ExecutionException(chosen(parseResult), error.toString(), new IllegalStateException(error.toString(), error));
            }
        }

        private static CommandLine chosen(ParseResult parseResult) {
            List<CommandLine> chosen = parseResult.asCommandLineList();
            return chosen.get(chosen.size() - 1);
        }
    }

    /**
     * Failures while running. A {@link UserInputException} is the user's mistake: its message and
     * a pointer to the help, exit 2; a {@link TaskRunFailure} is the user's task failing: which run,
     * the exception and its message, exit 2. A {@link TimeLimit.Reached} is {@code --timeout}
     * ending the command, exit 3. An {@link OutOfMemory} is the JVM out of memory (or address space):
     * what to do, exit 5. A {@link CounterException}, {@link UnsupportedOperationException}
     * or {@link UncheckedIOException} is the platform saying no (a native call failed, a kind is
     * not served, a write failed): their messages name the call and the error, so they are printed
     * with their causes, exit 5. Anything else is a bug: message and stack trace for the report, exit 5.
     */
    private static final class ExecutionErrors implements IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception ex, CommandLine commandLine, ParseResult parseResult) {
            PrintWriter err = commandLine.getErr();
            try {
                return handle(ex, commandLine, err);
            } finally {
                err.flush();
            }
        }

        private static int handle(Exception ex, CommandLine commandLine, PrintWriter err) {
            if (ex instanceof OutputOptions.ReaderWentAway) {
                return EXIT_SUCCESS;
            }
            if (ex instanceof UserInputException) {
                printError(commandLine, ex.getMessage());
                err.println(helpPointer(commandLine));
                return EXIT_USAGE;
            }
            if (ex instanceof TaskRunFailure failure) {
                printError(commandLine, failure.getMessage());
                if (failure.showStackTrace()) {
                    failure.getCause().printStackTrace(err);
                } else {
                    err.println("Fix the task (or what it reads) and run again; --stack-trace shows where it failed.");
                }
                return EXIT_USAGE;
            }
            if (ex instanceof TimeLimit.Reached) {
                printError(commandLine, ex.getMessage());
                return EXIT_TIMEOUT;
            }
            if (ex instanceof OutOfMemory) {
                printError(commandLine, "failed: " + ex.getMessage());
                return EXIT_FAILURE;
            }
            printError(commandLine, "failed: " + (ex.getMessage() != null ? ex.getMessage() : ex.toString()));
            if (ex instanceof CounterException || ex instanceof UnsupportedOperationException
                    || ex instanceof UncheckedIOException) {
                for (Throwable cause = ex.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
                    err.println("  caused by " + cause);
                }
            } else {
                ex.printStackTrace(err);
            }
            return EXIT_FAILURE;
        }

        private static void printError(CommandLine commandLine, String message) {
            commandLine.getErr().println(commandLine.getColorScheme().errorText(prefix(commandLine) + Messages.visible(message)));
        }
    }

    private static String prefix(CommandLine commandLine) {
        return commandLine.getCommandSpec().qualifiedName() + ": ";
    }
}
