package dev.counters.measure;

import dev.counters.measure.internal.stats.Ratios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.ClockComparison;
import dev.counters.measure.MedianInterval;
import dev.counters.measure.internal.CostlyCpuTimes;
import dev.counters.measure.internal.Sink;
import dev.counters.testing.FakeCounters;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Compare over fake clocks: each task advances wall and CPU time by a known amount, so every
 * ratio, interval and verdict is known exactly. When a comparison stops is in {@link CompareStoppingTest}.
 */
class CompareTest extends CompareFixture {
    @Test
    void bExactly105PercentOfAIsSlowerByThatRatioOnEveryClock() {
        CompareResult result = compare(task('A', 1_000_000, 800_000), task('B', 1_050_000, 840_000)).run();
        for (ClockComparison clock : result.clocks()) {
            assertEquals(1.05, clock.ratio(), 1e-12, clock.toString());
            assertEquals(1.05, clock.interval().low(), 1e-12);
            assertEquals(1.05, clock.interval().high(), 1e-12);
            assertEquals(Verdict.SLOWER, clock.verdict());
            assertEquals(Compare.DEFAULT_MIN_PAIRS, clock.pairs());
        }
        assertEquals(CompareResult.WALL, result.wall().clock());
        assertEquals(CompareResult.THREAD_CPU, result.threadCpu().clock());
        assertEquals(1_000_000, result.wall().medianA());
        assertEquals(840_000, result.threadCpu().medianB());
        assertEquals(Compare.StopReason.DECIDED, result.stoppedBy());
        assertEquals(Compare.DEFAULT_MIN_PAIRS, result.pairs());
        assertEquals(Compare.DEFAULT_MIN_PAIRS, result.minPairs());
    }

    @Test
    void equalTasksAreIndistinguishableAndAFasterBIsFaster() {
        assertEquals(Verdict.INDISTINGUISHABLE, compare(task('A', 1000, 1000), task('B', 1000, 1000)).run().wall().verdict());
        CompareResult faster = compare(task('A', 2000, 2000), task('B', 1000, 500)).run();
        assertEquals(Verdict.FASTER, faster.wall().verdict());
        assertEquals(0.5, faster.wall().ratio(), 1e-12);
        assertEquals(0.25, faster.threadCpu().ratio(), 1e-12);
    }

    @Property(tries = 20)
    void swappingTheTasksGivesTheReciprocalRatio(@ForAll @IntRange(min = 1, max = 5000) int aMicros,
            @ForAll @IntRange(min = 1, max = 5000) int bMicros) {
        double ratio = compare(task('A', aMicros * 1000L, aMicros * 1000L), task('B', bMicros * 1000L, bMicros * 1000L))
                .run().wall().ratio();
        double swapped = compare(task('B', bMicros * 1000L, bMicros * 1000L), task('A', aMicros * 1000L, aMicros * 1000L))
                .run().wall().ratio();
        assertEquals(1 / ratio, swapped, 1e-12 * swapped);
    }

    @Test
    void eachRoundRunsABBAAndBAABInARandomOrderEachTimedRunReWarmedAfterAnythingElseRan() {
        java.util.Set<String> rounds = new java.util.HashSet<>();
        for (long seed = 0; seed < 8; seed++) {
            order.setLength(0);
            java.util.SplittableRandom draws = new java.util.SplittableRandom(seed);
            CompareResult result = compare(task('A', 1000, 1000), task('B', 1000, 1000)).minPairs(8)
                    .instruments(i -> i.withRandom(draws)).run();
            assertEquals(8, result.pairs());
            // A block A B B A is re-warm A, A, re-warm B, B, re-warm B, B, re-warm A, A: every timed run follows its own.
            String abba = "AABBBBAA";
            String baab = "BBAAAABB";
            String runs = order.toString();
            assertEquals(4 * abba.length(), runs.length(), runs);
            for (int round = 0; round < 2; round++) {
                String first = runs.substring(2 * round * abba.length(), (2 * round + 1) * abba.length());
                String second = runs.substring((2 * round + 1) * abba.length(), (2 * round + 2) * abba.length());
                assertTrue(first.equals(abba) && second.equals(baab) || first.equals(baab) && second.equals(abba), runs);
                rounds.add(first);
            }
            boolean[] aFirst = result.aRanFirst();
            for (int round = 0; round < 2; round++) {
                int aFirstPairs = 0;
                for (int pair = 4 * round; pair < 4 * round + 4; pair++) {
                    aFirstPairs += aFirst[pair] ? 1 : 0;
                }
                assertEquals(2, aFirstPairs, "each round is balanced");
            }
            assertEquals(Compare.Order.ALTERNATING, result.order());
        }
        assertEquals(java.util.Set.of("AABBBBAA", "BBAAAABB"), rounds, "either order may open a round");
    }

