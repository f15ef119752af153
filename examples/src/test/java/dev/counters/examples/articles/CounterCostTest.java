package dev.counters.examples.articles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.Counter;
import dev.counters.CounterInfo;
import dev.counters.Counters;
import dev.counters.examples.articles.CounterCost.Cost;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each printed cost against the test's own timing of the same calls: 10,000 start()/stop() pairs
 * timed with System.nanoTime, fastest of three rounds, must agree with the example's figure within
 * a factor of ten either way (generous: both are the least disturbed of a few rounds, on a machine
 * that may be busy). No speed is asserted; JMH benchmarks prove speed.
 */
class CounterCostTest {
    private static final double FACTOR = 10;

    @Test
    void eachCostAgreesWithAnIndependentTimingOfTheSameCalls() {
        List<Cost> costs = CounterCost.measure();
        String printed = CounterCost.format(costs);
        System.out.print(printed);
        List<CounterInfo> available = Counters.available();
        assertEquals(available.size() + 2, costs.size(), costs.toString());
        for (CounterInfo info : available) {
            Cost cost = costs.stream().filter(c -> c.kind().equals(info.kind().name())).findFirst().orElseThrow();
            double truth = nanosPerPair(Counters.create(info.kind()));
            assertTrue(cost.nanosPerPair() > truth / FACTOR && cost.nanosPerPair() < truth * FACTOR,
                    info.kind() + ": the example says " + cost.nanosPerPair() + " ns a pair, the test measured " + truth);
            assertTrue(cost.emptyIntervalNanos() >= 0, cost.toString());
            assertTrue(printed.lines().anyMatch(l -> l.startsWith(info.kind().name() + " ") && l.endsWith(info.source())
                    && l.contains(info.binding().toString())), info.kind() + " in\n" + printed);
        }
        Cost nanoTime = costs.get(costs.size() - 2);
        assertEquals("System.nanoTime()", nanoTime.kind());
        double truth = nanoTimePairs();
        assertTrue(nanoTime.nanosPerPair() > truth / FACTOR && nanoTime.nanosPerPair() < truth * FACTOR, nanoTime + " against " + truth);
        assertTrue(printed.contains("System.nanoTime()") && printed.contains("ThreadMXBean.getCurrentThreadCpuTime()"), printed);
    }

    private static double nanosPerPair(Counter counter) {
        double fastest = Double.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long started = System.nanoTime();
            for (int i = 0; i < 10_000; i++) {
                counter.start();
                counter.stop();
            }
            fastest = Math.min(fastest, (System.nanoTime() - started) / 10_000.0);
        }
        return fastest;
    }

    private static double nanoTimePairs() {
        double fastest = Double.MAX_VALUE;
        long sink = 0;
        for (int round = 0; round < 3; round++) {
            long started = System.nanoTime();
            for (int i = 0; i < 10_000; i++) {
                sink += System.nanoTime() - System.nanoTime();
            }
            fastest = Math.min(fastest, (System.nanoTime() - started) / 10_000.0);
        }
        return sink == 42 ? fastest + 1 : fastest;
    }
}
