package dev.counters.cli;

import dev.counters.cli.report.TerminalText;

/**
 * Text from the user (a path, a class name, an option value) inside a message for the terminal.
 * Control characters would be obeyed, not shown: an escape sequence in a {@code --class-path}
 * entry could recolour or clear the screen, a carriage return hide the start of the line. Here
 * they are written as escapes ({@code \u001b}, {@code \r}), so the user sees what they typed
 * ({@link TerminalText} does the escaping, for reports too).
 */
final class Messages {
    private Messages() {}

    /** {@code text} in single quotes, every control character escaped: {@code 'lib\u001b[31m.jar'}. */
    static String quote(String text) {
        return "'" + TerminalText.line(text) + "'";
    }

    /** {@code message} with every control character but the line break escaped: safe to print as it is. */
    static String visible(String message) {
        return TerminalText.visible(message);
    }
}
