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
 * Each printed cost against the test's own timing of the same calls: 2,000 start()/stop() pairs
 * timed with System.nanoTime, fastest of ten rounds after a warm-up round, must agree with the example's figure within
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
        for (int round = 0; round <= 10; round++) {
            int pairs = round == 0 ? 20_000 : 2_000;    // round 0 warms the loop up
            long started = System.nanoTime();
            for (int i = 0; i < pairs; i++) {
                counter.start();
                counter.stop();
            }
            if (round > 0) {
                fastest = Math.min(fastest, (System.nanoTime() - started) / (double) pairs);
            }
        }
        return fastest;
    }

    private static double nanoTimePairs() {
        double fastest = Double.MAX_VALUE;
        long sink = 0;
        for (int round = 0; round <= 10; round++) {
            int pairs = round == 0 ? 20_000 : 2_000;
            long started = System.nanoTime();
            for (int i = 0; i < pairs; i++) {
                sink += System.nanoTime() - System.nanoTime();
            }
            if (round > 0) {
                fastest = Math.min(fastest, (System.nanoTime() - started) / (double) pairs);
            }
        }
        return sink == 42 ? fastest + 1 : fastest;
    }
}
