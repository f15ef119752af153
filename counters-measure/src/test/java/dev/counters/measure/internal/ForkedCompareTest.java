package dev.counters.measure.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult;
import dev.counters.measure.CompareResult.Conclusion;
import dev.counters.measure.Task;
import dev.counters.measure.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real forks: fresh JVMs on this test's class path, each comparing two task classes. */
class ForkedCompareTest {
    /** {@code steps} xorshift steps a run. */
    abstract static class Steps implements Task {
        private final int steps;
        private long seed = 1;

        Steps(int steps) {
            this.steps = steps;
        }

        @Override
        public Object run() {
            seed = SpinWorkload.spin(steps, seed);
            return seed;
        }
    }

    /** About 0.3 ms of xorshift steps. */
    public static final class Once extends Steps {
        public Once() {
            super(100_000);
        }
    }

    /** Twice {@link Once}'s work. */
    public static final class Twice extends Steps {
        public Twice() {
            super(200_000);
        }
    }

    /** Four times {@link Once}'s work. */
    public static final class FourTimes extends Steps {
        public FourTimes() {
            super(400_000);
        }
    }

    @Test
    void fourTimesTheWorkIsSlowerInEveryJvmAndOverThem() {
        // Three forks: with two, Student's t has one degree of freedom (63.7 standard errors at 99%). Four times the work,
        // so that even a loaded machine's spread between instances (the forks' floor) leaves the interval above 1.
        CompareResult result = Compare.of(Once.class, FourTimes.class).forks(3).budget(Duration.ofSeconds(12)).run();
        assertEquals(3, result.jvms(), result.toString());
        assertEquals(Verdict.SLOWER, result.verdict(), result.toString());
        Conclusion conclusion = result.conclusion();
        assertTrue(conclusion.low() > 1 && conclusion.low() <= conclusion.ratio() && conclusion.ratio() <= conclusion.high(),
                result.toString());
        assertTrue(conclusion.ratio() > 3 && conclusion.ratio() < 5.5, result.toString());
        assertTrue(conclusion.confidence() >= 0.99, result.toString());
        assertEquals(3, result.jvmVerdicts().size());
        assertEquals(3, result.jvmWallRatios().length);
        assertEquals(Compare.StopReason.DECIDED, result.stoppedBy(), result.toString());
        IllegalStateException noPairsHere = assertThrows(IllegalStateException.class, result::wall);
        assertTrue(noPairsHere.getMessage().contains("ran in 3 fresh JVMs"), noPairsHere.getMessage());
        assertThrows(IllegalStateException.class, conclusion::decidedBy);
    }

    /** About 60 ms of xorshift steps a run: a round of four pairs (sixteen runs, half of them re-warming) takes a second. */
    public static final class Slow extends Steps {
        public Slow() {
            super(20_000_000);
        }
    }

    @Test
    void forksWithTooFewPairsAreReportedButNeverCounted() {
        ForkedCompare.Result result = ForkedCompare.of(Slow.class.getName(), Slow.class.getName()).minForks(2).maxForks(2)
                .budget(Duration.ofSeconds(4)).run();
        assertEquals(Verdict.TOO_FEW, result.verdict(), result.toString());
        assertTrue(result.forks() >= 1 && result.forkVerdicts().stream().allMatch("too_few"::equals), result.toString());
        assertTrue(result.reason().contains("none of the " + result.forks() + " JVMs had enough pairs"), result.reason());
        assertTrue(result.reason().contains("give a longer budget"), result.reason());
    }

