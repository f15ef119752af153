package dev.counters.measure.layers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Compare;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * counters-measure's layers, read from its compiled classes with {@code jdeps -verbose:class} (a
 * nested class counts as its file's): no cycle among its files; statistics and the verdict rule
 * ({@code internal.stats}) below the in-JVM engine ({@code internal}), below the forks
 * ({@code internal.fork}), below {@code Compare}, {@code Measure} and their results. (No source
 * file over 400 lines, in any module, is Checkstyle's rule in the root pom.)
 */
class LayersTest {
    private static final String ROOT = "dev.counters.measure.";
    private static final Pattern EDGE = Pattern.compile("^\\s+(dev\\.counters\\.measure\\S*)\\s+->\\s+(dev\\.counters\\.measure\\S*)");
    private static final Map<String, Set<String>> DEPENDS = new TreeMap<>();

    @BeforeAll
    static void readTheClasses(@TempDir Path copy) throws IOException, URISyntaxException {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(jdeps != null, "this JVM has no jdeps");
        Path classes = Path.of(Compare.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).filter(f -> f.toString().endsWith(".class")).toList()) {
                if (!file.getFileName().toString().equals("module-info.class")) {
                    Path target = copy.resolve(classes.relativize(file).toString());
                    Files.createDirectories(target.getParent());
                    Files.copy(file, target);
                }
            }
        }
        StringWriter out = new StringWriter();
        assertEquals(0, jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:class", "-filter:none", copy.toString()),
                out.toString());
        for (String line : out.toString().split("\n")) {
            Matcher edge = EDGE.matcher(line);
            if (edge.find()) {
                String from = file(edge.group(1));
                String to = file(edge.group(2));
                DEPENDS.computeIfAbsent(from, k -> new TreeSet<>());
                if (!from.equals(to)) {
                    DEPENDS.get(from).add(to);
                }
            }
        }
        assertTrue(DEPENDS.size() > 40, "jdeps read " + DEPENDS.keySet());
    }

    /** {@code internal.fork.ForkChild} for {@code dev.counters.measure.internal.fork.ForkChild$1}. */
    private static String file(String className) {
        return className.substring(ROOT.length()).replaceAll("\\$.*", "");
    }

    private static String layer(String file) {
        if (file.startsWith("internal.stats.")) {
            return "stats";
        }
        if (file.startsWith("internal.fork.")) {
            return "fork";
        }
        return file.startsWith("internal.") ? "engine" : "api";
    }

    @Test
    void noFileDependsOnItselfThroughOthers() {
        List<List<String>> cycles = cycles();
        assertEquals(List.of(), cycles, "files that depend on each other in a circle");
    }

    @Test
    void eachLayerLooksOnlyDownward() {
        Set<String> results = Set.of("Compare", "CompareResult", "Measure", "MeasureResult");
        List<String> upward = new ArrayList<>();
        DEPENDS.forEach((from, tos) -> tos.forEach(to -> {
            String f = layer(from);
            String t = layer(to);
            boolean wrong = switch (f) {
                case "stats" -> !t.equals("stats") && !Set.of("Verdict", "CompareTerms").contains(to);
                case "engine" -> t.equals("fork") || results.contains(to);
                case "fork" -> results.contains(to);
                default -> false;
            };
            if (wrong) {
                upward.add(from + " -> " + to);
            }
        }));
        assertEquals(List.of(), upward, "a lower layer depends on a higher one");
    }

    /** Tarjan's strongly connected components of more than one file. */
    private static List<List<String>> cycles() {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<List<String>> found = new ArrayList<>();
        int[] next = {0};
        for (String file : DEPENDS.keySet()) {
            if (!index.containsKey(file)) {
                connect(file, index, low, stack, onStack, found, next);
            }
        }
        return found;
    }

    private static void connect(String file, Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack,
            Set<String> onStack, List<List<String>> found, int[] next) {
        index.put(file, next[0]);
        low.put(file, next[0]++);
        stack.push(file);
        onStack.add(file);
        for (String to : DEPENDS.getOrDefault(file, Set.of())) {
            if (!index.containsKey(to)) {
                connect(to, index, low, stack, onStack, found, next);
                low.put(file, Math.min(low.get(file), low.get(to)));
            } else if (onStack.contains(to)) {
                low.put(file, Math.min(low.get(file), index.get(to)));
            }
        }
        if (low.get(file).equals(index.get(file))) {
            List<String> component = new ArrayList<>();
            String member;
            do {
                member = stack.pop();
                onStack.remove(member);
                component.add(member);
            } while (!member.equals(file));
            if (component.size() > 1) {
                found.add(component);
            }
        }
    }
}
