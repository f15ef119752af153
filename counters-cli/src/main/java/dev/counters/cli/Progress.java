package dev.counters.cli;

import dev.counters.cli.report.TerminalText;
import java.io.PrintWriter;

/**
 * Tells the user on standard error what a long command is doing, so that standard output holds
 * only the report (and pipes cleanly into a file or {@code jq}). {@code --quiet} silences it. What it
 * says may name the user's task, whose control characters are shown escaped ({@link TerminalText#line}).
 */
final class Progress {
    private final PrintWriter err;
    private final String command;
    private final boolean enabled;

    Progress(PrintWriter err, String command, boolean enabled) {
        this.err = err;
        this.command = command;
        this.enabled = enabled;
    }

    /** Says what starts now. */
    void step(String what) {
        if (enabled) {
            err.println("counters " + command + ": " + TerminalText.line(what));
            err.flush();
        }
    }
}
