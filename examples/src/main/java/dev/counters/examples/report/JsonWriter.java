package dev.counters.examples.report;

import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A small streaming JSON writer (RFC 8259), indented two spaces: the one place where the
 * command line writes JSON. Strings are escaped completely (quotes, backslash, every control
 * character); numbers that have no JSON form (NaN, infinities) are written as {@code null}.
 *
 * <pre>{@code
 * json.beginObject().name("hz").value(2.9e9).name("samples").beginArray().value(1).endArray().endObject();
 * }</pre>
 */
public final class JsonWriter {
    private final PrintWriter out;
    /** Per open container: whether it has an element yet. */
    private final Deque<boolean[]> open = new ArrayDeque<>();
    private boolean afterName;

    public JsonWriter(PrintWriter out) {
        this.out = out;
    }

    public JsonWriter beginObject() {
        beforeValue();
        out.print('{');
        open.push(new boolean[1]);
        return this;
    }

    public JsonWriter endObject() {
        return close('}');
    }

    public JsonWriter beginArray() {
        beforeValue();
        out.print('[');
        open.push(new boolean[1]);
        return this;
    }

    public JsonWriter endArray() {
        return close(']');
    }

    /** The name of the next member of the current object. */
    public JsonWriter name(String name) {
        beforeValue();
        out.print(quote(name));
        out.print(": ");
        afterName = true;
        return this;
    }

    public JsonWriter value(String text) {
        if (text == null) {
            return nullValue();
        }
        beforeValue();
        out.print(quote(text));
        return this;
    }

    public JsonWriter value(long number) {
        beforeValue();
        out.print(number);
        return this;
    }

    public JsonWriter value(double number) {
        if (!Double.isFinite(number)) {
            return nullValue();
        }
        beforeValue();
        out.print(HumanNumbers.plain(number));
        return this;
    }

    public JsonWriter value(boolean flag) {
        beforeValue();
        out.print(flag);
        return this;
    }

    public JsonWriter nullValue() {
        beforeValue();
        out.print("null");
        return this;
    }

    /** Writes a String, Number, Boolean, Iterable of those, or null. */
    public JsonWriter value(Object value) {
        if (value == null) {
            return nullValue();
        }
        if (value instanceof String) {
            return value((String) value);
        }
        if (value instanceof Boolean) {
            return value(((Boolean) value).booleanValue());
        }
        if (value instanceof Double || value instanceof Float) {
            return value(((Number) value).doubleValue());
        }
        if (value instanceof Number) {
            return value(((Number) value).longValue());
        }
        if (value instanceof Iterable) {
            beginArray();
            for (Object element : (Iterable<?>) value) {
                value(element);
            }
            return endArray();
        }
        throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
    }

    /** Ends the document with a line break and flushes. */
    public void finish() {
        if (!open.isEmpty()) {
            throw new IllegalStateException(open.size() + " JSON containers are still open");
        }
        out.println();
        out.flush();
    }

    private JsonWriter close(char bracket) {
        if (open.isEmpty()) {
            throw new IllegalStateException("no open JSON container to close with " + bracket);
        }
        boolean hadElements = open.pop()[0];
        if (hadElements) {
            newLine();
        }
        out.print(bracket);
        return this;
    }

    private void beforeValue() {
        if (afterName) {
            afterName = false;
            return;
        }
        if (!open.isEmpty()) {
            boolean[] hasElement = open.peek();
            if (hasElement[0]) {
                out.print(',');
            }
            hasElement[0] = true;
            newLine();
        }
    }

    private void newLine() {
        out.println();
        for (int i = 0; i < open.size(); i++) {
            out.print("  ");
        }
    }

    /** {@code text} as a JSON string literal: the one JSON escaping of the project (the benchmarks' environment file uses it too). */
    public static String quote(String text) {
        StringBuilder quoted = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"':
                    quoted.append("\\\"");
                    break;
                case '\\':
                    quoted.append("\\\\");
                    break;
                case '\n':
                    quoted.append("\\n");
                    break;
                case '\r':
                    quoted.append("\\r");
                    break;
                case '\t':
                    quoted.append("\\t");
                    break;
                case '\b':
                    quoted.append("\\b");
                    break;
                case '\f':
                    quoted.append("\\f");
                    break;
                default:
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        quoted.append(String.format("\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
            }
        }
        return quoted.append('"').toString();
    }
}