    @Test
    void runsThatPaidForACollectionAreCountedPerTaskAndKept() {
        Task a = task('A', 1000, 1000);
        Task collecting = () -> {
            System.gc();
            return a.run();
        };
        CompareResult result = compare(collecting, task('B', 1000, 1000)).minPairs(8).run();
        assertEquals(result.pairs(), result.collectedRunsA(), "System.gc() in every run of A");
        assertEquals(0, result.collectedRunsB());
        assertEquals(result.pairs(), result.wall().pairs(), "no pair is left out for its collection");
        assertTrue(result.toString().contains("runs that paid for a garbage collection (kept): 8 of A's, 0 of B's"),
                result.toString());
    }

    @Test
    void theRatioOfAPairIsTakenWhicheverRanFirst() {
        // A's runs take 1000 and 3000 ns in turn, block by block (a block, re-warming runs included, is 8 runs long);
        // B always takes twice the A run it is paired with.
        Task a = () -> {
            long nanos = order.length() / 8 % 2 == 0 ? 1000 : 3000;
            order.append('A');
            wall.advance(nanos);
            cpu.advance(0, nanos);
            return null;
        };
        Task b = () -> {
            long nanos = order.length() / 8 % 2 == 0 ? 2000 : 6000;
            order.append('B');
            wall.advance(nanos);
            cpu.advance(0, nanos);
            return null;
        };
        CompareResult result = compare(a, b).minPairs(8).run();
        for (double ratio : result.wall().ratios()) {
            assertEquals(2, ratio, 1e-12);
        }
        assertEquals(1000, result.wall().timesA()[0]);
        assertEquals(3000, result.wall().timesA()[2]);
        assertEquals(6000, result.wall().timesB()[3]);
    }

    @Test
    void sequentialOrderRunsAllOfAThenAsManyOfB() {
        CompareResult result = compare(task('A', 1_000_000, 1_000_000), task('B', 1_100_000, 1_100_000))
                .order(Compare.Order.SEQUENTIAL).budget(Duration.ofMillis(100)).run();
        String runs = order.toString();
        int as = runs.lastIndexOf('A') + 1;
        assertEquals("A".repeat(as), runs.substring(0, as));
        assertEquals("B".repeat(runs.length() - as), runs.substring(as));
        assertEquals(result.pairs(), runs.length() - as);
        assertTrue(result.pairs() >= 40 && result.pairs() <= as, "pairs " + result.pairs() + " of " + as + " runs of A");
        assertEquals(Compare.StopReason.BUDGET, result.stoppedBy());
        assertEquals(Compare.Order.SEQUENTIAL, result.order());
        assertEquals(1.1, result.wall().ratio(), 1e-12);
        assertTrue(result.elapsed().toNanos() <= Duration.ofMillis(100).toNanos());
        for (boolean aFirst : result.aRanFirst()) {
            assertTrue(aFirst);
        }
    }

    @Test
    void aMarginTurnsATinyDifferenceIntoIndistinguishable() {
        assertEquals(Verdict.SLOWER, compare(task('A', 1_000_000, 1_000_000), task('B', 1_005_000, 1_005_000)).run()
                .wall().verdict());
        CompareResult withMargin = compare(task('A', 1_000_000, 1_000_000), task('B', 1_005_000, 1_005_000)).margin(0.01).run();
        assertEquals(Verdict.INDISTINGUISHABLE, withMargin.wall().verdict());
        assertEquals(0.01, withMargin.margin());
    }

