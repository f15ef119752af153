package dev.counters.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareResult;
import dev.counters.measure.CompareSuite;
import dev.counters.measure.GateOutcome;
import dev.counters.measure.Task;
import dev.counters.measure.Verdict;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Test classes run by JUnit's own engine, as a build runs them, with comparisons whose truth is
 * their construction: B doing three times A's work regresses, a third of it passes, tasks too long
 * for the budget to hold eight pairs (the fewest a 99% interval needs) cannot tell. On a machine
 * so busy that a comparison built to decide could not, the test is aborted with the reason, as the
 * assertion under test aborts its own: a decided comparison must decide right, and none is forced.
 */
class CompareAssertionsTest {
    /** A serial xorshift chain the JIT can neither vectorise nor fold. */
    static long work(long steps) {
        long x = 0x9E3779B97F4A7C15L;
        for (long i = 0; i < steps; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /** A run of a fifth of a second: eight pairs of it cannot fit in a budget of one second. */
    static Object asleep() throws InterruptedException {
        Thread.sleep(200);
        return work(1_000);
    }

    static Compare comparison(long stepsA, long stepsB, Duration budget) {
        return Compare.of(() -> work(stepsA), () -> work(stepsB)).budget(budget);
    }

    /** The results the test classes saw, to hold their outcomes to. */
    static volatile CompareResult lastResult;

    static class Regressing {
        @Test
        void bDoesThreeTimesTheWork() {
            lastResult = comparison(20_000, 60_000, Duration.ofSeconds(4)).margin(0.05).run();
            CompareAssertions.assertNotSlower(lastResult, 0.05);
        }
    }

    static class Passing {
        @Test
        void bDoesAThirdOfTheWork() {
            lastResult = CompareAssertions.assertNotSlower(comparison(60_000, 20_000, Duration.ofSeconds(4)), 0.05);
        }
    }

    static class Undecided {
        @Test
        void eachRunIsTooLongForEightPairsInTheBudget() {
            CompareAssertions.assertNotSlower(Compare.of(CompareAssertionsTest::asleep, CompareAssertionsTest::asleep)
                    .budget(Duration.ofSeconds(1)), 0.05);
        }
    }

    private static Events run(Class<?> testClass) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(testClass)).execute().testEvents();
    }

    /** Asserts how the one test of {@code events} ended: "failed", "aborted" or "succeeded", saying why otherwise. */
    private static void assertEnded(String expected, Events events) {
        String why = events.finished().stream().map(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .map(r -> r.getStatus() + r.getThrowable().map(t -> ": " + t.getMessage()).orElse("")).orElse("?"))
                .collect(java.util.stream.Collectors.joining("; "));
        assertEquals(1, events.started().count(), why);
        Assumptions.assumeFalse(!expected.equals("aborted") && events.aborted().count() == 1,
                () -> "the machine was too busy for the comparison to decide; nothing shown either way: " + why);
        assertEquals(1, expected.equals("failed") ? events.failed().count() : expected.equals("aborted")
                ? events.aborted().count() : events.succeeded().count(), "expected " + expected + ", was " + why);
    }

    private static Throwable thrown(Event event) {
        return event.getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow().getThrowable()
                .orElseThrow();
    }

    /**
     * The failure {@code assertion} throws; an abort (the comparison could not tell, on a machine
     * too busy) aborts this test too, saying so.
     */
    private static AssertionFailedError failureOf(Runnable assertion) {
        try {
            assertion.run();
        } catch (AssertionFailedError failure) {
            return failure;
        }
        throw new AssertionFailedError("the assertion passed where it should have failed");
    }

    @Test
    void aRegressionFailsTheTestWithTheResultsSummaryAsMessage() {
        Events events = run(Regressing.class);
        assertEnded("failed", events);
        Throwable failure = thrown(events.failed().list().get(0));
        assertEquals(AssertionFailedError.class, failure.getClass(), String.valueOf(failure));
        assertEquals(GateOutcome.REGRESSED, lastResult.gateOutcome(), lastResult.toString());
        assertEquals(lastResult.summary(), failure.getMessage());
    }

    @Test
    void aFasterBPassesAndReturnsTheResult() {
        assertEnded("succeeded", run(Passing.class));
        assertEquals(Verdict.FASTER, lastResult.verdict(), lastResult.toString());
        assertEquals(0.05, lastResult.margin());
    }

    @Test
    void anUndecidedComparisonAbortsTheTestSayingWhy() {
        Events events = run(Undecided.class);
        assertEnded("aborted", events);
        Throwable abort = thrown(events.aborted().list().get(0));
        assertEquals(TestAbortedException.class, abort.getClass());
        assertTrue(abort.getMessage().startsWith("Assumption failed: The comparison could not tell: Too few measurements"),
                abort.getMessage());
    }

    @Test
    void aResultJudgedWithAnotherMarginIsRefused() {
        CompareResult result = comparison(60_000, 20_000, Duration.ofSeconds(1)).margin(0.01).run();
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> CompareAssertions.assertNotSlower(result, 0.02));
        assertTrue(refused.getMessage().startsWith("the result was judged with a margin of 1%, not the 2% asked"),
                refused.getMessage());
        assertEquals(result, CompareAssertions.assertNotSlower(result, 0.01));
    }

    @Test
    void assertFasterFailsOnASlowerB() {
        AssertionFailedError failure = failureOf(
                () -> CompareAssertions.assertFaster(comparison(20_000, 60_000, Duration.ofSeconds(4)), 0.05));
        assertTrue(failure.getMessage().startsWith("B is not faster than A by more than 5%: B takes "), failure.getMessage());
    }

    /** Task classes of this JVM for a suite of pairs: B does three times A's work. */
    public static final class Once implements Task {
        @Override
        public Object run() {
            return work(20_000);
        }
    }

    public static final class Thrice implements Task {
        @Override
        public Object run() {
            return work(60_000);
        }
    }

    @Test
    void aSuiteWithARegressedTaskFailsNamingIt() {
        AssertionFailedError failure = failureOf(() -> CompareAssertions.assertNotSlower(
                CompareSuite.ofPairs().pair("thrice", Once.class, Thrice.class).forks(0).budget(Duration.ofSeconds(4)), 0.05));
        assertTrue(failure.getMessage().startsWith("REGRESSED: 1 of 1 tasks regressed beyond a margin of 5.0% (thrice)"),
                failure.getMessage());
        assertTrue(failure.getMessage().contains("\n  thrice: B takes "), failure.getMessage());
    }
}
