package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import dev.counters.testing.FloorProvider;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When the platform fails rather than the user: exit 5, the failing call and its error code, no silent zero. */
class FailureTest {

    @Test
    void aCounterThatFailsIsReportedInItsRowWhileTheOthersAreMeasured() {
        Cli.Result result = quickCost(CounterKind.TICK, "--format", "csv");
        assertEquals(0, result.exitCode(), result.toString());
        List<Map<String, String>> rows = Cli.csv(result.out());
        assertEquals(3, rows.size());
        Map<String, String> tick = rows.get(2);
        assertEquals("TICK", tick.get("kind"), "failed kinds come last");
        assertEquals("", tick.get("cost_ns"), "no silent zero");
        assertTrue(tick.get("error").contains(FailingProvider.API) && tick.get("error").contains("22"), tick.toString());
        assertTrue(!rows.get(0).get("cost_ns").isEmpty() && rows.get(0).get("error").isEmpty(), rows.toString());
    }

    /** Issue #32 item 7: {@code cost --kind THREAD_TIMES} exited 0 when the one kind asked for could not be measured. */
    @Test
    void aKindAskedForByNameThatCannotBeMeasuredIsExitCodeFiveAfterTheReport() {
        Cli.Result result = quickCost(CounterKind.THREAD_TIMES, "--kind", "THREAD_TIMES", "--format", "csv");
        assertEquals(CountersCommand.EXIT_FAILURE, result.exitCode(), result.toString());
        assertEquals("THREAD_TIMES", Cli.csv(result.out()).get(0).get("kind"), "the report still says which and why");
        assertTrue(result.err().contains("counters cost: failed: THREAD_TIMES could not be measured: ")
                && result.err().contains(FailingProvider.API), result.err());
        assertTrue(result.err().lines().noneMatch(line -> line.matches("^\\s+at [\\w.$/]+\\(.*")), result.err());

        Cli.Result named = quickCost(CounterKind.THREAD_TIMES, "--kind", "PERFORMANCE,THREAD_TIMES");
        assertEquals(CountersCommand.EXIT_FAILURE, named.exitCode(), "one of two named kinds failed: " + named);
    }

    @Test
    void aFailingClockEndsTheCommandWithExitCodeFiveAndTheCallThatFailed() {
        CounterRegistry registry = CounterRegistry.of(List.of(
                new FloorProvider(CounterKind.THREAD_TIMES), new FailingProvider(CounterKind.PERFORMANCE)));
        Cli.Result result = Cli.run(registry, "isolation", "--threads", "1", "--runs", "1", "--iterations", "1000", "-q");
        assertEquals(CountersCommand.EXIT_FAILURE, result.exitCode(), result.toString());
        assertTrue(result.err().contains(FailingProvider.API) && result.err().contains("22"), result.err());
        assertTrue(result.err().lines().noneMatch(line -> line.matches("^\\s+at [\\w.$/]+\\(.*")), result.err());
        assertEquals("", result.out());
    }

    /** An error that is neither the user's nor a task's ends the command with exit code 5: 1 would read as a regression. */
    @Test
    void anErrorOfTheJvmOrTheLibraryIsExitCodeFiveNeverTheJvmsOne() {
        CounterRegistry registry = CounterRegistry.of(List.of(new FloorProvider(CounterKind.THREAD_TIMES),
                FailingProvider.throwing(new InternalError("a broken intrinsic"), CounterKind.PERFORMANCE)));
        Cli.Result result = Cli.run(registry, "isolation", "--threads", "1", "--runs", "1", "--iterations", "1000", "-q");
        assertEquals(CountersCommand.EXIT_FAILURE, result.exitCode(), result.toString());
        assertTrue(result.err().contains("counters isolation: failed: java.lang.InternalError: a broken intrinsic"), result.err());
    }

    /** A short {@code counters cost} with {@code options}, over PERFORMANCE and HIGH_PERFORMANCE that work and {@code failing}, which fails. */
    private static Cli.Result quickCost(CounterKind failing, String... options) {
        CounterRegistry registry = CounterRegistry.of(List.of(
                new FloorProvider(CounterKind.PERFORMANCE, CounterKind.HIGH_PERFORMANCE), new FailingProvider(failing)));
        List<String> args = new java.util.ArrayList<>(List.of("cost", "--batches", "1", "--pairs", "1000", "--budget", "10ms", "-q"));
        args.addAll(List.of(options));
        return Cli.run(registry, args.toArray(new String[0]));
    }
}
