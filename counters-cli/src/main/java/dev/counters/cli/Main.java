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
        commandLine.setOut(StandardOutput.open());
        int exitCode = commandLine.execute(args);
        commandLine.getOut().flush();
        commandLine.getErr().flush();
        TimeLimit.commandFinished();
        System.exit(exitCode);
    }
}
