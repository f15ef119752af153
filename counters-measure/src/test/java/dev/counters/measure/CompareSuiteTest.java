package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.internal.CostlyClock;
import dev.counters.measure.internal.CostlyCpuTimes;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite of two builds made here: a library whose new build does twice the work in one method and
 * the same in another, and task classes (compiled once, against the old build) that call it. The
 * truth is the construction: the doubled method's task regresses; a missing class, and a task calling a method only the new build
 * has, fail alone.
 */
class CompareSuiteTest {
    private static final String WORK = """
            package com.example.lib;

            public final class Work {
                private static long seed = 1;

                public static long doubled() { return steps(%d); }

                public static long same() { return steps(100_000); }
                %s

                private static long steps(int steps) {
                    for (int i = 0; i < steps; i++) {
                        seed ^= seed << 13;
                        seed ^= seed >>> 7;
                        seed ^= seed << 17;
                    }
                    return seed;
                }
            }
            """;
    private static final Map<String, String> TASKS = Map.of(
            "com.example.bench.Doubled", "package com.example.bench; public class Doubled implements "
                    + "dev.counters.measure.Task { public Object run() { return com.example.lib.Work.doubled(); } }",
            "com.example.bench.Same", "package com.example.bench; public class Same implements "
                    + "dev.counters.measure.Task { public Object run() { return com.example.lib.Work.same(); } }",
            "com.example.bench.UsesAdded", "package com.example.bench; public class UsesAdded implements "
                    + "dev.counters.measure.Task { public Object run() { return com.example.lib.Work.added(); } }");

    @Test
    void aSuiteOfTwoBuildsRegressesOnTheTaskWhoseCodeDoesTwiceTheWorkAndRecordsATaskThatFails(@TempDir Path dir)
            throws IOException {
        Path old = TaskBuilds.compile(dir, "old", Map.of("com.example.lib.Work", String.format(WORK, 100_000, "")), ".");
        Path now = TaskBuilds.compile(dir, "new", Map.of("com.example.lib.Work", String.format(WORK, 200_000,
                "public static long added() { return 1; }")), ".");
        Path tasks = TaskBuilds.compile(dir, "tasks", TASKS, System.getProperty("java.class.path") + File.pathSeparator + now);
        List<String> names = new ArrayList<>(CompareSuite.tasksIn("com.example.bench", tasks.toString()));
        names.add("com.example.bench.Gone");
        List<String> seen = new ArrayList<>();
        SuiteResult suite = CompareSuite.ofBuilds(names, old + File.pathSeparator + tasks, now + File.pathSeparator + tasks)
                .forks(0).margin(0.05).budget(Duration.ofSeconds(5)).budget("com.example.bench.Same", Duration.ofSeconds(2))
                .run(task -> seen.add(task.task()));

        assertEquals(List.of("com.example.bench.Doubled", "com.example.bench.Same", "com.example.bench.UsesAdded",
                "com.example.bench.Gone"), seen);
        SuiteResult.TaskOutcome usesAdded = suite.task("com.example.bench.UsesAdded").orElseThrow();
        assertInstanceOf(NoSuchMethodError.class, usesAdded.failure().orElseThrow().getCause(), suite.toString());
        SuiteResult.TaskOutcome gone = suite.task("com.example.bench.Gone").orElseThrow();
        assertInstanceOf(IllegalArgumentException.class, gone.failure().orElseThrow());
        assertEquals(List.of(usesAdded, gone), suite.failures());
        assertTrue(suite.toString().contains("com.example.bench.Gone: FAILED, java.lang.IllegalArgumentException"),
                suite.toString());
        SuiteResult.TaskOutcome doubled = suite.task("com.example.bench.Doubled").orElseThrow();
        assertEquals(0.05, doubled.result().orElseThrow().margin());
        assumeDecided(doubled, suite);
        assertEquals(GateOutcome.REGRESSED, doubled.gateOutcome(), suite.toString());
        assertTrue(doubled.result().orElseThrow().conclusion().ratio() > 1.6, suite.toString());
        CompareResult same = suite.task("com.example.bench.Same").orElseThrow().result().orElseThrow();
        assertTrue(same.gateOutcome() != GateOutcome.REGRESSED, suite.toString());
        assertEquals(List.of(doubled), suite.regressions());
        assertEquals(GateOutcome.REGRESSED, suite.gateOutcome());
        assertTrue(suite.summary().startsWith("REGRESSED: 1 of 4 tasks regressed beyond a margin of 5.0% "
                + "(com.example.bench.Doubled)"), suite.summary());
    }

    /**
     * On a machine so busy that a comparison built to decide could not, the test is aborted with
     * the reason: a decided comparison must decide right, and none is forced.
     */
    private static void assumeDecided(SuiteResult.TaskOutcome task, SuiteResult suite) {
        Assumptions.assumeFalse(task.gateOutcome() == GateOutcome.UNDECIDED,
                () -> "the machine was too busy for the comparison to decide: " + suite);
    }

