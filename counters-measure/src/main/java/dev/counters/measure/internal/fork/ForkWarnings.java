package dev.counters.measure.internal.fork;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The forks' warnings, each said once: warnings that differ only in their figures ("1 ms of
 * compilation in its last round, after 18 rounds" in one JVM, "3 ms ..., after 23 rounds" in the next)
 * are one warning, given as the first JVM worded it and followed by how many JVMs gave it.
 */
final class ForkWarnings {
    private final Map<String, Group> groups = new LinkedHashMap<>();
    private int jvms;

    private static final class Group {
        final String first;
        int jvms;

        Group(String first) {
            this.first = first;
        }
    }

    /** Adds the warnings of one more JVM. */
    void add(List<String> warnings) {
        jvms++;
        List<String> seenHere = new ArrayList<>();
        for (String warning : warnings) {
            String shape = warning.replaceAll("[0-9][0-9.,]*", "#");
            if (seenHere.contains(shape)) {
                continue;
            }
            seenHere.add(shape);
            groups.computeIfAbsent(shape, key -> new Group(warning)).jvms++;
        }
    }

    /** Each warning once, in the order first given; "(in 3 of 5 JVMs)" after one that more than one JVM gave. */
    List<String> list() {
        List<String> list = new ArrayList<>();
        for (Group group : groups.values()) {
            list.add(group.jvms > 1 ? group.first + " (in " + group.jvms + " of " + jvms + " JVMs; the figures are the first's)"
                    : group.first);
        }
        return list;
    }
}