    @Test
    void aDuetRunsInEveryFork() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "a duet needs 2 CPUs");
        CompareResult result = Compare.of(Once.class, FourTimes.class).order(Compare.Order.DUET).forks(3)
                .budget(Duration.ofSeconds(9)).run();
        assertEquals(3, result.jvms(), result.toString());
        assertEquals(Verdict.SLOWER, result.verdict(), result.toString());
        assertTrue(result.conclusion().ratio() > 3 && result.conclusion().ratio() < 5.5, result.toString());
        assertThrows(IllegalArgumentException.class,
                () -> ForkedCompare.of(Once.class.getName(), Twice.class.getName()).order(Compare.Order.SEQUENTIAL));
    }

    @Test
    void everyForkRunsWithTheAskedPairsAndWarmUp() {
        ForkedCompare forked = ForkedCompare.of(Once.class.getName(), Twice.class.getName()).jvmOptions(List.of("-Xmx64m"))
                .minPairs(12).warmUp(Duration.ofMillis(300)).confidence(0.95).target(0.01).by(Compare.JudgedBy.WALL);
        List<String> command = forked.command(Duration.ofMillis(2500));
        assertEquals(List.of("-Xmx64m"), command.subList(1, 2));
        int cp = command.indexOf("-cp");
        assertEquals(List.of(ForkChild.class.getName(), Once.class.getName(), Twice.class.getName(), "2500", "0.95", "0.0",
                "0.01", "WALL", "ALTERNATING", "12", "300000000"), command.subList(cp + 2, command.size()));
        List<String> none = ForkedCompare.of(Once.class.getName(), Twice.class.getName()).warmUp(Duration.ZERO)
                .command(Duration.ofSeconds(1));
        assertEquals(List.of(String.valueOf(Compare.DEFAULT_MIN_PAIRS), "0"), none.subList(none.size() - 2, none.size()),
                "the defaults, and no warm-up as 0");
        assertThrows(IllegalArgumentException.class, () -> forked.minPairs(7));
        assertThrows(IllegalArgumentException.class, () -> forked.warmUp(Duration.ofMillis(-1)));
        // A real fork reads them: 8 pairs and no warm-up, in a budget too short for the default warm-up and 32 pairs.
        CompareResult result = Compare.of(Once.class, FourTimes.class).forks(2).minPairs(8).noWarmUp()
                .budget(Duration.ofSeconds(5)).run();
        assertEquals(2, result.jvms(), result.toString());
    }

    @Test
    void eachForkKeepsEachTasksLoopOutOfTheSharedMeasuringCodeAndInlinesTheTaskIntoItsOwnLoop() throws Exception {
        List<String> command = ForkedCompare.of(Once.class.getName(), Twice.class.getName()).jvmOptions(List.of("-Xmx64m"))
                .command(Duration.ofMillis(2500));
        List<String> options = List.of("-XX:CompileCommand=quiet",
                "-XX:CompileCommand=dontinline,dev.counters.measure.internal.TaskLoopCode*::run");
        assertEquals(options, command.subList(2, 4), "after the user's options");
        assertEquals("-cp", command.get(4));
        // HotSpot itself, compiling at once (-Xbatch): a call site that sees both loops keeps each a call, and each
        // loop, a hidden copy named after TaskLoopCode, inlines its task.
        List<String> probe = new ArrayList<>(List.of(command.get(0), "-Xbatch", "-XX:+UnlockDiagnosticVMOptions",
                "-XX:+PrintInlining", options.get(1), "-cp", System.getProperty("java.class.path"),
                LoopInliningProbe.class.getName()));
        Process process = new ProcessBuilder(probe).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), out);
        assertTrue(out.contains("CompileCommand: dontinline dev/counters/measure/internal/TaskLoopCode*.run bool dontinline = true"),
                out);
        List<String> kept = out.lines().filter(line -> line.contains("TaskLoopCode/") && line.contains("::run")
                && line.contains("disallowed by CompileCommand")).toList();
        assertTrue(kept.size() >= 2, "both loops kept out of the code that calls them:\n" + out);
        assertTrue(out.lines().anyMatch(line -> line.contains(LoopInliningProbe.Steps.class.getName() + "::run")
                && line.contains("inline")), "the task inlined into its loop:\n" + out);
    }

    @Test
    void aLongerBudgetPlansMoreForksBeforeTheFirstLookUpToTheMost() {
        assertEquals(5, ForkedCompare.fewestForks(Duration.ofSeconds(20), 5, 8), "the default budget: the fewest, 5");
        assertEquals(6, ForkedCompare.fewestForks(Duration.ofSeconds(36), 5, 8));
        assertEquals(8, ForkedCompare.fewestForks(Duration.ofSeconds(60), 5, 8), "60 s: 8 forks, the most");
        assertEquals(8, ForkedCompare.fewestForks(Duration.ofMinutes(10), 5, 8));
        assertEquals(12, ForkedCompare.fewestForks(Duration.ofMinutes(10), 5, 12), "maxForks(12) lets more in");
        assertEquals(3, ForkedCompare.fewestForks(Duration.ofSeconds(60), 3, 3), "forks(3) is exactly 3");
    }

    @Test
    void taskClassesWithNoForksRunInThisJvmOnSeveralInstancesAndSaySo() {
        CompareResult result = Compare.of(Once.class, Twice.class).forks(0).budget(Duration.ofSeconds(2)).run();
        assertEquals(0, result.jvms());
        assertTrue(result.pairs() >= 8, result.toString());
        assertEquals(Verdict.SLOWER, result.verdict(), result.toString());
        assertEquals(List.of(), result.jvmVerdicts());
    }

    @Test
    void lambdasCannotForkAndOneForkIsNoInterval() {
        Compare lambdas = Compare.of(() -> 1, () -> 2);
        assertThrows(IllegalStateException.class, () -> lambdas.forks(2));
        assertThrows(IllegalArgumentException.class, () -> Compare.of(Once.class, Twice.class).forks(1));
        assertThrows(IllegalStateException.class,
                () -> Compare.of(Once.class, Twice.class).order(Compare.Order.SEQUENTIAL).forks(2).run());
    }

    /** Never returns from being made. */
    public static final class NeverMade extends Steps {
        public NeverMade() {
            super(100_000);
            hang();
        }
    }

    /**
     * Never returns from being made in the first JVM that makes it: the one that creates the file
     * the system property {@code counters.test.marker} names; made at once in every other.
     */
    public static final class NeverMadeInTheFirstFork extends Steps {
        public NeverMadeInTheFirstFork() {
            super(100_000);
            try {
                Files.createFile(Path.of(System.getProperty("counters.test.marker")));
            } catch (FileAlreadyExistsException e) {
                return;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            hang();
        }
    }

    private static void hang() {
        while (true) {
            LockSupport.park();
        }
    }

    @Test
    void aForkThatStallsIsKilledNamedAndNotCountedAndTheOthersDecide(@TempDir Path dir) {
        Path marker = dir.resolve("first-fork");
        ForkedCompare.Result result = ForkedCompare.of(Once.class.getName(), NeverMadeInTheFirstFork.class.getName())
                .systemProperty("counters.test.marker", marker.toString()).stallGrace(Duration.ZERO)
                .budget(Duration.ofSeconds(10)).run();
        assertTrue(Files.exists(marker), "the first fork made the marker");
        assertEquals(List.of("fork 1"), result.stalledForks().stream().map(s -> s.substring(0, 6)).toList(), result.toString());
        assertTrue(result.reason().contains("not counted: fork 1 was still running"), result.reason());
        assertTrue(result.reason().contains("and was killed"), result.reason());
        assertTrue(result.forks() >= 1 && result.forkVerdicts().size() == result.forks(), result.toString());
        assertEquals(0, ProcessHandle.current().descendants().count(), "the stalled fork was killed");
    }

    @Test
    void whenNoForkEndsTheComparisonSaysWhyAndLeavesNoForkRunning() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ForkedCompare.of(Once.class.getName(), NeverMade.class.getName()).minForks(2).maxForks(2)
                        .stallGrace(Duration.ZERO).budget(Duration.ofSeconds(4)).run());
        assertTrue(e.getMessage().startsWith("no fork ended: fork 1 was still running"), e.getMessage());
        assertTrue(e.getMessage().contains("give a longer budget, or check that the tasks end"), e.getMessage());
        assertEquals(0, ProcessHandle.current().descendants().count(), "the stalled forks were killed");
    }

    @Test
    void aForkMayTakeTwiceItsShareAndTheGraceBeforeItCountsAsStalled() {
        assertEquals(Duration.ofSeconds(38), ForkedCompare.stallLimit(Duration.ofSeconds(4), ForkedCompare.STALL_GRACE));
        assertThrows(IllegalArgumentException.class, () -> ForkedCompare.of("A", "B").stallGrace(Duration.ofSeconds(-1)));
    }

    @Test
    void aForkThatFailsSaysWhy() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ForkedCompare.of("no.such.TaskA", Twice.class.getName()).minForks(2).maxForks(2).run());
        assertTrue(e.getMessage().contains("ended with exit code 1 and no result"), e.getMessage());
    }
}
