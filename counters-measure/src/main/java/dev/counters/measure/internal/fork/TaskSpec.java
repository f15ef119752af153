package dev.counters.measure.internal.fork;

import static java.util.Objects.requireNonNull;

import java.io.Serializable;

/**
 * Which task a fork makes: a class name, and the class path it is loaded from ({@code ""}: the
 * fork's own class path).
 *
 * @param label {@code A} or {@code B}, as messages name it
 */
public record TaskSpec(String label, String className, String classPath) implements Serializable {
    private static final long serialVersionUID = 1L;

    public TaskSpec {
        requireNonNull(label, "label");
        requireNonNull(className, "className");
        requireNonNull(classPath, "classPath");
    }

    /** {@code A (com.example.Parser)}, with its class path when it has one of its own. */
    public String describe() {
        return label + " (" + className + (classPath.isEmpty() ? "" : " from " + classPath) + ")";
    }
}