    @Test
    void confidenceChoosesTheRanks() {
        CompareResult result = compare(task('A', 1000, 1000), task('B', 1000, 1000)).confidence(0.9).run();
        assertEquals(0.9, result.confidence());
        assertEquals(MedianInterval.lowerRank(30, 0.9), result.wall().interval().rank());
        assertTrue(result.wall().interval().achievedConfidence() >= 0.9);
    }

    @Test
    void warmsBothTasksUpWithinAQuarterOfTheBudgetEach() {
        CompareResult result = Compare.of(task('A', 1_000_000, 1_000_000), task('B', 1_000_000, 1_000_000))
                .wallCounter(() -> FakeCounters.nanoseconds(wall))
                .threadCounter(() -> FakeCounters.threadTimes(cpu))
                .instruments(i -> i.withNanoClock(wall::read))
                .instruments(i -> i.withProc(path -> List.of()))
                .instruments(i -> i.withCompilationMillis(null))
                .warmUp(Duration.ofSeconds(10))
                .budget(Duration.ofSeconds(4))
                .run();
        assertTrue(result.warmUpA().converged() && result.warmUpB().converged());
        assertEquals(Duration.ofSeconds(1), result.warmUpA().budget());
        assertEquals(Duration.ofSeconds(1), result.warmUpB().budget());
        assertTrue(order.toString().startsWith("AAAAA") || order.toString().startsWith("BBBBB"),
                "one task's warm-up, then the other's (which first is drawn): " + order.substring(0, 10));
        CompareResult shortWarmUp = compare(task('A', 1_000_000, 1_000_000), task('B', 1_000_000, 1_000_000))
                .warmUp(Duration.ofMillis(200)).run();
        assertEquals(Duration.ofMillis(200), shortWarmUp.warmUpB().budget());
        assertEquals(0, compare(task('A', 1, 1), task('B', 1, 1)).run().warmUpA().runs(), "noWarmUp()");
    }

    @Test
    void theResultCarriesTheNoiseReportAndSaysItAll() {
        CompareResult result = compare(task('A', 1000, 1000), task('B', 1500, 1500)).run();
        assertEquals(Compare.DEFAULT_MIN_PAIRS / 2, result.noise().referenceWall().count(), "one timing per ABBA block");
        assertFalse(result.noise().contextSwitchesUnavailable().isEmpty(), "no /proc text was given");
        String text = result.toString();
        assertTrue(text.startsWith("B takes 50.0% more time than A: B/A 1.5000 [1.5000, 1.5000] in thread CPU time"), text);
        assertTrue(text.contains("slower: B takes 50.0% more time than A in thread CPU time (B/A 1.5000 [1.5000, 1.5000] at "
                + "99.29%); wall time agrees: B/A 1.5000 [1.5000, 1.5000]" + System.lineSeparator()
                + "B against A, 32 pairs (alternating order)"), text);
        assertTrue(text.contains("wall: B/A 1.5000 [1.5000, 1.5000] slower (32 pairs, 99."), text);
        assertTrue(text.contains("noise: quiet: run queue not available"), text);
        assertTrue(text.contains("overhead subtracted: wall 0 ns"), text);
        assertTrue(text.contains("warm-up of B: "), text);
        assertEquals(Compare.DEFAULT_TARGET, result.target());
        assertEquals("quiet", result.noise().machine());
        assertEquals(2 * Compare.DEFAULT_MIN_PAIRS, result.noise().load().runs());
        assertSame(result.clocks().get(0), result.wall());
        assertEquals(List.of(), result.preparation(), "only a duet prepares threads");
    }

