package dev.counters.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.measure.ClockComparison;
import dev.counters.measure.PreparationStep;
import dev.counters.measure.internal.CostlyClock;
import dev.counters.measure.internal.Duet;
import dev.counters.measure.internal.FakeThreadControl;
import dev.counters.measure.internal.Sink;
import dev.counters.testing.FakeCounters;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Compare.Order#DUET} over fake clocks: every thread has clocks of its own, which only its
 * own runs advance, so each worker's counters see exactly what the task it ran did there.
 * A task's failure, a worker that cannot be set up and an interrupt are in {@link CompareDuetFailuresTest}.
 */
@Timeout(60)
class CompareDuetTest extends CompareDuetFixture {
    @Test
    void theWorkersSwapSidesEveryPairAndBOverAIsTakenOnEither() {
        CompareResult result = duet(task(aThreads, 1000), task(bThreads, 1500)).minPairs(16).run();
        assertEquals(16, result.pairs());
        // 16 pairs are 8 couples: they reach 99% but not the stricter 99.9% of an early decision: the (zero-width) target stops it
        assertEquals(Compare.StopReason.TARGET, result.stoppedBy());
        assertEquals(Compare.Order.DUET, result.order());
        assertEquals(16, aThreads.size());
        assertEquals(16, bThreads.size());
        boolean[] aOnWorkerOne = result.aRanFirst();
        for (int i = 0; i < 16; i++) {
            assertEquals(aOnWorkerOne[i] ? 1 : 2, worker(aThreads.get(i)), "A's worker in pair " + i);
            assertEquals(aOnWorkerOne[i] ? 2 : 1, worker(bThreads.get(i)), "B's worker in pair " + i);
            assertFalse(aThreads.get(i).isAlive(), "joined before run() returned");
        }
        int blocksWithAOnWorkerOneFirst = 0;
        for (int i = 0; i < 16; i += 2) {
            assertTrue(aOnWorkerOne[i] != aOnWorkerOne[i + 1], "each block is a couple of pairs that swap sides: pair " + i);
            blocksWithAOnWorkerOneFirst += aOnWorkerOne[i] ? 1 : 0;
        }
        for (int i = 0; i < 16; i += 4) {
            assertTrue(aOnWorkerOne[i] != aOnWorkerOne[i + 2], "a round holds each side first once: round " + i / 4);
        }
        assertEquals(4, blocksWithAOnWorkerOneFirst, "right after the probe, A is on worker 1 in half the blocks");
        assertSame(worker(aThreads.get(0)) == 1 ? aThreads.get(0) : bThreads.get(0),
                worker(aThreads.get(2)) == 1 ? aThreads.get(2) : bThreads.get(2), "the same two workers throughout");
        for (ClockComparison clock : result.clocks()) {
            assertEquals(8, clock.ratios().length, "judged a couple of pairs at a time");
            for (double ratio : clock.ratios()) {
                assertEquals(1.5, ratio, 1e-12, clock.toString());
            }
            assertEquals(Verdict.SLOWER, clock.verdict());
        }
        assertEquals(1000, result.wall().medianA());
        assertEquals(1500, result.threadCpu().medianB(), "B's 1500 ns on the CPU, as its worker's own clock saw it");
        assertEquals(8, result.noise().referenceWall().count(), "one noise sample per two pairs, as in ALTERNATING");
        assertEquals(32, result.noise().load().runs());
        String text = result.toString();
        assertTrue(text.contains("16 pairs (duet order)"), text);
        assertTrue(text.contains("pin worker 1: pinned to CPU 2"), text);
    }

    @Test
    void theWorkersAreDaemonsEvenWhenTheCallerIsNot() throws InterruptedException {
        // a thread starts as a daemon if its creator is one: the caller here is not
        Thread caller = new Thread(() -> duet(task(aThreads, 1000), task(bThreads, 1000)).minPairs(8).run(), "not a daemon");
        caller.setDaemon(false);
        caller.start();
        caller.join();
        assertEquals(8, aThreads.size());
        assertTrue(aThreads.get(0).isDaemon() && aThreads.get(1).isDaemon(), "a task that hangs cannot keep the JVM alive");
    }