    /** Fake clocks: B's runs take {@code percent} percent of A's, exactly. */
    private static CompareResult fake(int percent) {
        CostlyClock wall = new CostlyClock(0);
        CostlyCpuTimes cpu = new CostlyCpuTimes(0, 0);
        return FakeCompare.of(() -> step(wall, cpu, 100_000), () -> step(wall, cpu, 1_000 * percent), wall, cpu).margin(0.02)
                .run();
    }

    private static Object step(CostlyClock wall, CostlyCpuTimes cpu, long nanos) {
        wall.advance(nanos);
        cpu.advance(0, nanos);
        return null;
    }

    @Test
    void theSuiteRegressesIfAnyTaskRegressedFailsIfOneCouldNotBeMeasuredAndPassesOtherwise() {
        SuiteResult.TaskOutcome slower = SuiteResult.TaskOutcome.ran("slower", fake(105));
        SuiteResult.TaskOutcome alike = SuiteResult.TaskOutcome.ran("alike", fake(101));
        SuiteResult.TaskOutcome faster = SuiteResult.TaskOutcome.ran("faster", fake(90));
        SuiteResult.TaskOutcome failed = SuiteResult.TaskOutcome.failed("failed", new IllegalStateException("fork died"));
        assertEquals(List.of(GateOutcome.REGRESSED, GateOutcome.PASSED, GateOutcome.PASSED, GateOutcome.FAILED),
                List.of(slower.gateOutcome(), alike.gateOutcome(), faster.gateOutcome(), failed.gateOutcome()));
        assertEquals(GateOutcome.REGRESSED, suite(alike, failed, slower).gateOutcome());
        assertEquals(GateOutcome.FAILED, suite(alike, failed, faster).gateOutcome());
        assertEquals(GateOutcome.PASSED, suite(alike, faster).gateOutcome());
        assertTrue(suite(alike, failed).summary().startsWith("FAILED: 0 of 2 tasks regressed beyond a margin of 2.0%, "
                + "0 undecided, 1 failed, 1 passed"), suite(alike, failed).summary());
        assertTrue(slower.toString().startsWith("slower: REGRESSED, slower, B/A 1.0500 [1.0500, 1.0500]"), slower.toString());
    }

    private static SuiteResult suite(SuiteResult.TaskOutcome... tasks) {
        return new SuiteResult(List.of(tasks), 0.02, Duration.ofSeconds(1));
    }

    @Test
    void badSuitesAreRefusedSayingWhatWasWrong() {
        assertThrows(IllegalArgumentException.class, () -> CompareSuite.ofBuilds(List.of(), "a.jar", "b.jar"));
        assertThrows(IllegalArgumentException.class, () -> CompareSuite.ofBuilds(List.of("X", "X"), "a.jar", "b.jar"));
        assertThrows(IllegalArgumentException.class, () -> CompareSuite.ofBuilds(List.of("X"), "a.jar", " "));
        assertThrows(IllegalStateException.class, () -> CompareSuite.ofBuilds(List.of("X"), "a", "b").pair("p", Task.class,
                Task.class));
        assertThrows(IllegalStateException.class, () -> CompareSuite.ofBuilds(List.of("X"), "a", "b").pair("p", "A", "B", "c"));
        IllegalArgumentException noPath = assertThrows(IllegalArgumentException.class,
                () -> CompareSuite.ofPairs().pair("p", "com.example.A", "com.example.B", " "));
        assertTrue(noPath.getMessage().contains("the tasks' class path is empty"), noPath.getMessage());
        assertEquals(List.of("p"), CompareSuite.ofPairs().pair("p", "com.example.A", "com.example.B", "x.jar").tasks());
        IllegalArgumentException taken = assertThrows(IllegalArgumentException.class, () -> CompareSuite.ofPairs()
                .pair("p", Once.class, Thrice.class).pair("p", "com.example.A", "com.example.B", " "));
        assertTrue(taken.getMessage().contains("each pair needs a name of its own, was 'p' (taken: [p])"), taken.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CompareSuite.ofPairs().pair(" ", Once.class, Thrice.class));
        assertThrows(IllegalStateException.class, () -> CompareSuite.ofPairs().run());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> CompareSuite.ofBuilds(List.of("X"), "a", "b").budget("Y", Duration.ofSeconds(1)).run());
        assertTrue(unknown.getMessage().contains("'Y', which is no task of this suite: [X]"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CompareSuite.ofPairs().margin(2));
        assertThrows(IllegalArgumentException.class, () -> CompareSuite.ofPairs().budget(Duration.ofMillis(1)));
    }

