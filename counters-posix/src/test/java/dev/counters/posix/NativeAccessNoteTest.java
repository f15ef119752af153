package dev.counters.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterInfo;
import dev.counters.CounterKind;
import dev.counters.Counters;
import dev.counters.testing.FreshJvm;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue #20 item 4: where JNA serves on JDK 22+ only because native access was not enabled, the
 * counter's description (and so {@code counters list}) says so, and gives the flag that would
 * let FFM serve.
 */
class NativeAccessNoteTest {

    @Test
    void withoutNativeAccessTheNotesSayWhyJnaServesAndGiveTheFlag() throws Exception {
        List<String> lines = FreshJvm.run(DescribeTick.class);
        String binding = value(lines, "binding");
        String notes = value(lines, "notes");
        assertEquals(CounterInfo.Binding.JNA.toString(), binding, String.join("\n", lines));
        if (Runtime.version().feature() >= 22) {
            assertTrue(notes.contains("read through JNA, not FFM: FFM could not link: native access is denied by the JVM, "
                    + "enable it with java --enable-native-access=ALL-UNNAMED (class path)"), notes);
        } else {
            assertFalse(notes.contains("not FFM"), "on JDK 17 FFM is no option, and the notes do not mention it: " + notes);
        }
    }

    @Test
    void withNativeAccessTheNotesSayNothingOfIt() throws Exception {
        List<String> lines = FreshJvm.run(DescribeTick.class, "--enable-native-access=ALL-UNNAMED");
        assertFalse(value(lines, "notes").contains("not FFM"), String.join("\n", lines));
    }

    private static String value(List<String> lines, String key) {
        return lines.stream().filter(line -> line.startsWith(key + "=")).map(line -> line.substring(key.length() + 1))
                .findFirst().orElseThrow(() -> new AssertionError("no " + key + " in " + lines));
    }

    /** Prints how TICK is read and its notes. */
    public static final class DescribeTick {
        public static void main(String[] args) {
            CounterInfo info = Counters.create(CounterKind.TICK).getInfo();
            System.out.println("binding=" + info.binding());
            System.out.println("notes=" + info.notes());
        }
    }
}
