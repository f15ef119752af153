package dev.counters.cli;

import dev.counters.cli.report.ShutdownHooks;
import picocli.CommandLine;

/**
 * Runs the {@code counters} command line: {@code java -jar counters.jar cost}. See
 * {@link CountersCommand} for the subcommands.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // Charts are drawn off screen; no display is needed or wanted.
        System.setProperty("java.awt.headless", "true");
        CommandLine commandLine = CountersCommand.commandLine();
        // The report owns standard output (file descriptor 1, kept aside by StandardOutput); whatever a
        // --task or a library prints through System.out goes to standard error, so that a JSON or CSV
        // report stays whole and valid however chatty the task. Never undone: a task still running after
        // --timeout may print until the JVM ends.
        commandLine.setOut(StandardOutput.open());
        System.setOut(System.err);
        ReportOnSignal.watch();
        int exitCode = CountersCommand.EXIT_FAILURE;
        try {
            exitCode = commandLine.execute(args);
            if (completed(exitCode) && ReportOnSignal.cameUntold()) {
                commandLine.getErr().println(commandLine.getCommandName() + ": a signal (SIGINT or SIGTERM) came after the "
                        + "measurement; the command was let finish, and what it printed is whole");
            }
            commandLine.getOut().flush();
            commandLine.getErr().flush();
        } finally {
            ReportOnSignal.commandFinished();
        }
        if (ShutdownHooks.shuttingDown()) {
            ReportOnSignal.awaitTheHalt(); // the signal's exit code, 130 or 143, not the command's
        }
        System.exit(exitCode);
    }

    /** Whether the command ran to its end: success, or a gate's answer (a regression, an undecided comparison). */
    private static boolean completed(int exitCode) {
        return exitCode == CountersCommand.EXIT_SUCCESS || exitCode == GateOptions.EXIT_REGRESSION
                || exitCode == GateOptions.EXIT_UNDECIDED;
    }
}