    @Test
    void everyTasksSettingsAreCheckedBeforeAnyRunsWithoutLoadingATaskClass() {
        // No class of these names exists: check() reads the settings alone, as the command line does before it runs a suite.
        List<String> tasks = List.of("com.example.Nowhere", "com.example.Elsewhere");
        CompareSuite fine = CompareSuite.ofBuilds(tasks, "a.jar", "b.jar").budget("com.example.Elsewhere", Duration.ofSeconds(40));
        assertEquals(fine, fine.check(), "the defaults and a longer budget hold the forks");

        CompareSuite tooShort = CompareSuite.ofBuilds(tasks, "a.jar", "b.jar").budget("com.example.Elsewhere", Duration.ofSeconds(1));
        IllegalArgumentException named = assertThrows(IllegalArgumentException.class, tooShort::run, "refused before a task ran");
        String fewest = "a comparison in " + Compare.DEFAULT_MIN_FORKS + " fresh JVMs needs a budget of at least";
        assertTrue(named.getMessage().startsWith("com.example.Elsewhere, with its own budget: " + fewest), named.getMessage());
        IllegalArgumentException alone = assertThrows(IllegalArgumentException.class, () -> tooShort.check("com.example.Elsewhere"));
        assertTrue(alone.getMessage().startsWith(fewest), "as Compare says it: " + alone.getMessage());
        IllegalArgumentException suiteWide = assertThrows(IllegalArgumentException.class,
                () -> CompareSuite.ofBuilds(tasks, "a.jar", "b.jar").budget(Duration.ofSeconds(1)).check());
        assertTrue(suiteWide.getMessage().startsWith(fewest), "the suite's budget is no one task's: " + suiteWide.getMessage());
        IllegalStateException noCompare = assertThrows(IllegalStateException.class,
                () -> CompareSuite.ofBuilds(tasks, "a.jar", "b.jar").each(c -> null).run());
        assertTrue(noCompare.getMessage().contains("each() returned null"), noCompare.getMessage());
        assertEquals(tooShort, tooShort.check("com.example.Nowhere"), "the other task's budget is the suite's");
        assertThrows(IllegalArgumentException.class, () -> tooShort.check("com.example.Other"));

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> CompareSuite.ofBuilds(tasks, "a.jar", "b.jar").each(c -> c.confidence(0.3)).check());
        assertTrue(refused.getMessage().startsWith("the confidence is from 0.5"), refused.getMessage());
        IllegalStateException order = assertThrows(IllegalStateException.class,
                () -> CompareSuite.ofPairs().pair("p", "com.example.A", "com.example.B", "x.jar")
                        .each(c -> c.order(Compare.Order.SEQUENTIAL)).run());
        assertTrue(order.getMessage().startsWith("Order.SEQUENTIAL shows one JVM's pairs"), order.getMessage());
        assertEquals(List.of("p"), CompareSuite.ofPairs().pair("p", "com.example.A", "com.example.B", "x.jar")
                .each(c -> c.order(Compare.Order.SEQUENTIAL)).forks(0).check().tasks(), "in this JVM it may");
        // Every task with a budget of its own: a mistake elsewhere is still not blamed on that budget.
        CompareSuite allOwn = CompareSuite.ofPairs().pair("p", "com.example.A", "com.example.B", "x.jar")
                .budget("p", Duration.ofSeconds(30));
        IllegalStateException sequential = assertThrows(IllegalStateException.class,
                () -> allOwn.each(c -> c.order(Compare.Order.SEQUENTIAL)).check());
        assertTrue(sequential.getMessage().startsWith("Order.SEQUENTIAL"), sequential.getMessage());
        IllegalArgumentException confidence = assertThrows(IllegalArgumentException.class,
                () -> allOwn.each(c -> c.confidence(0.3)).check());
        assertTrue(confidence.getMessage().startsWith("the confidence is from 0.5"), confidence.getMessage());
    }

    /** Two task classes of this JVM: B does three times A's work. */
    public static final class Once implements Task {
        @Override
        public Object run() {
            return CpuBound.run(20_000);
        }
    }

    public static final class Thrice implements Task {
        @Override
        public Object run() {
            return CpuBound.run(60_000);
        }
    }

    @Test
    void aSuiteOfPairsComparesEachPairUnderItsName() {
        SuiteResult suite = CompareSuite.ofPairs().pair("thrice", Once.class, Thrice.class).pair("once", Once.class, Once.class)
                .forks(0).margin(0.05).budget(Duration.ofSeconds(4)).run();
        assertEquals(List.of("thrice", "once"), suite.tasks().stream().map(SuiteResult.TaskOutcome::task).toList());
        assumeDecided(suite.task("thrice").orElseThrow(), suite);
        assertEquals(GateOutcome.REGRESSED, suite.task("thrice").orElseThrow().gateOutcome(), suite.toString());
        assertTrue(suite.task("once").orElseThrow().gateOutcome() != GateOutcome.REGRESSED, suite.toString());
    }
}