    @Test
    void aRunOfANoClockCanSeeHasNoRatio() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> compare(task('A', 0, 1000), task('B', 1000, 1000)).run());
        assertTrue(e.getMessage().contains("run 1 of A took 0.0 ns"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Ratios.of(new double[2], new double[3]));
    }

    @Test
    void aFailingTaskIsNamedWithItsRun() {
        Task failing = () -> {
            throw new java.io.IOException("disk gone");
        };
        TaskFailedException e = assertThrows(TaskFailedException.class,
                () -> compare(task('A', 1000, 1000), failing).run());
        assertTrue(e.phase().startsWith("re-warming run of B in pair 1"), "B's first run is its re-warming: " + e.phase());
        TaskFailedException warm = assertThrows(TaskFailedException.class,
                () -> compare(failing, task('B', 1000, 1000)).warmUp(Duration.ofMillis(10)).run());
        assertTrue(warm.phase().startsWith("warm-up run of A"), warm.phase());
    }

    @Test
    void anUncheckedFailureOfATaskIsWrappedAndNamedLikeACheckedOne() {
        Task failing = () -> {
            throw new IllegalStateException("no connection");
        };
        TaskFailedException e = assertThrows(TaskFailedException.class,
                () -> compare(task('A', 1000, 1000), failing).run());
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(e.phase().contains("run of B in pair"), e.phase());
    }

    @Test
    void workOnOtherThreadsShowsInProcessCpuTimeAndIsJudgedOnWallTime() {
        CostlyCpuTimes process = new CostlyCpuTimes(0, 0);
        Task a = () -> {
            wall.advance(1_000_000);
            cpu.advance(0, 1_000_000);
            process.advance(0, 1_000_000);
            return null;
        };
        // B hands three quarters of its work to a pool: its own thread spends 0.5 ms, the process 2 ms, and it ends sooner
        Task b = () -> {
            wall.advance(800_000);
            cpu.advance(0, 500_000);
            process.advance(0, 2_000_000);
            return null;
        };
        CompareResult result = compare(a, b).processCounter(() -> FakeCounters.threadTimes(process)).run();
        assertEquals(0, result.otherThreadShareA(), 1e-9);
        assertEquals(0.75, result.otherThreadShareB(), 1e-9);
        assertEquals(Verdict.FASTER, result.verdict());
        assertSame(result.wall(), result.conclusion().decidedBy(), "thread CPU time misses B's pool: " + result.conclusion());
        assertTrue(result.conclusion().reason().contains("75.0% more of one task's CPU time ran on other threads"),
                result.conclusion().reason());
    }

    @Test
    void aTargetNoOneMeansIsRefusedWithTheShareTheyProbablyMeant() {
        Compare c = compare(() -> null, () -> null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.target(0.5));
        assertTrue(e.getMessage().contains("did you mean 0.005 (0.5%)?"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> c.budget(Duration.ofNanos(3)));
        c.target(Compare.MAX_TARGET).budget(Compare.MIN_BUDGET);
    }

    @Test
    void badSettingsAreRefusedWithTheReason() {
        Task t = () -> null;
        assertThrows(NullPointerException.class, () -> Compare.of(null, t));
        assertThrows(NullPointerException.class, () -> Compare.of(t, null));
        Compare c = Compare.of(t, t);
        assertThrows(IllegalArgumentException.class, () -> c.budget(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> c.budget(Duration.ofSeconds(-1)));
        assertThrows(IllegalArgumentException.class, () -> c.target(0));
        assertThrows(IllegalArgumentException.class, () -> c.target(1));
        assertThrows(IllegalArgumentException.class, () -> c.confidence(0.49));
        assertThrows(IllegalArgumentException.class, () -> c.confidence(1));
        assertThrows(IllegalArgumentException.class, () -> c.margin(-0.01));
        assertThrows(IllegalArgumentException.class, () -> c.margin(1));
        assertThrows(IllegalArgumentException.class, () -> c.minPairs(7));
        assertThrows(IllegalArgumentException.class, () -> c.warmUp(Duration.ZERO));
        assertThrows(NullPointerException.class, () -> c.order(null));
        assertThrows(NullPointerException.class, () -> c.instruments(i -> i.withSink(null)));
        c.confidence(0.5).target(0.2).margin(0).minPairs(8);
    }

    @Test
    void theSinkGetsEveryResult() {
        Sink sink = new Sink();
        compare(() -> {
            wall.advance(10);
            cpu.advance(0, 10);
            return "a";
        }, () -> {
            wall.advance(10);
            cpu.advance(0, 10);
            return 42;
        }).instruments(i -> i.withSink(sink)).run();
        assertTrue(sink.toString().matches("Sink \\(last object consumed: (String|Integer)\\)"),
                "a result of A or B, whichever ran last (the warm-up order is drawn): " + sink);
    }
}
