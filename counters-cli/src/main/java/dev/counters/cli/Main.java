package dev.counters.cli;

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
        int exitCode = execute(commandLine, args);
        if (ReportOnSignal.cameUntold()) {
            commandLine.getErr().println(commandLine.getCommandName() + ": a signal (SIGINT or SIGTERM) came before the "
                    + "command ended; it was let finish, and what it printed is whole");
        }
        commandLine.getOut().flush();
        commandLine.getErr().flush();
        ReportOnSignal.commandFinished();
        if (ReportOnSignal.shuttingDown()) {
            ReportOnSignal.awaitTheHalt(); // the signal's exit code, 130 or 143, not the command's
        }
        System.exit(exitCode);
    }

    /**
     * Runs the command. picocli hands exceptions to the command's handler, but lets errors through;
     * one here is the JVM's or the library's (a task's are named by the command, exit 2), and it ends
     * the command with exit code 5, never with the JVM's 1, which would read as a regression.
     */
    private static int execute(CommandLine commandLine, String[] args) {
        try {
            return commandLine.execute(args);
        } catch (Error e) {
            commandLine.getErr().println(commandLine.getCommandName() + ": failed: " + e);
            e.printStackTrace(commandLine.getErr());
            return CountersCommand.EXIT_FAILURE;
        }
    }
}