    @Test
    void eachWorkerIsPinnedToOneOfTheLastTwoCpusOnItsOwnThread() {
        CompareResult result = duet(task(aThreads, 1000), task(bThreads, 1000)).minPairs(8).run();
        assertEquals(List.of("pin 2", "pin 3"), control.log, "the caller may use CPUs 0-3");
        assertEquals(2, result.preparation().size());
        PreparationStep first = result.preparation().get(0);
        assertEquals("pin worker 1", first.action());
        assertTrue(first.applied());
        assertTrue(first.description().startsWith("pinned to CPU 2"), first.description());
        assertEquals("pin worker 2", result.preparation().get(1).action());
        assertTrue(result.preparation().get(1).description().startsWith("pinned to CPU 3"), result.preparation().toString());
        assertEquals(2, worker(control.pinnedOn), "worker 2 pinned last, on its own thread");

        control.log.clear();
        control.affinity = new int[] {0, 1};
        assertTrue(duet(task(aThreads, 1000), task(bThreads, 1000)).minPairs(8).run().preparation().get(1).applied());
        assertEquals(List.of("pin 0", "pin 1"), control.log, "two CPUs are enough");
    }

    @Test
    void withoutAControlGivenThePlatformsPinsTheWorkersOrSaysWhyNot() {
        CompareResult result = withThePlatformsControl(task(aThreads, 1000), task(bThreads, 1000)).minPairs(8).run();
        assertEquals(List.of("pin worker 1", "pin worker 2"),
                result.preparation().stream().map(PreparationStep::action).toList());
        assertFalse(result.preparation().get(0).description().isEmpty());
        assertEquals(List.of(), control.log);
    }

    @Test
    void eachWorkerWarmsItsOwnCountersBeforeTheFirstPair() {
        Map<Thread, AtomicInteger> reads = new ConcurrentHashMap<>();
        CompareResult result = duet(task(aThreads, 1000), task(bThreads, 1000)).minPairs(8)
                .wallCounter(() -> {
                    AtomicInteger count = reads.computeIfAbsent(Thread.currentThread(), thread -> new AtomicInteger());
                    CostlyClock clock = wall.get();
                    return FakeCounters.nanoseconds(() -> {
                        count.incrementAndGet();
                        return clock.read();
                    });
                }).run();
        assertEquals(8, result.pairs());
        Thread worker1 = aThreads.get(0);
        assertEquals(2 * (Duet.WORKER_WARM_UP_PASSES + 8), reads.get(worker1).get(), "a start and a stop per pass");
    }

    @Test
    void whereNoWorkerCanBePinnedTheResultSaysWhyAndTheComparisonGoesOn() {
        control.affinity = new int[] {1};
        CompareResult oneCpu = duet(task(aThreads, 1000), task(bThreads, 2000)).minPairs(8).run();
        assertEquals(2.0, oneCpu.threadCpu().ratio(), 1e-12);
        for (PreparationStep step : oneCpu.preparation()) {
            assertFalse(step.applied());
            assertEquals("not applied: the calling thread may use CPU(s) [1] only, and two workers need two",
                    step.description());
        }
        assertEquals(List.of(), control.log);

        FakeThreadControl unavailable = new FakeThreadControl() {
            @Override
            public Optional<String> unavailableReason() {
                return Optional.of("no sched_setaffinity here");
            }
        };
        CompareResult noControl = duet(task(aThreads, 1000), task(bThreads, 2000)).minPairs(16).instruments(i -> i.withThreadControl(unavailable)).run();
        assertEquals("pin worker 2: not applied: fake: no sched_setaffinity here", noControl.preparation().get(1).toString());
        assertEquals(List.of(), unavailable.log);

        FakeThreadControl unreadable = new FakeThreadControl() {
            @Override
            public int[] allowedCpus() {
                throw new IllegalStateException("sched_getaffinity failed");
            }
        };
        CompareResult unread = duet(task(aThreads, 1000), task(bThreads, 2000)).minPairs(16).instruments(i -> i.withThreadControl(unreadable)).run();
        assertEquals("not applied: cannot read the CPUs this thread may use (sched_getaffinity failed)",
                unread.preparation().get(0).description());
        assertEquals(Verdict.SLOWER, unread.verdict());
    }

