package dev.counters.measure.internal.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult;
import dev.counters.measure.Conclusion;
import dev.counters.measure.ForkRun;
import dev.counters.measure.Verdict;
import dev.counters.measure.internal.LoopInliningProbe;
import dev.counters.measure.internal.fork.ForkTasks.FourTimes;
import dev.counters.measure.internal.fork.ForkTasks.NeverMade;
import dev.counters.measure.internal.fork.ForkTasks.NeverMadeInTheFirstFork;
import dev.counters.measure.internal.fork.ForkTasks.Once;
import dev.counters.measure.internal.fork.ForkTasks.Slow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real forks: fresh JVMs on this test's class path, each comparing two task classes. */
class ForkedCompareTest {
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
        assertEquals(3, result.forkRuns().size());
        assertTrue(result.nanosPerRunB() > 2 * result.nanosPerRunA(), result.toString());
        assertTrue(result.summary().startsWith("B takes "), result.summary());
        assertEquals(Compare.StopReason.DECIDED, result.stoppedBy(), result.toString());
        IllegalStateException noPairsHere = assertThrows(IllegalStateException.class, result::wall);
        assertTrue(noPairsHere.getMessage().contains("ran in 3 fresh JVMs"), noPairsHere.getMessage());
        assertThrows(IllegalStateException.class, conclusion::decidedBy);
        assertTrue(result.forkJvmOptions().contains("-XX:CompileCommand=quiet"), result.forkJvmOptions().toString());
    }

    @Test
    void forksOfTasksOfTensOfMillisecondsCountWhenEachHasAFewPairs() {
        // Before, a fork needed the 8 pairs of a 99% interval of its own: 60 ms runs in a 2 s share had 4 and were never counted.
        ForkedOutcome outcome = ForkTasks.forked(Slow.class, Slow.class, Duration.ofSeconds(12), 2, 2, List.of()).run();
        assertEquals(2, outcome.runs().stream().filter(ForkRun::counted).count(), outcome.toString());
        assertTrue(outcome.runs().stream().allMatch(run -> run.pairs() >= ForkJudgement.MIN_COUNTED_PAIRS), outcome.toString());
        assertTrue(!outcome.verdict().isDecisive(), "the same task: " + outcome);
    }

    @Test
    void aDuetRunsInEveryFork() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "a duet needs 2 CPUs");
        CompareResult result = Compare.of(Once.class, FourTimes.class).order(Compare.Order.DUET).forks(3)
                .budget(Duration.ofSeconds(9)).run();
        assertEquals(3, result.jvms(), result.toString());
        assertEquals(Verdict.SLOWER, result.verdict(), result.toString());
        assertTrue(result.conclusion().ratio() > 3 && result.conclusion().ratio() < 5.5, result.toString());
    }

    @Test
    void everyForkRunsWithTheAskedSettingsSentInItsRequest() {
        ForkedCompare forked = ForkTasks.forked(Once.class, FourTimes.class, Duration.ofSeconds(5), 2, 2, List.of("-Xmx64m"));
        List<String> command = forked.command(java.nio.file.Path.of("reply"));
        assertEquals(List.of("-Xmx64m"), command.subList(1, 2));
        assertEquals(List.of("-cp", System.getProperty("java.class.path"), ForkChild.class.getName(), "reply"),
                command.subList(command.size() - 4, command.size()), "no settings on the command line: they go in the request");
        // A real fork reads them: 8 pairs and no warm-up, in a budget too short for the default warm-up and 32 pairs.
        CompareResult result = Compare.of(Once.class, FourTimes.class).forks(2).minPairs(8).noWarmUp()
                .budget(Duration.ofSeconds(5)).run();
        assertEquals(2, result.jvms(), result.toString());
    }

    @Test
    void eachForkKeepsEachTasksLoopOutOfTheSharedMeasuringCodeAndInlinesTheTaskIntoItsOwnLoop() throws Exception {
        List<String> command = ForkTasks.forked(Once.class, FourTimes.class, Duration.ofSeconds(5), 2, 2, List.of("-Xmx64m"))
                .command(java.nio.file.Path.of("reply"));
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
        assertEquals(5, ForkedCompare.fewestForks(Duration.ofSeconds(10), 5, 8), "10 s: the fewest, 5");
        assertEquals(6, ForkedCompare.fewestForks(Duration.ofSeconds(15), 5, 8));
        assertEquals(8, ForkedCompare.fewestForks(Duration.ofSeconds(20), 5, 8), "20 s: 8 forks, the most");
        assertEquals(8, ForkedCompare.fewestForks(Duration.ofSeconds(60), 5, 8));
        assertEquals(8, ForkedCompare.fewestForks(Duration.ofMinutes(10), 5, 8));
        assertEquals(12, ForkedCompare.fewestForks(Duration.ofMinutes(10), 5, 12), "maxForks(12) lets more in");
        assertEquals(3, ForkedCompare.fewestForks(Duration.ofSeconds(60), 3, 3), "forks(3) is exactly 3");
    }

    @Test
    void taskClassesWithNoForksRunInThisJvmOnSeveralInstancesAndSaySo() {
        CompareResult result = Compare.of(Once.class, FourTimes.class).forks(0).budget(Duration.ofSeconds(2)).run();
        assertEquals(0, result.jvms());
        assertTrue(result.pairs() >= 8, result.toString());
        assertEquals(Verdict.SLOWER, result.verdict(), result.toString());
        assertEquals(List.of(), result.forkRuns());
        assertTrue(result.summary().contains("pairs, this JVM only"), result.summary());
    }

    @Test
    void aForkThatStallsIsKilledNamedAndNotCountedAndTheOthersDecide(@TempDir Path dir) {
        Path marker = dir.resolve("first-fork");
        // A grace of 2 s, not none: on a loaded machine a JVM may need more than twice a short share to start and warm up.
        ForkedOutcome outcome = ForkTasks.forked(Once.class, NeverMadeInTheFirstFork.class, Duration.ofSeconds(20), 5, 5,
                List.of("-Dcounters.test.marker=" + marker)).withStallGrace(Duration.ofSeconds(2)).run();
        assertTrue(Files.exists(marker), "the first fork made the marker");
        ForkRun first = outcome.runs().get(0);
        assertTrue(!first.counted() && first.leftOutReason().contains("was still running")
                && first.leftOutReason().contains("and was killed"), first.toString());
        assertTrue(outcome.runs().stream().anyMatch(ForkRun::counted), outcome.toString());
        assertEquals(0, ProcessHandle.current().descendants().count(), "the stalled fork was killed");
    }

    @Test
    void whenNoForkEndsTheComparisonSaysWhyAndLeavesNoForkRunning() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ForkTasks.forked(Once.class, NeverMade.class, Duration.ofSeconds(4), 2, 2, List.of())
                        .withStallGrace(Duration.ZERO).run());
        assertTrue(e.getMessage().startsWith("no fork measured a round of pairs: JVM 1 was still running"), e.getMessage());
        assertTrue(e.getMessage().contains("give a budget of") && e.getMessage().contains("or check that the tasks end"),
                e.getMessage());
        assertEquals(0, ProcessHandle.current().descendants().count(), "the stalled forks were killed");
    }
}
