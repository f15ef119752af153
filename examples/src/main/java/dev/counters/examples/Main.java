package dev.counters.examples;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
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
        commandLine.setOut(reportingStandardOutput());
        System.exit(commandLine.execute(args));
    }

    /**
     * Standard output written straight to file descriptor 1, so a failed write (a full disk, a
     * closed pipe) reaches the {@link PrintWriter}'s error flag: through {@link System#out}, a
     * {@link java.io.PrintStream} that keeps its own flag, the writer would never learn of it.
     */
    private static PrintWriter reportingStandardOutput() {
        String encoding = System.getProperty("stdout.encoding", System.getProperty("sun.stdout.encoding"));
        Charset charset = encoding != null && Charset.isSupported(encoding) ? Charset.forName(encoding) : Charset.defaultCharset();
        return new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), charset), true);
    }
}
