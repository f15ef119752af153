package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the builder refuses before anything runs, and that every setter hands back the builder. */
class CompareBuilderTest {
    /** A task class any JVM can make. */
    public static final class Nothing implements Task {
        @Override
        public Object run() {
            return null;
        }
    }

    @Test
    void everySetterReturnsTheBuilder() {
        Compare compare = Compare.of(Nothing.class, Nothing.class);
        assertSame(compare, compare.jvmArgs(List.of("-Xmx1g")));
        assertSame(compare, compare.jvmOptions(List.of("-Xmx1g")));
        assertSame(compare, compare.jvmArgsAppend(List.of("-ea")));
        assertSame(compare, compare.systemProperty("size", "10"));
        assertSame(compare, compare.classPath("x.jar"));
        assertSame(compare, compare.by(Compare.JudgedBy.CPU));
        assertSame(compare, compare.order(Compare.Order.DUET));
        assertSame(compare, compare.target(0.01));
        assertSame(compare, compare.forks(3));
    }

    @Test
    void aBudgetTooShortForTheForksIsRefusedBeforeAnyForkSayingWhatItNeeds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Compare.of(Nothing.class, Nothing.class).budget(Duration.ofMillis(2499)).run());
        assertEquals("a comparison in 5 fresh JVMs needs a budget of at least 2500 ms (each JVM a share of 100 ms and about "
                + "400 ms to start and end), was 2499 ms: give a longer budget, or fewer forks", e.getMessage());
        IllegalArgumentException many = assertThrows(IllegalArgumentException.class,
                () -> Compare.of(Nothing.class, Nothing.class).forks(1000).budget(Duration.ofSeconds(2)).run());
        assertTrue(many.getMessage().startsWith("a comparison in 1000 fresh JVMs needs a budget of at least 500000 ms"),
                many.getMessage());
        assertEquals(0, ProcessHandle.current().descendants().count(), "no fork was started");
    }

    @Test
    void twoBuildsNeedAClassPathEachAndAClassThatIsThere() {
        IllegalArgumentException blank = assertThrows(IllegalArgumentException.class,
                () -> Compare.ofBuilds("com.example.Parser", "old.jar", " "));
        assertTrue(blank.getMessage().startsWith("each build needs a class path of its own"), blank.getMessage());
        assertThrows(NullPointerException.class, () -> Compare.ofBuilds(null, "a.jar", "b.jar"));
        IllegalArgumentException absent = assertThrows(IllegalArgumentException.class,
                () -> Compare.ofBuilds("com.example.Parser", "no-such-old.jar", "no-such-new.jar").forks(0).run());
        assertEquals("the class path of task A names no-such-old.jar, which does not exist", absent.getMessage());
        assertThrows(IllegalStateException.class, () -> Compare.of(() -> 1, () -> 2).forks(3));
    }

    @Test
    void aNullChoiceSaysWhatToPass() {
        NullPointerException by = assertThrows(NullPointerException.class, () -> Compare.of(() -> 1, () -> 2).by(null));
        assertTrue(by.getMessage().contains("JudgedBy.AUTO"), by.getMessage());
        NullPointerException order = assertThrows(NullPointerException.class, () -> Compare.of(() -> 1, () -> 2).order(null));
        assertTrue(order.getMessage().contains("Order.ALTERNATING"), order.getMessage());
    }
}