    @Test
    void aDifferenceBetweenTheTwoCpusLandsOnAThenOnBInTurn() {
        // worker 2's CPU is 10% slower: with equal work a pair's ratio is 1.1 with B there, 1 / 1.1 with A there
        ToLongFunction<Thread> slowOnTwo = thread -> worker(thread) == 2 ? 1100 : 1000;
        Task a = task(aThreads, slowOnTwo::applyAsLong);
        Task b = task(bThreads, slowOnTwo::applyAsLong);
        CompareResult result = duet(a, b).minPairs(16).target(0.2).run();
        assertEquals(Compare.StopReason.TARGET, result.stoppedBy());
        double[] ratios = result.wall().ratios();
        assertEquals(8, ratios.length, "16 pairs judged as 8 couples");
        for (double ratio : ratios) {
            assertEquals(1, ratio, 1e-12, "pair by pair 1.1 with B on the slow CPU, 1 / 1.1 with A there: each couple cancels it");
        }
        assertEquals(Verdict.INDISTINGUISHABLE, result.wall().verdict(), result.wall().toString());
        assertEquals(Math.sqrt(1000 * 1100), result.wall().timesA()[0], 1e-9, "a couple's runs are taken as their geometric mean");
    }

    @Test
    void bothTasksRunAtTheSameTime() {
        // Each run waits for the other task's run of the same pair: run one after the other, they would never meet.
        Map<Integer, CountDownLatch> meetings = new ConcurrentHashMap<>();
        AtomicInteger aRuns = new AtomicInteger();
        AtomicInteger bRuns = new AtomicInteger();
        CompareResult result = duet(meeting(meetings, aRuns, aThreads), meeting(meetings, bRuns, bThreads)).minPairs(8).run();
        assertEquals(8, result.pairs());
        assertEquals(8, meetings.size());
        for (int i = 0; i < 8; i++) {
            assertNotSame(aThreads.get(i), bThreads.get(i));
        }
    }

    private Task meeting(Map<Integer, CountDownLatch> meetings, AtomicInteger runs, List<Thread> threads) {
        return () -> {
            threads.add(Thread.currentThread());
            CountDownLatch meeting = meetings.computeIfAbsent(runs.getAndIncrement(), pair -> new CountDownLatch(2));
            meeting.countDown();
            if (!meeting.await(20, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the other task did not run meanwhile");
            }
            work(1000);
            return null;
        };
    }

    @Test
    void withFewerThanTwoCpusItRefusesAndSaysWhatToUse() {
        AtomicInteger runs = new AtomicInteger();
        Task counted = () -> {
            runs.incrementAndGet();
            work(1000);
            return null;
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> duet(counted, counted).instruments(i -> i.withProcessors(() -> 1)).run());
        assertTrue(e.getMessage().startsWith("Order.DUET runs A and B at the same time on two threads, each on a CPU of its "
                + "own, but this JVM may use 1 CPU"), e.getMessage());
        assertTrue(e.getMessage().contains("Use Order.ALTERNATING"), e.getMessage());
        assertEquals(0, runs.get(), "nothing ran");
        CompareResult alternating = duet(counted, counted).instruments(i -> i.withProcessors(() -> 1)).order(Compare.Order.ALTERNATING).minPairs(8).run();
        assertEquals(8, alternating.pairs(), "one CPU is enough to run in turn");
        assertNotEquals(0, runs.get());
    }

    @Test
    void bothWorkersFeedTheSink() {
        Sink sink = new Sink();
        duet(() -> {
            work(10);
            return "a";
        }, () -> {
            work(10);
            return 42;
        }).instruments(i -> i.withSink(sink)).minPairs(8).run();
        assertTrue(sink.toString().equals("Sink (last object consumed: String)")
                || sink.toString().equals("Sink (last object consumed: Integer)"), sink.toString());
    }
}
