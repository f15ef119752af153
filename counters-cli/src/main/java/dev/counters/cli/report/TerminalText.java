package dev.counters.cli.report;

/**
 * Text from the user (a path, a class name, an option value) on its way to a terminal. Control
 * characters would be obeyed, not shown: an escape sequence in a {@code --task} class name could
 * recolour or clear the screen, a carriage return hide the start of a line, a line break split a
 * table row in two. Here they are written as escapes ({@code \u001b}, {@code \r}, {@code \n}), so
 * the user sees what they typed. JSON and CSV escape for themselves and need none of this.
 */
public final class TerminalText {
    private TerminalText() {}

    /** {@code text} with every control character escaped, line breaks too: one line, safe to print as it is. */
    public static String line(String text) {
        return text == null ? null : escape(text, false);
    }

    /** {@code message} with every control character but the line break escaped: safe to print as it is. */
    public static String visible(String message) {
        return message == null ? null : escape(message, true);
    }

    private static String escape(String text, boolean keepLineBreaks) {
        StringBuilder escaped = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String replacement = c == '\n' && keepLineBreaks ? null : replacement(c);
            if (replacement != null && escaped == null) {
                escaped = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (escaped != null) {
                escaped.append(replacement != null ? replacement : String.valueOf(c));
            }
        }
        return escaped == null ? text : escaped.toString();
    }

    /** How {@code c} is shown, or null where it is shown as it is. */
    private static String replacement(char c) {
        if (c == '\t') {
            return "\\t";
        }
        if (c == '\n') {
            return "\\n";
        }
        if (c == '\r') {
            return "\\r";
        }
        if (Character.isISOControl(c) || isInvisibleFormatting(c)) {
            return String.format("\\u%04x", (int) c);
        }
        return null;
    }

    /** Line and paragraph separators and the bidirectional overrides, which reorder what a terminal shows. */
    private static boolean isInvisibleFormatting(char c) {
        return c == '\u2028' || c == '\u2029' || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069');
    }
}
