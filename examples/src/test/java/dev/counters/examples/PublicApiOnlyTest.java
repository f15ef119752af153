package dev.counters.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The examples use counters' public API only, and the library names no platform: checked on the
 * compiled classes, so that an import, a fully qualified name or a type in a signature all count.
 */
class PublicApiOnlyTest {
    /** The packages counters exports to everyone that the examples use. */
    private static final Pattern PUBLIC = Pattern.compile(
            "dev/counters/(?:scope/|measure/|micrometer/|examples/)?[A-Z][A-Za-z0-9_$]*");

    @Test
    void noExampleRefersToAnInternalOrPlatformPackage() {
        Map<String, Set<String>> references = ReferencedClasses.under("dev/counters/examples");
        assertTrue(references.size() >= 10, "found only " + references.keySet());
        List<String> wrong = new ArrayList<>();
        references.forEach((file, names) -> names.stream()
                .filter(n -> n.startsWith("dev/counters/") && !PUBLIC.matcher(n).matches()
                        && !n.startsWith("dev/counters/examples/"))
                .forEach(n -> wrong.add(file + " -> " + n)));
        assertEquals(List.of(), wrong, "classes outside the public API");
    }

    @Test
    void theLibraryDependsOnTheJdkAndCountersApiOnly() {
        Map<String, Set<String>> references = ReferencedClasses.under("dev/counters/examples/library");
        assertTrue(references.keySet().stream().anyMatch(f -> f.endsWith("WordIndex.class")), references.keySet().toString());
        Pattern allowed = Pattern.compile("java/[A-Za-z0-9_/$]+|dev/counters/[A-Z][A-Za-z0-9_$]*|dev/counters/examples/library/[A-Za-z0-9_$]+");
        List<String> wrong = new ArrayList<>();
        references.forEach((file, names) -> names.stream().filter(n -> !allowed.matcher(n).matches())
                .forEach(n -> wrong.add(file + " -> " + n)));
        assertEquals(List.of(), wrong, "the library may use the JDK and the dev.counters package (counters-api) only");
        assertTrue(references.values().stream().anyMatch(n -> n.contains("dev/counters/Counter")),
                "the scan sees the library's use of Counter: " + references);
    }
}
