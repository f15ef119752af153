package dev.counters.examples;

/**
 * Text from the user (a path, a class name, an option value) inside a message for the terminal.
 * Control characters would be obeyed, not shown: an escape sequence in a {@code --class-path}
 * entry could recolour or clear the screen, a carriage return hide the start of the line. Here
 * they are written as escapes ({@code \u001b}, {@code \r}), so the user sees what they typed.
 */
final class Messages {
    private Messages() {}

    /** {@code text} in single quotes, every control character escaped: {@code 'lib\u001b[31m.jar'}. */
    static String quote(String text) {
        return "'" + escape(text, false) + "'";
    }

    /** {@code message} with every control character but the line break escaped: safe to print as it is. */
    static String visible(String message) {
        return message == null ? null : escape(message, true);
    }

    private static String escape(String text, boolean keepLineBreaks) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' && keepLineBreaks) {
                escaped.append(c);
            } else if (c == '\t') {
                escaped.append("\\t");
            } else if (c == '\n') {
                escaped.append("\\n");
            } else if (c == '\r') {
                escaped.append("\\r");
            } else if (Character.isISOControl(c) || isInvisibleFormatting(c)) {
                escaped.append(String.format("\\u%04x", (int) c));
            } else {
                escaped.append(c);
            }
        }
        return escaped.toString();
    }

    /** Line and paragraph separators and the bidirectional overrides, which reorder what a terminal shows. */
    private static boolean isInvisibleFormatting(char c) {
        return c == '\u2028' || c == '\u2029' || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069');
    }
}
